// The signed-in home's top-level main-thread tasks, as Lighthouse's simulation sees them: one
// unthrottled load at 390×844 (the page mainThread.ts and profile.ts load; BENCH_URL and
// BENCH_COOKIE as there), each task of BENCH_MIN_MS (5) or more with what ran inside it (scripts
// evaluated, functions called, style, layout and paint), and the blocking time Lighthouse's model
// would count for the load at BENCH_SIMULATE (4) (bench/README.md "lighthouse").
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../../e2e/support';
import { loadHome, memberContext, openStack, seed } from './home';
import { simulatedBlocking, startTrace, topLevelTasks, type TraceEvent } from './trace';

const MIN_MS = Number(process.env.BENCH_MIN_MS ?? 5);
const SIMULATE = Number(process.env.BENCH_SIMULATE ?? 4);
/** Wrappers that say nothing about the work inside. */
const HIDDEN = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

function describe(event: TraceEvent): string {
  const file = event.args?.data?.url?.split('/').pop();
  const objects = event.name === 'Layout' ? ` (${event.args?.beginData?.dirtyObjects ?? '?'} objects)` : '';
  return `${event.name}${file ? ` ${file}` : ''}${objects} ${((event.dur ?? 0) / 1000).toFixed(1)}`;
}

async function main(): Promise<void> {
  const { url, stack } = await openStack();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
  try {
    const context = await memberContext(browser, url, process.env.BENCH_COOKIE ?? (await seed(url)));
    const page = await context.newPage();
    const stopTrace = await startTrace(await context.newCDPSession(page));
    await loadHome(page, url);
    const events = await stopTrace();
    const tasks = topLevelTasks(events);
    console.info(`Top-level tasks of ${MIN_MS} ms or more (ms from the first; duration; inside, ms):`);
    for (const task of tasks.filter((t) => t.ms >= MIN_MS)) {
      const inside = task.inside.filter((e) => !HIDDEN.has(e.name) && (e.dur ?? 0) >= 1000).slice(0, 6).map(describe);
      console.info(`${task.at.toFixed(0).padStart(6)} ${task.ms.toFixed(1).padStart(6)}  ${inside.join(' · ')}`);
    }
    const total = tasks.reduce((sum, t) => sum + t.ms, 0);
    console.info(`${tasks.length} tasks, ${total.toFixed(0)} ms; blocking as Lighthouse's model would count it at ×${SIMULATE}: ${simulatedBlocking(events, SIMULATE).toFixed(0)} ms`);
    await context.close();
  } finally {
    await browser.close();
    await stack?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
