import type { z } from 'zod';
import {
  AdminReportsQuery,
  AuditQuery,
  CalendarQuery,
  CreatePaymentBody,
  MessagesOfChatQuery,
  PublicCharactersQuery,
  PurchaseBody,
  RewindQuery,
  SendMessageBody,
  TransactionsQuery,
} from '../src';

// Strict bodies (bench/README.md "fuzz"): a known field of the
// wrong type or shape is refused (the services answer 400 VALIDATION); an unknown key is dropped,
// so an older service still takes a newer client's body.

const refuses = (schema: z.ZodType, value: unknown) => !schema.safeParse(value).success;

describe('a send carries personaContext only in the shape spec §3 gives it (name, personality, background, appearance)', () => {
  const send = { chatId: 'c1', content: 'สวัสดี', userId: 'u1', clientMessageId: 'client-message-1' };
  const persona = { name: 'จันทร์', personality: 'ใจดี', background: 'ครู', appearance: 'ผมยาว' };

  test.each([
    ['a number', 5],
    ['an empty array', []],
    ['a string', 'จันทร์'],
    ['true', true],
    ['an object without a name', {}],
    ['a number for name', { ...persona, name: 5 }],
    ['a blank name', { ...persona, name: '  ' }],
    ['an array for background', { ...persona, background: ['ครู'] }],
    ['a personality past the persona limit (1 000)', { ...persona, personality: 'ก'.repeat(1001) }],
  ])('refuses personaContext: %s', (_what, personaContext) => {
    expect(refuses(SendMessageBody, { ...send, personaContext })).toBe(true);
  });

  test('takes a persona-shaped personaContext, or null or none (the main identity), and still drops it: the prompt speaks only as a stored persona', () => {
    for (const personaContext of [persona, null, undefined]) {
      const parsed = SendMessageBody.parse({ ...send, personaContext });
      expect(parsed.personaContext).toBeUndefined();
      expect(parsed.content).toBe('สวัสดี');
    }
  });

  test('drops an unknown key of the send and of its personaContext', () => {
    const parsed = SendMessageBody.parse({ ...send, personaContext: { ...persona, mood: 'happy' }, fromANewerClient: 1 });
    expect(parsed).not.toHaveProperty('fromANewerClient');
  });
});

describe('a payment names its package as a string (an unknown key is the wallet\'s "Invalid package selection")', () => {
  test.each([
    ['CreatePaymentBody', CreatePaymentBody],
    ['PurchaseBody', PurchaseBody],
  ] as const)('%s refuses a package that is not a string and takes any string', (_name, schema) => {
    for (const pack of [5, [], ['small'], { small: true }, null, true]) expect(refuses(schema, { package: pack })).toBe(true);
    expect(schema.parse({ package: 'small', extra: 1 })).toEqual({ package: 'small' });
    expect(schema.safeParse({ package: 'nope' }).success).toBe(true);
  });
});

describe('a number in a query string is decimal digits, never coerced from another form', () => {
  const queries: Array<[string, string, z.ZodType, Record<string, string>]> = [
    ['TransactionsQuery', 'limit', TransactionsQuery, {}],
    ['TransactionsQuery', 'before', TransactionsQuery, {}],
    ['MessagesOfChatQuery', 'limit', MessagesOfChatQuery, {}],
    ['RewindQuery', 'count', RewindQuery, { from: 'm1' }],
    ['PublicCharactersQuery', 'seed', PublicCharactersQuery, {}],
    ['PublicCharactersQuery', 'limit', PublicCharactersQuery, {}],
    ['AdminReportsQuery', 'limit', AdminReportsQuery, {}],
    ['AuditQuery', 'limit', AuditQuery, {}],
    ['CalendarQuery', 'month', CalendarQuery, { year: '2030' }],
  ];

  test.each(queries)('%s.%s refuses 0x10, 1e1, 5.0, " 5", "", an array (a repeated key) and non-strings', (_name, key, schema, rest) => {
    for (const value of ['0x10', '1e1', '5.0', ' 5', '5 ', '', '-5', '+5', 'Infinity', ['5', '6'], 5, true, null, {}]) {
      expect([value, refuses(schema, { ...rest, [key]: value })]).toEqual([value, true]);
    }
  });

  test.each(queries)('%s.%s takes "5" as the number 5 and drops an unknown key', (_name, key, schema, rest) => {
    const parsed = schema.parse({ ...rest, [key]: '5', t: '1733212345678' }) as Record<string, unknown>;
    expect(parsed[key]).toBe(5);
    expect(parsed).not.toHaveProperty('t');
  });

  test('keeps each number\'s range: limit 0 and 501, a year before 2000, a seed past 2^32-1 are refused', () => {
    expect(refuses(TransactionsQuery, { limit: '0' })).toBe(true);
    expect(refuses(TransactionsQuery, { limit: '501' })).toBe(true);
    expect(refuses(CalendarQuery, { year: '1999', month: '1' })).toBe(true);
    expect(refuses(PublicCharactersQuery, { seed: String(2 ** 32) })).toBe(true);
    expect(PublicCharactersQuery.parse({ seed: '007' }).seed).toBe(7);
    expect(TransactionsQuery.parse({}).limit).toBe(100);
  });
});
