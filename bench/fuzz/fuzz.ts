// The fuzz suite's runner (bench/README.md "fuzz"): for every route (routes.ts) fast-check draws
// calls as a visitor, a member and an admin, each a valid call with one thing broken (inputs.ts),
// sends them through the gateway of a real stack and checks every answer: the route's documented
// success, or a 4xx JSON body with a `message` (spec §8's style); never a 5xx, never a hang. Around
// the run, every counted member's balance and coin history must be unchanged (ARCHITECTURE §3).
import { performance } from 'node:perf_hooks';
import { parse as parseQuery } from 'node:querystring';
import fc from 'fast-check';
import { call, createCharacter, percentile, signIn, type Member } from '../support/stack';
import { jsonText, mutationsOf, uploadForm, withKey, type Mutation } from './inputs';
import { ROUTES, routeName, type Actor, type Group, type Role, type RouteSpec, type World } from './routes';

/** A request that takes longer is a hang (bench/README.md "fuzz": the 30 s limit). */
export const REQUEST_LIMIT_MS = 30_000;
const ROLES: Role[] = ['visitor', 'member', 'admin'];

export interface Outcome {
  route: RouteSpec;
  role: Role;
  mutation: Mutation;
  status: number | 'hang' | 'network';
  ms: number;
  /** Set when the answer broke a rule: what was wrong. */
  problem?: string;
  /** The first part of the answer, for the findings. */
  answer?: string;
  /** The route's contract refuses this request as the service reads it (contractRefuses). */
  refusedByContract?: true;
  /** The request's userId/uid names someone other than its actor (a 403 may come first). */
  namesSomeoneElse?: true;
}

export interface FuzzReport {
  seed: number;
  outcomes: Outcome[];
  coinsBefore: CoinState;
  coinsAfter: CoinState;
}

/** Balance and the whole coin history (count, sum, newest id) of every counted member. */
export type CoinState = Record<string, { balance: number; entries: number; sum: number; newest: string }>;

/** Signs in the counted members and makes the data a valid call names. */
export async function makeWorld(url: string, tag: string): Promise<World> {
  const admin = await signIn(url, 'admin@lakorn.local', 'admin');
  const member = await signIn(url, `fuzz-member-${tag}@lakorn.local`, 'ฟัซ');
  const other = await signIn(url, `fuzz-other-${tag}@lakorn.local`, 'อื่น');
  const disposable: World['disposable'] = {};
  for (const [index, route] of ROUTES.entries()) {
    if (route.disposable) disposable[routeName(route)] = await Promise.all([0, 1].map((i) => signIn(url, `fuzz-gone-${tag}-${index}-${i}@lakorn.local`, 'ลบ')));
  }
  // A valid check-in would move coins; counted members have done today's already (routes.ts).
  for (const who of [admin, member, other]) {
    await fetch(`${url}/api/checkin`, { method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' }, body: '{}' }).then((r) => r.text());
  }
  const characterId = await createCharacter(url, member, 'ตัวละครของฟัซ');
  const chat = await call<{ id: string }>(url, member, 'POST', '/api/chats', { characterId });
  const persona = await call<{ id: string }>(url, member, 'POST', '/api/personas', {
    name: 'ฟัซ',
    appearance: 'ผมยาว',
    personality: 'ใจเย็น',
    background: 'พนักงาน',
  });
  const promo = await call<{ id: string }>(url, admin, 'POST', '/api/admin/promo-codes', { generateRandom: true, coins: 3, type: 'limited', maxUses: 1 });
  const news = await call<{ id: string }>(url, admin, 'POST', '/api/admin/news', { title: 'ข่าวฟัซ', content: 'เนื้อหาข่าว', type: 'update' });
  const day = await call<{ id: string }>(url, admin, 'POST', '/api/admin/special-checkin-days', { date: '2033-03-03', coinAmount: 50, description: 'ฟัซ' });
  return {
    admin,
    member,
    other,
    disposable,
    characterId,
    chatId: chat.id,
    personaId: persona.id,
    promoId: promo.id,
    newsId: news.id,
    specialDayId: day.id,
  };
}

async function coinsOf(url: string, who: Member) {
  const balance = await call<{ balance: number }>(url, who, 'GET', '/api/coins/balance');
  const history = await call<Array<{ id: string; amount: number }>>(url, who, 'GET', `/api/coins/transactions/${who.id}?limit=500`);
  return { balance: balance.balance, entries: history.length, sum: history.reduce((s, e) => s + e.amount, 0), newest: history[0]?.id ?? '' };
}

/** The counted members' coins once two reads a second apart agree (credits arrive by events). */
export async function coinState(url: string, world: World): Promise<CoinState> {
  const read = async () => {
    const state: CoinState = {};
    for (const [name, who] of Object.entries({ admin: world.admin, member: world.member, other: world.other })) state[name] = await coinsOf(url, who);
    return state;
  };
  let last = await read();
  for (let i = 0; i < 20; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const next = await read();
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  return last;
}

function actorFor(route: RouteSpec, role: Role, world: World, calls: Map<RouteSpec, number>): Actor {
  if (role === 'visitor') return { role, id: world.member.id };
  if (route.disposable) {
    const pool = world.disposable[routeName(route)] ?? [];
    const count = calls.get(route) ?? 0;
    calls.set(route, count + 1);
    const member = pool[Math.min(count, pool.length - 1)] as Member;
    return { role, member, id: member.id };
  }
  const member = role === 'admin' ? world.admin : world.member;
  return { role, member, id: member.id };
}

/** The request a route, an actor and one mutation make. */
export function buildRequest(route: RouteSpec, actor: Actor, world: World, mutation: Mutation) {
  const params = route.params?.(world, actor) ?? {};
  let path = route.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
  if (mutation.kind === 'param' || mutation.kind === 'other-member-param') {
    const value = mutation.kind === 'param' ? mutation.value : encodeURIComponent(world.other.id);
    path = route.path.replace(/:(\w+)/g, (_m, name: string) => (name === mutation.name ? value : encodeURIComponent(params[name] ?? '')));
  }
  const query = new URLSearchParams(Object.entries(route.query?.(world, actor) ?? {}).map(([k, v]): [string, string] => [k, String(v)]));
  let queryText = query.toString();
  if (mutation.kind === 'query') queryText = queryText ? `${queryText}&${mutation.raw}` : mutation.raw;
  if (mutation.kind === 'query-field') {
    let encoded: string;
    try {
      encoded = encodeURIComponent(mutation.value);
    } catch {
      encoded = '%ED%A0%80';
    }
    query.delete(mutation.key);
    queryText = `${query.toString()}${query.size ? '&' : ''}${encodeURIComponent(mutation.key)}=${encoded}`;
  }
  if (mutation.kind === 'query-repeat') {
    const value = query.get(mutation.key) ?? (mutation.key === 'userId' || mutation.key === 'uid' ? actor.id : '1');
    query.delete(mutation.key);
    query.append(mutation.key, value);
    query.append(mutation.key, value);
    queryText = query.toString();
  }
  const headers: Record<string, string> = {};
  if (actor.member) headers.authorization = `Bearer ${actor.member.token}`;
  let body: string | FormData | undefined;
  if (route.body) {
    const valid = route.valid?.(world, actor) ?? {};
    let value: unknown = valid;
    if (mutation.kind === 'drop') {
      const { [mutation.key]: _dropped, ...rest } = valid;
      value = rest;
    } else if (mutation.kind === 'set') value = withKey(valid, mutation.key, mutation.value);
    else if (mutation.kind === 'whole') value = mutation.value;
    if (route.body === 'multipart') {
      const fields = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
      body = uploadForm(route, mutation.kind === 'file' ? mutation.which : 'png', fields);
    } else if (mutation.kind === 'text') {
      headers['content-type'] = mutation.contentType;
      body = mutation.text;
    } else if (route.body === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const entries = value !== null && typeof value === 'object' ? Object.entries(value as Record<string, unknown>) : [['value', value]];
      body = entries.map(([k, v]) => `${encodeURIComponent(String(k))}=${safeEncode(typeof v === 'string' ? v : JSON.stringify(v) ?? '')}`).join('&');
    } else {
      headers['content-type'] = 'application/json';
      if (route.body === 'raw') headers['stripe-signature'] = 't=1,v1=fuzz';
      body = jsonText(value);
    }
  }
  return { method: route.method, target: queryText ? `${path}?${queryText}` : path, headers, body };
}

function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/**
 * What the service will parse with the route's contract: the JSON body, or the query string as
 * express's parser reads it (node:querystring: a repeated key is an array). Undefined where the
 * fuzz cannot tell (no contract, multipart, form, raw or text bodies, a body JSON.parse refuses).
 */
export function contractInput(route: RouteSpec, mutation: Mutation, request: ReturnType<typeof buildRequest>): { input: unknown } | undefined {
  if (!route.schema) return undefined;
  if (route.body === 'json') {
    if (!['valid', 'set', 'drop', 'whole', 'param', 'other-member-param'].includes(mutation.kind) || typeof request.body !== 'string') return undefined;
    try {
      return { input: JSON.parse(request.body) };
    } catch {
      return undefined;
    }
  }
  if (route.body) return undefined;
  const at = request.target.indexOf('?');
  return { input: { ...parseQuery(at < 0 ? '' : request.target.slice(at + 1)) } };
}

/** Whether the contract refuses the input (a walk zod cannot finish counts as no verdict). */
export function contractRefuses(route: RouteSpec, input: unknown): boolean | undefined {
  try {
    return !route.schema!.safeParse(input).success;
  } catch {
    return undefined;
  }
}

/** A top-level userId/uid that is a string but not the actor's id: the act-as-self 403 comes first. */
function namesSomeoneElse(input: unknown, actor: Actor): boolean {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return false;
  return ['userId', 'uid'].some((field) => {
    const value = (input as Record<string, unknown>)[field];
    const values = Array.isArray(value) ? value : [value];
    return values.some((v) => typeof v === 'string' && v !== '' && v !== actor.id);
  });
}

/**
 * A request its route's contract refuses must be answered 400 VALIDATION (bench/README.md "fuzz":
 * a known field of the wrong type is never a success, a 404 or a charge). Answers decided before
 * the body is read are kept: too large (413, 414, 431) or over a quota (429); a visitor's 401; a
 * member's 403 on an admin route; a 403 for naming someone else (ARCHITECTURE §5's order).
 */
export function answersARefusal(outcome: Outcome): boolean {
  const { status, role, route } = outcome;
  if (status === 400 || status === 413 || status === 414 || status === 429 || status === 431) return true;
  if (status === 401) return role === 'visitor';
  if (status === 403) return outcome.namesSomeoneElse === true || (role === 'member' && route.path.startsWith('/api/admin/'));
  return false;
}

/** An answer that breaks that rule. */
export const contractViolation = (outcome: Outcome): boolean =>
  outcome.refusedByContract === true && typeof outcome.status === 'number' && !answersARefusal(outcome);

/** Sends one request and judges its answer. */
async function send(url: string, route: RouteSpec, role: Role, mutation: Mutation, request: ReturnType<typeof buildRequest>): Promise<Outcome> {
  const started = performance.now();
  const base = { route, role, mutation };
  let response: Response;
  let text: string;
  try {
    const signal = AbortSignal.timeout(REQUEST_LIMIT_MS);
    response = await fetch(`${url}${request.target}`, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual', signal });
    text = await response.text();
  } catch (error) {
    const ms = performance.now() - started;
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return { ...base, status: 'hang', ms, problem: `no answer within ${REQUEST_LIMIT_MS / 1000} s` };
    return { ...base, status: 'network', ms, problem: `network error: ${(error as Error).message} ${(error as { cause?: Error }).cause?.message ?? ''}` };
  }
  const ms = performance.now() - started;
  const status = response.status;
  const answer = text.slice(0, 200);
  if (status >= 500) return { ...base, status, ms, answer, problem: '5xx' };
  if (status < 400) return route.ok.includes(status) ? { ...base, status, ms, answer } : { ...base, status, ms, answer, problem: `undocumented success ${status}` };
  if (route.page && (response.headers.get('content-type') ?? '').includes('text/html') && text.length > 0) return { ...base, status, ms };
  let message: unknown;
  try {
    message = (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    return { ...base, status, ms, answer, problem: '4xx without a JSON body' };
  }
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return { ...base, status, ms, answer, problem: '4xx not labelled JSON' };
  if (typeof message !== 'string' || message === '') return { ...base, status, ms, answer, problem: '4xx without a message' };
  return { ...base, status, ms, answer };
}

export interface FuzzOptions {
  /** Draws per route (each a role and a mutation). */
  runs: number;
  seed?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Names the members (one stack may serve several runs). */
  tag?: string;
  onProgress?: (done: number, total: number) => void;
}

/** Runs the whole suite against the gateway at `url`. */
export async function runFuzz(url: string, options: FuzzOptions): Promise<FuzzReport> {
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const world = await makeWorld(url, options.tag ?? String(seed));
  const coinsBefore = await coinState(url, world);
  // One fast-check stream per route, so the same seed draws the same calls for a route whatever
  // the other routes are.
  const perRoute = ROUTES.map((route, index) =>
    fc
      .sample(fc.tuple(fc.constantFrom(...ROLES), mutationsOf(route)), { numRuns: options.runs, seed: seed + index })
      .map(([role, mutation]) => ({ route, role, mutation })),
  );
  // Round robin over the routes, so no service gets every request of a burst; removing an account
  // goes last, so the disposable members exist for every call before it.
  const interleaved = Array.from({ length: options.runs }, (_, i) => perRoute.map((cases) => cases[i]!)).flat();
  const queue = [...interleaved.filter((c) => !c.route.disposable), ...interleaved.filter((c) => c.route.disposable)];
  const outcomes: Outcome[] = [];
  const disposableCalls = new Map<RouteSpec, number>();
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const item = queue[next++]!;
      const actor = actorFor(item.route, item.role, world, disposableCalls);
      const request = buildRequest(item.route, actor, world, item.mutation);
      const parsed = contractInput(item.route, item.mutation, request);
      const outcome = await send(url, item.route, item.role, item.mutation, request);
      if (parsed && contractRefuses(item.route, parsed.input)) {
        outcome.refusedByContract = true;
        if (actor.member && namesSomeoneElse(parsed.input, actor)) outcome.namesSomeoneElse = true;
      }
      outcomes.push(outcome);
      options.onProgress?.(outcomes.length, queue.length);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
  const coinsAfter = await coinState(url, world);
  return { seed, outcomes, coinsBefore, coinsAfter };
}

/** A finding, short enough to read in a test failure. */
export function describe(outcome: Outcome): string {
  const { mutation } = outcome;
  const what =
    mutation.kind === 'set' || mutation.kind === 'whole'
      ? `${mutation.kind} ${'key' in mutation ? mutation.key : ''}=${String(JSON.stringify(mutation.value) ?? mutation.value).slice(0, 60)}`
      : mutation.kind === 'text'
        ? `body ${mutation.label}`
        : JSON.stringify(mutation).slice(0, 100);
  const problem = outcome.problem ?? (outcome.refusedByContract ? 'refused by the contract' : '');
  return `${routeName(outcome.route)} as ${outcome.role} (${what}): ${outcome.status} ${problem} ${outcome.answer ?? ''}`.trim();
}

export interface LatencyRow {
  group: Group | 'all';
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

/** p50, p99 and max per route group and overall, in milliseconds. */
export function latency(outcomes: Outcome[]): LatencyRow[] {
  const row = (group: LatencyRow['group'], list: Outcome[]): LatencyRow => {
    const sorted = list.map((o) => o.ms).sort((a, b) => a - b);
    return { group, requests: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
  };
  const groups = [...new Set(ROUTES.map((r) => r.group))];
  return [...groups.map((g) => row(g, outcomes.filter((o) => o.route.group === g))), row('all', outcomes)];
}
