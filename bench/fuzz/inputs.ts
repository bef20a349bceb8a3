// The bad inputs of the fuzz suite (bench/README.md "fuzz"), as fast-check arbitraries: wrong
// types, operator objects, prototype keys, bad ids, huge and deeply nested values, and Thai/Unicode
// edge cases. A request starts from a route's valid call (routes.ts) and breaks one thing, since a
// valid-shaped body with one field wrong goes much deeper than noise.
import fc from 'fast-check';
import { z } from 'zod';
import type { Actor, RouteSpec, World } from './routes';

/** Deep enough to overflow a recursive walk (catalog refuses cards past 32 levels). */
const DEEP = 5_000;
/** A JSON value nested `DEEP` levels, as text (JSON.stringify itself would overflow). */
export const deepJson = (depth = DEEP) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
/** Stands for `deepJson()` inside a value, replaced in the body's text. */
const DEEP_MARK = '\u0001fuzz-deep\u0001';

/** Thai and Unicode edge cases: combining stacks, zero-width, emoji sequences, RTL, NUL, lone halves. */
const UNICODE = [
  'สวัสดีค่ะ',
  'ก\u0e34\u0e4a\u0e48\u0e49\u0e4b'.repeat(40),
  '\u0e31'.repeat(300),
  'e\u0301\u0302\u0303\u0304'.repeat(100),
  '\u200b\u200c\u200d\u2060\ufeff',
  'ชื่อ\u200bซ่อน',
  '👨‍👩‍👧‍👦🏳️‍🌈🇹🇭'.repeat(30),
  '\u202eเกมส์\u202c',
  'مرحبا بالعالم',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\uffff\ufffe',
  '\r\n\t\v\f',
  '',
  '   ',
];
/** Strings that mean something to a database, a shell, a path or a browser. */
const HOSTILE = [
  '{"$gt":""}',
  '$where',
  '$gt',
  'this.constructor.constructor("return process")()',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '__proto__',
  'constructor',
  'javascript:alert(1)',
  '//evil.example/x.png',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'null',
  'true',
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...UNICODE, ...HOSTILE), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.constantFrom('a'.repeat(1_001), 'ก'.repeat(5_000), 'x'.repeat(200_000)), weight: 1 },
);

/** Objects a careless query builder would treat as operators. */
const OPERATORS: unknown[] = [
  { $gt: '' },
  { $ne: null },
  { $in: ['a', 'b'] },
  { $regex: '.*' },
  { $where: 'sleep(10000) || true' },
  { $expr: { $eq: [1, 1] } },
  { $function: { body: 'function(){return true}', args: [], lang: 'js' } },
];

/** Any wrong value for a field: wrong types, operators, huge, deep, Unicode. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 5 },
  { arbitrary: fc.constantFrom(...OPERATORS), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, [], {}, [[[]]], { '': '' }), weight: 3 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.constant(DEEP_MARK), weight: 1 },
  { arbitrary: fc.constant(Array.from({ length: 20_000 }, (_, i) => i)), weight: 1 },
);

/** Keys that change an object's prototype or claim powers, besides a schema's own fields. */
const SNEAKY_KEYS = ['__proto__', 'constructor', 'prototype', '$where', 'role', 'isAdmin', 'balance', 'coins', 'userId', 'uid', 'id', '_id', ''];

/**
 * A path segment as it goes on the wire (already percent-encoded where needed): NUL, encoded lone
 * surrogates, malformed escapes, traversal, very long, Unicode, another member's id.
 */
const RAW_SEGMENTS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%AE%C0%AE',
  '%ZZ',
  '%',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%5c%2e%2e%5cwin.ini',
  '%7B%22%24gt%22%3A%22%22%7D',
  'x'.repeat(300),
  'x'.repeat(5_000),
  '%E0%B8%81%E0%B8%B4%E0%B9%8A%E0%B9%88',
  '%E2%80%8B',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  '0',
  '-1',
  '%20',
];

/** Encodes a generated string as one path segment ('.' and '..' would be a different path). */
function segment(value: string): string | undefined {
  if (value === '' || value === '.' || value === '..') return undefined;
  try {
    return encodeURIComponent(value);
  } catch {
    return undefined; // a lone surrogate: RAW_SEGMENTS sends its UTF-8 bytes instead
  }
}

const badSegment: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 3 },
  { arbitrary: nastyString.map((s) => segment(s) ?? '%00'), weight: 2 },
);

/** Query strings qs reads as objects, arrays and prototype keys. */
const RAW_QUERIES = [
  'userId[$gt]=',
  'userId[$ne]=x&uid[$where]=1',
  '__proto__[isAdmin]=true',
  'constructor[prototype][x]=1',
  'limit=-1',
  'limit=1e9',
  'limit=abc',
  'before=%00',
  'genre=%ED%A0%80',
  'year=0&month=13',
  'year=9999&month=2',
  'q=' + 'ก'.repeat(3_000),
  'a=1&a=2&a=3',
  'cursor[]=1&cursor[]=2',
  'seed=99999999999999999999',
  'x=' + '%5B'.repeat(2_000),
];

export interface Request {
  method: string;
  /** Path and query, encoded. */
  target: string;
  headers: Record<string, string>;
  body?: string | FormData | Uint8Array;
  /** What this request broke, for the findings table. */
  broke: string;
}

export type Mutation =
  | { kind: 'valid' }
  | { kind: 'param'; name: string; value: string }
  | { kind: 'other-member-param'; name: string }
  | { kind: 'query'; raw: string }
  | { kind: 'query-field'; key: string; value: string }
  /** The key twice, with its valid value (the actor's id for userId): an array where one value goes. */
  | { kind: 'query-repeat'; key: string }
  | { kind: 'drop'; key: string }
  | { kind: 'set'; key: string; value: unknown }
  | { kind: 'whole'; value: unknown }
  | { kind: 'text'; contentType: string; text: string; label: string }
  | { kind: 'file'; which: string };

/** Field names of a zod object (through optional/transform/pipe/refine wrappers), if any. */
export function shapeKeys(schema: z.ZodType | undefined): string[] {
  let current: unknown = schema;
  for (let i = 0; i < 6 && current; i += 1) {
    const node = current as { shape?: Record<string, unknown>; _zod?: { def?: { innerType?: unknown; in?: unknown; schema?: unknown } } };
    if (node.shape && typeof node.shape === 'object') return Object.keys(node.shape);
    const def = node._zod?.def;
    current = def?.innerType ?? def?.in ?? def?.schema;
  }
  return [];
}

/** What JSON.parse (or a query string parser) can hand a service for one field. */
export type JsonKind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';
const JSON_KINDS: JsonKind[] = ['string', 'number', 'boolean', 'null', 'array', 'object'];
/** One value of each kind: a field given a kind its contract does not declare must be refused. */
export const KIND_PROBES: Record<JsonKind, unknown> = { string: 'x', number: 5, boolean: true, null: null, array: [], object: {} };

interface JsonSchemaNode {
  type?: string | string[];
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  prefixItems?: JsonSchemaNode[];
  additionalProperties?: JsonSchemaNode | boolean;
}

const kindOfValue = (value: unknown): JsonKind =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as 'string' | 'number' | 'boolean' | 'object');

/** The JSON kinds a JSON Schema node takes; 'any' when it names none (it takes every value). */
function kindsOfNode(node: JsonSchemaNode): JsonKind[] | 'any' {
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives) {
    const kinds = alternatives.map(kindsOfNode);
    return kinds.includes('any') ? 'any' : [...new Set(kinds.flat() as JsonKind[])];
  }
  if (node.allOf) {
    const kinds = node.allOf.map(kindsOfNode).filter((k): k is JsonKind[] => k !== 'any');
    return kinds.length === 0 ? 'any' : JSON_KINDS.filter((kind) => kinds.every((k) => k.includes(kind)));
  }
  if (node.type !== undefined) return [...new Set((Array.isArray(node.type) ? node.type : [node.type]).map((t) => (t === 'integer' ? 'number' : t) as JsonKind))];
  if ('const' in node) return [kindOfValue(node.const)];
  if (node.enum) return [...new Set(node.enum.map(kindOfValue))];
  return 'any';
}

const jsonSchemas = new WeakMap<z.ZodType, JsonSchemaNode>();
/** A contract as the request must look (its input side: before defaults and transforms). */
function inputSchemaOf(schema: z.ZodType): JsonSchemaNode {
  let node = jsonSchemas.get(schema);
  if (!node) {
    node = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
    jsonSchemas.set(schema, node);
  }
  return node;
}

/**
 * A route contract's own fields and the JSON kinds each declares, read from the zod schema itself
 * (no table to keep in step): `any` marks a field that takes every value, which no request field
 * may (a wrong type must be a 400, bench/README.md "fuzz").
 */
export function contractFields(schema: z.ZodType | undefined): Array<{ name: string; kinds: JsonKind[] | 'any' }> {
  if (!schema) return [];
  return Object.entries(inputSchemaOf(schema).properties ?? {}).map(([name, node]) => ({ name, kinds: kindsOfNode(node) }));
}

/** Every place in a contract, nested ones too, that takes any value (`personaContext`, `lorebook.entries[]`). */
export function looseFields(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const found: string[] = [];
  const walk = (node: JsonSchemaNode, path: string) => {
    if (kindsOfNode(node) === 'any') {
      found.push(path || '(body)');
      return;
    }
    for (const inner of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) walk(inner, path);
    for (const [name, inner] of Object.entries(node.properties ?? {})) walk(inner, path ? `${path}.${name}` : name);
    if (node.items) walk(node.items, `${path}[]`);
    for (const inner of node.prefixItems ?? []) walk(inner, `${path}[]`);
    if (typeof node.additionalProperties === 'object') walk(node.additionalProperties, `${path}.*`);
  };
  walk(inputSchemaOf(schema), '');
  return found;
}

/** Each of a contract's fields set to each JSON kind it does not declare (`personaContext: 5`, `limit: "5"`). */
export function wrongKinds(schema: z.ZodType | undefined): Array<{ key: string; value: unknown }> {
  return contractFields(schema).flatMap(({ name, kinds }) =>
    kinds === 'any' ? [] : JSON_KINDS.filter((kind) => !kinds.includes(kind)).map((kind) => ({ key: name, value: KIND_PROBES[kind] })),
  );
}

const RAW_BODIES: Array<{ label: string; contentType: string; text: string }> = [
  { label: 'malformed JSON', contentType: 'application/json', text: '{"a":' },
  { label: 'empty JSON body', contentType: 'application/json', text: '' },
  { label: 'JSON null', contentType: 'application/json', text: 'null' },
  { label: 'JSON with a raw NUL', contentType: 'application/json', text: '{"name":"a\u0000b"}' },
  { label: 'JSON duplicate keys', contentType: 'application/json', text: '{"userId":"a","userId":{"$gt":""}}' },
  { label: 'deep JSON', contentType: 'application/json', text: deepJson() },
  { label: 'huge JSON (2 MB)', contentType: 'application/json', text: JSON.stringify({ content: 'ก'.repeat(700_000) }) },
  // Past every body limit: answered 413 while the client is still sending, never a closed connection.
  { label: 'huge JSON (10 MB)', contentType: 'application/json', text: JSON.stringify({ content: 'x'.repeat(10 * 1024 * 1024) }) },
  { label: 'many keys', contentType: 'application/json', text: JSON.stringify(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]))) },
  { label: 'text/plain', contentType: 'text/plain', text: 'hello' },
  { label: 'form with brackets', contentType: 'application/x-www-form-urlencoded', text: 'userId[$gt]=&__proto__[isAdmin]=true&a[b][c][d][e][f]=1' },
  { label: 'multipart without boundary', contentType: 'multipart/form-data', text: '--x\r\n' },
  { label: 'XML', contentType: 'application/xml', text: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
];

export function mutationsOf(route: RouteSpec): fc.Arbitrary<Mutation> {
  const options: Array<{ arbitrary: fc.Arbitrary<Mutation>; weight: number }> = [{ arbitrary: fc.constant({ kind: 'valid' }), weight: 1 }];
  const paramNames = (route.path.match(/:(\w+)/g) ?? []).map((p) => p.slice(1));
  if (paramNames.length > 0) {
    const name = fc.constantFrom(...paramNames);
    options.push({ arbitrary: fc.record({ kind: fc.constant('param' as const), name, value: badSegment }), weight: 4 });
    options.push({ arbitrary: fc.record({ kind: fc.constant('other-member-param' as const), name }), weight: 1 });
  }
  if (route.method === 'GET' || route.query) {
    options.push({ arbitrary: fc.record({ kind: fc.constant('query' as const), raw: fc.constantFrom(...RAW_QUERIES) }), weight: 2 });
    const keys = [...new Set([...shapeKeys(route.schema), ...Object.keys(route.query?.(placeholderWorld, placeholderActor) ?? {}), 'userId'])];
    options.push({ arbitrary: fc.record({ kind: fc.constant('query-field' as const), key: fc.constantFrom(...keys), value: nastyString }), weight: 2 });
    // A repeated key: the query parser hands the service an array where the contract wants one value.
    options.push({ arbitrary: fc.record({ kind: fc.constant('query-repeat' as const), key: fc.constantFrom(...keys) }), weight: 1 });
  }
  if (route.body === 'json' || route.body === 'form' || route.body === 'raw' || route.body === 'multipart') {
    const keys = [...new Set([...Object.keys(route.valid?.(placeholderWorld, placeholderActor) ?? {}), ...shapeKeys(route.schema)])];
    const setKeys = [...new Set([...keys, ...SNEAKY_KEYS])];
    if (keys.length > 0) options.push({ arbitrary: fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...keys) }), weight: 2 });
    // A known field of a type its contract does not take (the contract's own types, above).
    const wrong = route.body === 'json' ? wrongKinds(route.schema) : [];
    if (wrong.length > 0) options.push({ arbitrary: fc.constantFrom(...wrong).map((w): Mutation => ({ kind: 'set', key: w.key, value: w.value })), weight: 4 });
    options.push({ arbitrary: fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...setKeys), value: nastyValue }), weight: 8 });
    options.push({ arbitrary: fc.record({ kind: fc.constant('whole' as const), value: nastyValue }), weight: 1 });
    options.push({
      arbitrary: fc.constantFrom(...RAW_BODIES).map((b): Mutation => ({ kind: 'text', contentType: b.contentType, text: b.text, label: b.label })),
      weight: 2,
    });
  }
  if (route.body === 'multipart') {
    options.push({ arbitrary: fc.record({ kind: fc.constant('file' as const), which: fc.constantFrom(...FILE_KINDS) }), weight: 6 });
  }
  return fc.oneof(...options);
}

const placeholderMember = { email: '', token: '', id: 'placeholder' };
const placeholderWorld: World = {
  admin: placeholderMember,
  member: placeholderMember,
  other: placeholderMember,
  disposable: {},
  characterId: 'c',
  chatId: 'c',
  personaId: 'p',
  promoId: 'p',
  newsId: 'n',
  specialDayId: 's',
};
const placeholderActor: Actor = { role: 'member', id: 'placeholder' };

// ---- files for the upload routes --------------------------------------------------------------

/** A 1x1 PNG; `pngWithText` appends a tEXt chunk (a character card lives in one named `chara`). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
function crc32(bytes: Buffer): number {
  let crc = -1;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ -1) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
function pngWithText(keyword: string, text: string): Buffer {
  const iend = PNG_1X1.length - 12;
  return Buffer.concat([PNG_1X1.subarray(0, iend), chunk('tEXt', Buffer.concat([Buffer.from(`${keyword}\0`, 'latin1'), Buffer.from(text, 'latin1')])), PNG_1X1.subarray(iend)]);
}
const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const card = (data: Record<string, unknown>) => JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data });
const validCardData = { name: 'การ์ดฟัซ', description: 'ใจดี', personality: 'ร่าเริง', first_mes: 'สวัสดี', scenario: '', mes_example: '' };

export const FILE_KINDS = [
  'png',
  'png-card',
  'png-card-deep',
  'png-card-garbage',
  'png-truncated',
  'json-card',
  'json-card-nasty',
  'json-card-deep',
  'json-card-proto',
  'not-an-image',
  'empty',
  'svg-script',
  'huge',
  'wrong-field',
  'two-files',
] as const;

/** The multipart body of an upload route, with `fields` beside the file. */
export function uploadForm(route: RouteSpec, which: string, fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, typeof value === 'string' ? value : JSON.stringify(value) ?? '');
  const fileField = route.path.endsWith('/character-card') ? 'card' : 'image';
  const add = (bytes: Buffer | string, name: string, type: string, field = fileField) => form.append(field, new Blob([bytes]), name);
  switch (which) {
    case 'png': add(PNG_1X1, 'a.png', 'image/png'); break;
    case 'png-card': add(pngWithText('chara', b64(card(validCardData))), 'card.png', 'image/png'); break;
    case 'png-card-deep': add(pngWithText('chara', b64(deepJson(2_000))), 'card.png', 'image/png'); break;
    case 'png-card-garbage': add(pngWithText('chara', '!!not base64 \u00ff'), 'card.png', 'image/png'); break;
    case 'png-truncated': add(PNG_1X1.subarray(0, 30), 'a.png', 'image/png'); break;
    case 'json-card': add(card(validCardData), 'card.json', 'application/json'); break;
    case 'json-card-nasty': add(card({ ...validCardData, name: { $gt: '' }, description: 'a\u0000b', first_mes: 'x'.repeat(300_000) }), 'card.json', 'application/json'); break;
    case 'json-card-deep': add(deepJson(), 'card.json', 'application/json'); break;
    case 'json-card-proto': add('{"spec":"chara_card_v2","data":{"__proto__":{"isAdmin":true},"name":"x","constructor":{"prototype":{"y":1}}}}', 'card.json', 'application/json'); break;
    case 'not-an-image': add('hello', 'a.png', 'image/png'); break;
    case 'empty': add(Buffer.alloc(0), 'a.png', 'image/png'); break;
    case 'svg-script': add('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'a.svg', 'image/svg+xml'); break;
    case 'huge': add(Buffer.alloc(6 * 1024 * 1024, 1), 'a.png', 'image/png'); break;
    case 'wrong-field': add(PNG_1X1, 'a.png', 'image/png', 'file'); break;
    case 'two-files': add(PNG_1X1, 'a.png', 'image/png'); add(PNG_1X1, 'b.png', 'image/png'); break;
    default: break;
  }
  return form;
}

/** The body's text with `DEEP_MARK` values made deep, and prototype keys kept as own keys. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replaceAll(JSON.stringify(DEEP_MARK), deepJson());
}

/** `base` with `key` set to `value` as an own property, even when `key` is `__proto__`. */
export function withKey(base: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...base };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}
