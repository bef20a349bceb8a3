// The fuzz suite in `npm test` (bench/README.md "fuzz"): every route, as a visitor, a member and an
// admin, with valid calls broken one thing at a time, against the real services and gateway.
// FUZZ_RUNS draws per route (default 12: about 1 100 requests); FUZZ_SEED repeats a run.
import { startBenchStack, type BenchStack } from '../support/stack';
import { contractViolation, describe as describeOutcome, runFuzz, type FuzzReport } from './fuzz';
import { contractFields, looseFields, shapeKeys, withKey, wrongKinds } from './inputs';
import { ROUTES, routeName, type Actor, type World } from './routes';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

describe('every route answers bad input with a 4xx JSON message, never a 5xx or a hang, and moves no coin', () => {
  let bench: BenchStack | undefined;
  let report: FuzzReport;

  beforeAll(async () => {
    bench = await startBenchStack();
    report = await runFuzz(bench.url, { runs: RUNS, seed: SEED, concurrency: 2 });
    // The seed repeats this run: FUZZ_SEED=<seed> npx jest -c bench/fuzz/jest.config.js
    console.info(`fuzz: seed ${report.seed}, ${report.outcomes.length} requests, ${report.outcomes.filter((o) => o.refusedByContract).length} refused by their contract`);
  });

  afterAll(async () => {
    await bench?.stack.stop();
  });

  const findings = (test: (o: FuzzReport['outcomes'][number]) => boolean) => report.outcomes.filter(test).map(describeOutcome);

  test('no answer is a 5xx', () => {
    expect(findings((o) => typeof o.status === 'number' && o.status >= 500)).toEqual([]);
  });

  test('no request waits past 30 s or loses its connection', () => {
    expect(findings((o) => o.status === 'hang' || o.status === 'network')).toEqual([]);
  });

  test("every refusal is 4xx JSON with a message, every success one the route documents", () => {
    expect(findings((o) => o.problem !== undefined && o.problem !== '5xx' && typeof o.status === 'number')).toEqual([]);
  });

  test('a request its route\'s contract refuses (a known field of the wrong type, a required one missing) is answered 400, never a success or a 404', () => {
    expect(findings(contractViolation)).toEqual([]);
    // The rule had something to judge: wrong-typed fields were sent on most body routes.
    expect(new Set(report.outcomes.filter((o) => o.refusedByContract).map((o) => routeName(o.route))).size).toBeGreaterThan(20);
  });

  test("no counted member's balance or coin history changed", () => {
    expect(report.coinsAfter).toEqual(report.coinsBefore);
  });

  test('every route was called, and each as a visitor, a member and an admin', () => {
    const called = new Set(report.outcomes.map((o) => `${routeName(o.route)} ${o.role}`));
    expect(ROUTES.filter((r) => !called.has(`${routeName(r)} member`) && !called.has(`${routeName(r)} admin`) && !called.has(`${routeName(r)} visitor`))).toEqual([]);
    // A route draws its role at random: with 12 draws, missing one role on a route is rare
    // (3 × (2/3)^12 ≈ 2 %), so only a role missing on most routes fails this.
    for (const role of ['visitor', 'member', 'admin']) expect(ROUTES.filter((r) => called.has(`${routeName(r)} ${role}`)).length).toBeGreaterThan(ROUTES.length / 2);
  });
});

describe("the fuzzer's valid calls are valid by the contracts", () => {
  // Mutations start from these bodies: if a contract changes, a stale body would make every draw
  // a plain 400 and the suite would stop reaching the services' logic.
  const member = { email: 'm@lakorn.local', token: '', id: 'member-1' };
  const world: World = {
    admin: member,
    member,
    other: member,
    disposable: {},
    characterId: 'c1',
    chatId: 'chat1',
    personaId: 'p1',
    promoId: 'pr1',
    newsId: 'n1',
    specialDayId: 's1',
  };
  const actor: Actor = { role: 'member', member, id: member.id };

  test.each(ROUTES.filter((r) => r.schema && (r.valid || r.query)).map((r) => [routeName(r), r] as const))('%s', (_name, route) => {
    const input = route.body ? route.valid?.(world, actor) : { ...route.query?.(world, actor), userId: actor.id };
    const result = route.schema!.safeParse(input);
    expect(result.error?.issues ?? []).toEqual([]);
    expect(shapeKeys(route.schema).length).toBeGreaterThan(0);
  });
});

describe("every route's contract types its fields: a known field of another type is refused (a 400), unknown keys are dropped", () => {
  const routes = ROUTES.filter((r) => r.schema).map((r) => [routeName(r), r] as const);
  const member = { email: 'm@lakorn.local', token: '', id: 'member-1' };
  const world: World = { admin: member, member, other: member, disposable: {}, characterId: 'c1', chatId: 'chat1', personaId: 'p1', promoId: 'pr1', newsId: 'n1', specialDayId: 's1' };
  const actor: Actor = { role: 'member', member, id: member.id };
  const validOf = (route: (typeof ROUTES)[number]) => (route.body ? (route.valid?.(world, actor) ?? {}) : { ...route.query?.(world, actor), userId: actor.id });

  test.each(routes)('%s: no field takes any value', (_name, route) => {
    expect(looseFields(route.schema)).toEqual([]);
  });

  test.each(routes)('%s: each field refuses every JSON type it does not declare', (_name, route) => {
    expect(contractFields(route.schema).length).toBeGreaterThan(0);
    const accepted = wrongKinds(route.schema)
      .filter(({ key, value }) => route.schema!.safeParse(withKey(validOf(route), key, value)).success)
      .map(({ key, value }) => `${key}: ${JSON.stringify(value)}`);
    expect(accepted).toEqual([]);
  });

  test.each(routes)('%s: an unknown key is dropped, not refused', (_name, route) => {
    const result = route.schema!.safeParse({ ...validOf(route), fuzzFromANewerClient: { any: 'thing' } });
    expect(result.error?.issues ?? []).toEqual([]);
    expect(result.data).not.toHaveProperty('fuzzFromANewerClient');
  });
});
