import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parse untrusted input (body, query, params, event payload) with its contract schema.
 * A failure is a 400 naming the first bad field; nothing unparsed reaches a query.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const unstorable = unstorableText(value);
  if (unstorable) throw badRequest(`${unstorable.length ? `${shortPath(unstorable)}: ` : ''}${UNSTORABLE_TEXT_MESSAGE}`);
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw badRequest(`${where}${issue?.message ?? 'Invalid input'}`);
  }
  return result.data;
}

/** A path as the message names it; a very deep one keeps its ends. */
function shortPath(path: string[]): string {
  return path.length <= 12 ? path.join('.') : `${path.slice(0, 6).join('.')}.….${path.slice(-5).join('.')}`;
}

export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates';

// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path of the first string (or key) that no database can store as text: a NUL (U+0000, which
 * PostgreSQL refuses) or an unpaired UTF-16 surrogate (which is not Unicode text and cannot be
 * encoded into a URL or UTF-8). Checked for every input before its schema, so such a value is a
 * 400 wherever it is sent, never a 500 from the database or a 503 from a call it breaks.
 * The walk keeps its own stack and builds a path only for what it finds: JSON.parse accepts a body
 * nested thousands of levels deep, which a recursive walk copying its path at every level turned
 * into seconds of blocked event loop and then a stack overflow (a 500).
 */
function unstorableText(value: unknown): string[] | undefined {
  interface Frame {
    value: unknown;
    key?: string;
    parent?: Frame;
  }
  const pathOf = (frame: Frame | undefined): string[] => {
    const path: string[] = [];
    for (let at = frame; at?.key !== undefined; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const stack: Frame[] = [{ value }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    if (frame.key !== undefined && UNSTORABLE.test(frame.key)) return [...pathOf(frame.parent), '(key)'];
    const current = frame.value;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return pathOf(frame);
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    // Pushed last to first, so entries are visited in order, as the schema reports them.
    const entries = Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, inner] = entries[i] as [string, unknown];
      stack.push({ value: inner, key, parent: frame });
    }
  }
  return undefined;
}
