import { z } from 'zod';
import { HttpError } from '../src/http/errors';
import { parse, UNSTORABLE_TEXT_MESSAGE } from '../src/http/validate';

// No input reaches a schema, a query or another service with text no database can store: a NUL
// (PostgreSQL refuses it) or an unpaired surrogate (not Unicode; encodeURIComponent throws on it).
const Persona = z.object({ name: z.string(), tags: z.array(z.string()).optional() });

function refusal(value: unknown): HttpError {
  try {
    parse(Persona, value);
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('parse accepted it');
}

describe('parse refuses text no database can store, with a 400 naming where', () => {
  test.each([
    ['a NUL in a field', { name: 'a\u0000b' }, 'name'],
    ['an unpaired high surrogate', { name: 'ดาว\uD83D' }, 'name'],
    ['an unpaired low surrogate inside a list', { name: 'ดาว', tags: ['ok', '\uDE00x'] }, 'tags.1'],
    ['a NUL in a key', { name: 'ดาว', ['k\u0000']: 1 }, '(key)'],
  ])('%s', (_what, value, where) => {
    const error = refusal(value);
    expect(error.status).toBe(400);
    expect(error.message).toBe(`${where}: ${UNSTORABLE_TEXT_MESSAGE}`);
  });

  test('Thai text and paired surrogates (emoji) pass untouched', () => {
    expect(parse(Persona, { name: 'น้ำใจงาม 🌊', tags: ['😀'] })).toEqual({ name: 'น้ำใจงาม 🌊', tags: ['😀'] });
  });
});

describe('parse walks a deeply nested input without recursion', () => {
  // JSON.parse accepts a body nested thousands of levels deep; the walk before the schema must
  // neither overflow the stack (a 500) nor copy its path at every level (seconds of blocked loop).
  const nested = (depth: number, leaf: unknown) => {
    let value: unknown = leaf;
    for (let i = 0; i < depth; i += 1) value = { a: [value] };
    return value;
  };

  test('an extra field nested 20 000 levels deep is dropped by the schema, not a stack overflow', () => {
    expect(parse(Persona, { name: 'ดาว', extra: nested(20_000, 'x') })).toEqual({ name: 'ดาว' });
  });

  test('a NUL at the bottom of 20 000 levels is a 400 naming both ends of its path', () => {
    const error = refusal({ name: 'ดาว', extra: nested(20_000, 'a\u0000b') });
    expect(error.status).toBe(400);
    expect(error.message).toBe(`extra.a.0.a.0.a.….0.a.0.a.0: ${UNSTORABLE_TEXT_MESSAGE}`);
  });
});
