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
