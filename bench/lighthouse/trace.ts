// Reading a Chromium trace of one page load the way Lighthouse's simulation does: the renderer's
// top-level tasks, each timed × the CPU slowdown (bench/README.md "lighthouse").
import type { CDPSession } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { url?: string; functionName?: string; documentLoaderURL?: string; isLoadingMainFrame?: boolean };
    beginData?: { dirtyObjects?: number; totalObjects?: number };
  };
}

/**
 * Starts a trace of what the renderer's main thread does (BENCH_TRACE_CATEGORIES replaces the
 * categories, to name what a task without a script did); the answer stops it and answers its events.
 */
export async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: process.env.BENCH_TRACE_CATEGORIES ?? 'devtools.timeline,toplevel', transferMode: 'ReportEvents' });
  return async () => {
    await cdp.send('Tracing.end');
    await complete;
    return events;
  };
}

/**
 * The page's top-level main-thread tasks (the thread that evaluated the shell's main.js), in order,
 * with what ran inside each: `at` in ms from the thread's first event, `ts` on the trace's clock (µs).
 */
export function topLevelTasks(events: TraceEvent[]): { at: number; ts: number; ms: number; inside: TraceEvent[] }[] {
  const main = events.find((e) => e.name === 'EvaluateScript' && /\/main\.[^/]*js$/.test(e.args?.data?.url ?? ''));
  if (!main) return [];
  const thread = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((x, y) => x.ts - y.ts);
  const start = thread[0]?.ts ?? 0;
  const tasks: { at: number; ts: number; ms: number; inside: TraceEvent[]; end: number }[] = [];
  for (const event of thread) {
    const last = tasks[tasks.length - 1];
    if (last && event.ts < last.end) {
      last.inside.push(event);
      continue;
    }
    if (event.name !== 'RunTask' && event.name !== 'ThreadControllerImpl::RunTask') continue;
    tasks.push({ at: (event.ts - start) / 1000, ts: event.ts, ms: (event.dur ?? 0) / 1000, inside: [], end: event.ts + (event.dur ?? 0) });
  }
  return tasks.map(({ at, ts, ms, inside }) => ({ at, ts, ms, inside }));
}

/**
 * What Lighthouse's simulated TBT adds up from an unthrottled load: Σ (duration × slowdown − 50 ms)
 * over the page's top-level tasks. Its model times each observed task × the slowdown, so at ×7.4 a
 * task of 7 ms already blocks.
 */
export function simulatedBlocking(events: TraceEvent[], slowdown: number): number {
  const tasks = topLevelTasks(events);
  if (!tasks.length) return Number.NaN;
  return tasks.reduce((sum, task) => sum + Math.max(0, task.ms * slowdown - 50), 0);
}

/**
 * How long the top-level task took that evaluated the page's script whose file name starts with
 * `prefix` (main, remoteEntry): what that script's first run costs the main thread.
 */
export function scriptTask(events: TraceEvent[], prefix: string): number {
  const named = new RegExp(`/${prefix}[^/]*\\.js$`);
  const task = topLevelTasks(events).find((t) => t.inside.some((e) => e.name === 'EvaluateScript' && named.test(e.args?.data?.url ?? '')));
  return task?.ms ?? Number.NaN;
}

/**
 * How much of a Lighthouse run's simulated TBT is the navigation's own commit: Chromium's task that
 * sets up the page's window (V8's context, the inspector's notice of it) and starts reading the
 * document, before any of the page's work and before its first paint. Lighthouse's first-paint
 * model keeps only the first parse, layout and paint and the render-blocking scripts, so it may
 * put the first paint inside this task's simulated run, and count the rest of it as blocking
 * (bench/README.md "A slow day: where the home's blocking time comes from"). `longTasks` are the
 * run's `long-tasks` audit items (simulated times); the commit's is the one timed as the observed
 * task × the slowdown, and a commit that was no long task counts 0.
 */
export function commitBlocking(events: TraceEvent[], longTasks: { startTime: number; duration: number }[], fcpMs: number, ttiMs: number, slowdown: number): number {
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && /^https?:/.test(e.args.data.documentLoaderURL ?? ''));
  if (!navigation) return Number.NaN;
  const thread = events.filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X' && e.ts >= navigation.ts);
  const commits = thread.filter((e) => e.name === 'DocumentLoader::CommitNavigation');
  const tasks = thread.filter((e) => e.name === 'RunTask' && commits.some((c) => c.ts >= e.ts && c.ts + (c.dur ?? 0) <= e.ts + (e.dur ?? 0)));
  const longest = Math.max(0, ...tasks.map((t) => t.dur ?? 0)) / 1000;
  const simulated = longTasks.filter((t) => Math.abs(t.duration - longest * slowdown) < 1).sort((a, b) => a.startTime - b.startTime)[0];
  if (!simulated) return 0;
  const counted = Math.min(simulated.startTime + simulated.duration, ttiMs) - Math.max(simulated.startTime, fcpMs);
  return counted > 50 ? counted - 50 : 0;
}
