import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parse untrusted input (body, query, params, event payload) with its contract schema.
 * A failure is a 400 naming the first bad field; nothing unparsed reaches a query.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw badRequest(`${where}${issue?.message ?? 'Invalid input'}`);
  }
  return result.data;
}
