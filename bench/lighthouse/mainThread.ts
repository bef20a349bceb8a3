// How much main-thread work the signed-in home costs, for comparing two builds of the front end
// where Lighthouse cannot tell them apart (its score moves ±5 between runs of the same build on
// this machine: bench/README.md "lighthouse"). The page bench/lighthouse measures, loaded
// BENCH_LOADS (15) times per build in a fresh Chromium context at 390×844, unthrottled (BENCH_THROTTLE
// sets a CPU slowdown), until its 12 cards and the network are quiet; Chromium's own counters
// (CDP Performance.getMetrics: TaskDuration, ScriptDuration, RecalcStyleDuration, LayoutDuration)
// and the long tasks' blocking time are read after each load, with the tasks that evaluated the
// shell's main.js and the remote's entry each timed on its own (from the trace), the first round
// discarded as warm-up, medians printed.
// BENCH_B_ROOT=<dir> (a checkout whose front ends are built) is served by a second gateway over the
// same services, and every round loads both builds, who goes first alternating.
import { loadavg } from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH } from '../../e2e/support';
import { startOwnGateway } from '../../e2e/support/ownGateway';
import { median } from '../support/measure';
import { loadHome, memberContext, openStack, seed } from './home';
import { scriptTask, simulatedBlocking, startTrace } from './trace';

const LOADS = Number(process.env.BENCH_LOADS ?? 15);
const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 1);
/** The scripts whose evaluating task is timed on its own (a column each): the shell's main.js and the remote's entry. (The start's libraries run later, in a task of the runtime's own, not their chunks' evaluation.) */
const SCRIPT_TASKS = ['main', 'remoteEntry'] as const;
const METRICS = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'Blocking', 'Simulated', ...SCRIPT_TASKS] as const;
/** The CPU slowdown Lighthouse's simulation would apply to this load's tasks (Simulated, below). */
const SIMULATE = Number(process.env.BENCH_SIMULATE ?? 4);
type Sample = Record<(typeof METRICS)[number], number>;

// Blocking: what Lighthouse's TBT adds up, Σ (duration − 50 ms) of the page's long tasks, observed
// rather than simulated. Every long task counts: the page's first contentful paint is React's (before
// it, index.html shows only its frame and a spinner), so here they all fall before it, while
// Lighthouse's model (which puts the first paint before the deferred scripts) counts them all. With BENCH_THROTTLE=4 it is the closest figure to
// TBT that holds still between runs.
const LONG_TASKS = `(() => {
  const tasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e); }).observe({ type: 'longtask', buffered: true });
  window.__blockingNow = () => tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
})();`;

// Simulated: what Lighthouse's simulated TBT adds up (trace.ts simulatedBlocking) at BENCH_SIMULATE
// (4, the preset; the calibrated slowdown to compare at that phone): it sees a long task cut in two
// where Lighthouse's score, ±5 between runs, cannot.

// The bench loads the page a few hundred times a minute: the gateway's per-member limit would answer 429.
process.env.RATE_LIMIT_IP_PER_MINUTE ??= '1000000';
process.env.RATE_LIMIT_USER_PER_MINUTE ??= '1000000';

async function loadOnce(browser: Browser, url: string, cookie: string): Promise<Sample> {
  const context = await memberContext(browser, url, cookie);
  try {
    await context.addInitScript({ content: LONG_TASKS });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (THROTTLE !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await cdp.send('Performance.enable');
    const stopTrace = await startTrace(cdp);
    await loadHome(page, url);
    await page.waitForTimeout(500);
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const byName = new Map(metrics.map((m) => [m.name, m.value * 1000]));
    byName.set('Blocking', (await page.evaluate('window.__blockingNow()')) as number);
    const events = await stopTrace();
    byName.set('Simulated', simulatedBlocking(events, SIMULATE));
    for (const script of SCRIPT_TASKS) byName.set(script, scriptTask(events, script));
    return Object.fromEntries(METRICS.map((m) => [m, byName.get(m) ?? Number.NaN])) as Sample;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const { url, stack } = await openStack();
  const b = process.env.BENCH_B_ROOT && stack ? await startOwnGateway({ servicePorts: stack.servicePorts, webRoot: process.env.BENCH_B_ROOT, name: 'gateway-b' }) : undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
  try {
    const cookie = process.env.BENCH_COOKIE ?? (await seed(url));
    const targets = [{ name: 'A (this tree)', url }, ...(b ? [{ name: `B (${process.env.BENCH_B_ROOT})`, url: b.url }] : [])];
    const samples = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
    for (let round = 0; round <= LOADS; round++) {
      for (const target of round % 2 ? [...targets].reverse() : targets) {
        const sample = await loadOnce(browser, target.url, cookie);
        if (round > 0) samples.get(target.name)?.push(sample);
      }
    }
    console.info(`bench/lighthouse mainThread · ${new Date().toISOString()} · ${LOADS} loads per build · CPU ×${THROTTLE} · Simulated at ×${SIMULATE} · load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.info(`| build | ${METRICS.join(' | ')} |\n| --- |${METRICS.map(() => ' ---: |').join('')}`);
    for (const [name, list] of samples) console.info(`| ${name} | ${METRICS.map((m) => `${median(list.map((s) => s[m])).toFixed(1)} ms`).join(' | ')} |`);
    if (b) {
      const [a, other] = [...samples.values()] as [Sample[], Sample[]];
      console.info(`| A ÷ B | ${METRICS.map((m) => `×${(median(a.map((s) => s[m])) / median(other.map((s) => s[m]))).toFixed(2)}`).join(' | ')} |`);
    }
  } finally {
    await browser.close();
    if (b) await new Promise<void>((resolve) => b.server.close(() => resolve()));
    await stack?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
