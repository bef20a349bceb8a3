// What a request costs at each layer, in one load-tool run on one machine: a bare Node `http`
// hello (the ceiling), the gateway's /healthz (its own per-request overhead), catalog's public
// listing reached directly (a service's overhead plus a real answer), and the same listing through
// the gateway (the proxy's share). Figures are ratios within the run, since the machine is shared.
// Settings: BENCH_SECONDS (5 per target per round), BENCH_ROUNDS (3, interleaved; the median is
// reported), BENCH_CONNECTIONS (50). BENCH_B_TREE=<another checkout, its npm install done> starts
// that tree's stack beside this one and adds its /healthz and listings to every round (an A/B in
// one run, as bench/sends/ab.bench.ts does for sends), with the ratio of each pair. The load tool is wrk (Debian's; installed when missing and
// allowed), else autocannon through npx.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { median } from '../support/measure';
import * as here from '../support/stack';

const { load, machine } = here;
type StackModule = typeof here;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

type LoadTool = 'wrk' | 'autocannon';

function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/** wrk when present; as root it is installed from Debian first; else autocannon (npm). */
function loadTool(): LoadTool {
  if (hasWrk()) return 'wrk';
  if (process.getuid?.() === 0) {
    console.info('installing wrk (apt-get install wrk)…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore' });
    if (hasWrk()) return 'wrk';
  }
  return 'autocannon';
}

/** Requests per second answered with a 2xx over the run; non-2xx answers fail the benchmark. */
function measure(tool: LoadTool, url: string, token?: string): { rps: number; p50: string; p99: string } {
  if (tool === 'wrk') {
    const args = ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', ...(token ? ['-H', `Authorization: Bearer ${token}`] : []), url];
    const out = execFileSync('wrk', args, { encoding: 'utf8' });
    if (/Non-2xx or 3xx responses/.test(out)) throw new Error(`${url} answered errors under load:\n${out}`);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
    return { rps, p50: /\s50%\s+(\S+)/.exec(out)?.[1] ?? '?', p99: /\s99%\s+(\S+)/.exec(out)?.[1] ?? '?' };
  }
  const args = ['--yes', 'autocannon', '-j', '-c', String(CONNECTIONS), '-d', String(SECONDS), ...(token ? ['-H', `Authorization=Bearer ${token}`] : []), url];
  const result = JSON.parse(execFileSync('npx', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as {
    requests: { average: number };
    non2xx: number;
    latency: { p50: number; p99: number };
  };
  if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} errors under load`);
  return { rps: result.requests.average, p50: `${result.latency.p50}ms`, p99: `${result.latency.p99}ms` };
}

/** A bare Node http server in its own process (as the services are), answering "hello". */
async function bareNode(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['-e', "const s=require('http').createServer((q,r)=>r.end('hello'));s.listen(0,'127.0.0.1',()=>console.log(s.address().port))"],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${chunk.toString().trim()}/`, child };
}

/** A stack with 30 characters of one member and a second member reading the listing. */
async function seeded(stacks: StackModule): Promise<{ stop: () => Promise<void>; url: string; catalogPort: number; token: string; shown: number }> {
  const { stack, url } = await stacks.startBenchStack();
  // Characters of someone else, so the member's discover listing has a full page.
  const creator = await stacks.signIn(url, 'bench-creator@lakorn.local');
  for (let i = 0; i < 30; i++) await stacks.createCharacter(url, creator, `ตัวละคร ${i + 1}`);
  const member = await stacks.signIn(url, 'bench-reader@lakorn.local');
  const page = await stacks.call<{ characters: unknown[] }>(url, member, 'GET', LISTING);
  if (page.characters.length === 0) throw new Error(`the listing is empty: ${JSON.stringify(page).slice(0, 200)}`);
  return { stop: () => stack.stop(), url, catalogPort: stack.servicePorts.catalog, token: member.token, shown: page.characters.length };
}

const LISTING = '/api/characters/public?limit=20';

async function main(): Promise<void> {
  const tool = loadTool();
  const a = await seeded(here);
  const bTree = process.env.BENCH_B_TREE;
  const b = bTree ? await seeded((await import(path.resolve(bTree, 'bench/support/stack.ts'))) as StackModule) : null;
  const bare = await bareNode();
  try {
    const targetsOf = (s: typeof a, prefix: string) => [
      { label: `${prefix}gateway GET /healthz`, url: `${s.url}/healthz` },
      { label: `${prefix}catalog ${LISTING} direct`, url: `http://127.0.0.1:${s.catalogPort}${LISTING}`, token: s.token },
      { label: `${prefix}catalog ${LISTING} through the gateway`, url: `${s.url}${LISTING}`, token: s.token },
    ];
    const targets: Array<{ label: string; url: string; token?: string }> = [
      { label: 'bare Node http hello', url: bare.url },
      ...targetsOf(a, b ? 'A: ' : ''),
      ...(b ? targetsOf(b, 'B: ') : []),
    ];
    const runs = targets.map(() => [] as Array<{ rps: number; p50: string; p99: string }>);
    const loads: string[] = [load()];
    for (let round = 0; round < ROUNDS; round++) {
      // With two trees, who goes first alternates, so neither always follows the other.
      const order = b && round % 2 === 1 ? [0, 4, 5, 6, 1, 2, 3] : targets.map((_, i) => i);
      for (const i of order) runs[i]!.push(measure(tool, targets[i]!.url, targets[i]!.token));
      loads.push(load());
    }

    const rps = runs.map((r) => median(r.map((x) => x.rps)));
    const [bareRps = 1, healthRps = 0, directRps = 0, proxiedRps = 0] = rps;
    console.info(`\nbench/gateway · ${machine()} · ${tool} -c${CONNECTIONS} ${SECONDS}s × ${ROUNDS} rounds (median) · listing page of ${a.shown}${bTree ? ` · B = ${bTree}` : ''}`);
    console.info(`load average before/after each round: ${loads.join(' → ')}\n`);
    console.info('| Target | requests/s (median) | p50 | p99 | each round |');
    console.info('| --- | ---: | ---: | ---: | --- |');
    targets.forEach((target, i) => {
      const mid = runs[i]!.find((r) => r.rps === rps[i]) ?? runs[i]![0]!;
      console.info(`| ${target.label} | ${Math.round(rps[i]!)} | ${mid.p50} | ${mid.p99} | ${runs[i]!.map((r) => Math.round(r.rps)).join(', ')} |`);
    });
    console.info('\n| Ratio | value | goal |');
    console.info('| --- | ---: | ---: |');
    console.info(`| gateway /healthz ÷ bare Node | ${((healthRps / bareRps) * 100).toFixed(1)}% | ≥ 30% |`);
    console.info(`| catalog listing direct ÷ bare Node | ${((directRps / bareRps) * 100).toFixed(1)}% | ≥ 20% |`);
    console.info(`| listing through the gateway ÷ direct | ${((proxiedRps / directRps) * 100).toFixed(1)}% | ≥ 85% |`);
    if (b) {
      console.info('\n| A ÷ B (requests/s, medians; each round pairs them) | value |');
      console.info('| --- | ---: |');
      [1, 2, 3].forEach((i) => {
        const perRound = runs[i]!.map((r, k) => r.rps / runs[i + 3]![k]!.rps);
        console.info(`| ${targets[i]!.label.slice(3)} | ×${(rps[i]! / rps[i + 3]!).toFixed(3)} (rounds ${perRound.map((x) => x.toFixed(2)).join(', ')}) |`);
      });
    }
  } finally {
    bare.child.kill();
    await Promise.all([a.stop(), b?.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
