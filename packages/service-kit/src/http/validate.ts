import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parse untrusted input (body, query, params, event payload) with its contract schema.
 * A failure is a 400 naming the first bad field; nothing unparsed reaches a query.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const unstorable = unstorableText(value, []);
  if (unstorable) throw badRequest(`${unstorable.length ? `${unstorable.join('.')}: ` : ''}${UNSTORABLE_TEXT_MESSAGE}`);
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw badRequest(`${where}${issue?.message ?? 'Invalid input'}`);
  }
  return result.data;
}

export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates';

// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path of the first string (or key) that no database can store as text: a NUL (U+0000, which
 * PostgreSQL refuses) or an unpaired UTF-16 surrogate (which is not Unicode text and cannot be
 * encoded into a URL or UTF-8). Checked for every input before its schema, so such a value is a
 * 400 wherever it is sent, never a 500 from the database or a 503 from a call it breaks.
 */
function unstorableText(value: unknown, path: string[]): string[] | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...path, '(key)'];
    const found = unstorableText(inner, [...path, key]);
    if (found) return found;
  }
  return undefined;
}
