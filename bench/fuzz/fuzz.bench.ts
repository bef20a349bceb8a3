// The fuzz suite's larger run (bench/README.md "fuzz"): the same calls as the test in `npm test`
// (fuzz.test.ts), more of them, with latency per route group.
//
//   npm run fuzz                       # FUZZ_RUNS=70 draws per route: over 5 000 requests
//   FUZZ_RUNS=200 FUZZ_SEED=42 FUZZ_CONCURRENCY=1 npm run fuzz
import { load, machine, percentile, startBenchStack } from '../support/stack';
import { contractViolation, describe, latency, runFuzz } from './fuzz';
import { ROUTES, routeName } from './routes';

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} takes a positive whole number`);
  return value;
};

async function main() {
  const runs = envNumber('FUZZ_RUNS', 70);
  const concurrency = envNumber('FUZZ_CONCURRENCY', 2);
  const seed = process.env.FUZZ_SEED === undefined ? undefined : envNumber('FUZZ_SEED', 1);
  console.info(`fuzz: ${ROUTES.length} routes × ${runs} draws, ${concurrency} at a time · ${machine()} · load ${load()}`);
  const { stack, url, tail } = await startBenchStack();
  let failed = false;
  try {
    const started = Date.now();
    const report = await runFuzz(url, {
      runs,
      seed,
      concurrency,
      onProgress: (done, total) => {
        if (done % 500 === 0) console.info(`  ${done}/${total}`);
      },
    });
    const seconds = (Date.now() - started) / 1000;
    const problems = report.outcomes.filter((o) => o.problem);
    const refused = report.outcomes.filter((o) => o.refusedByContract);
    const notAnswered400 = refused.filter(contractViolation);
    const statuses = new Map<string, number>();
    for (const o of report.outcomes) statuses.set(String(o.status), (statuses.get(String(o.status)) ?? 0) + 1);
    const coinsMoved = JSON.stringify(report.coinsBefore) !== JSON.stringify(report.coinsAfter);
    console.info(`\nseed ${report.seed} · ${report.outcomes.length} requests in ${seconds.toFixed(0)} s · load ${load()}`);
    console.info(`statuses: ${[...statuses].sort().map(([s, n]) => `${s}×${n}`).join(' ')}`);
    console.info(`5xx: ${report.outcomes.filter((o) => typeof o.status === 'number' && o.status >= 500).length} · hangs: ${report.outcomes.filter((o) => o.status === 'hang').length} · other findings: ${problems.filter((o) => o.problem !== '5xx' && o.status !== 'hang').length} · refused by the contract, not answered 400: ${notAnswered400.length} of ${refused.length} · coins moved: ${coinsMoved ? 'YES' : 0}`);
    console.info('\n| group | requests | p50 ms | p99 ms | max ms |\n| --- | --- | --- | --- | --- |');
    for (const row of latency(report.outcomes)) console.info(`| ${row.group} | ${row.requests} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} |`);
    const byRoute = new Map<string, number[]>();
    for (const o of report.outcomes) byRoute.set(routeName(o.route), [...(byRoute.get(routeName(o.route)) ?? []), o.ms]);
    const routeP99 = [...byRoute].map(([name, ms]) => ({ name, p99: percentile(ms.sort((a, b) => a - b), 99), n: ms.length })).sort((a, b) => b.p99 - a.p99);
    console.info(`\nroutes with the highest p99:\n${routeP99.slice(0, 8).map((r) => `  ${r.p99.toFixed(0)} ms ${r.name} (${r.n})`).join('\n')}`);
    const slowest = [...report.outcomes].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.info(`\nslowest:\n${slowest.map((o) => `  ${o.ms.toFixed(0)} ms ${describe(o)}`).join('\n')}`);
    if (problems.length > 0) console.info(`\nfindings:\n${problems.slice(0, 60).map((o) => `  ${describe(o)}`).join('\n')}`);
    if (notAnswered400.length > 0) console.info(`\nrefused by the contract, not answered 400:\n${notAnswered400.slice(0, 60).map((o) => `  ${describe(o)}`).join('\n')}`);
    if (coinsMoved) console.info(`\ncoins before ${JSON.stringify(report.coinsBefore)}\ncoins after  ${JSON.stringify(report.coinsAfter)}`);
    failed = problems.length > 0 || notAnswered400.length > 0 || coinsMoved;
  } catch (error) {
    console.error(error, `\nlast lines of the stack:\n${tail.slice(-30).join('\n')}`);
    failed = true;
  } finally {
    await stack.stop();
  }
  process.exit(failed ? 1 : 0);
}

void main();
