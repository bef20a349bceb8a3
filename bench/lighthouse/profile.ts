// Where the signed-in home's main thread goes: the page bench/lighthouse measures, loaded once in
// Debian's Chromium at 390×844 with the CPU slowed 4× (Lighthouse's mobile preset), while the V8
// profiler samples. Prints React's commits (through the hook React DevTools uses: when each
// happened and how many components each rendered), the long tasks, and the self time per source
// file and per function, mapped back through the hidden source maps the build keeps next to its
// files (bench/README.md "lighthouse"). Settings: BENCH_THROTTLE (4), BENCH_URL and BENCH_COOKIE
// (profile a Lakorn already running, signed in by that cookie), BENCH_TASK_MS (also trace the load
// and list every top-level task of that many ms or more with its functions: the tasks Lighthouse's
// model multiplies, which at BENCH_THROTTLE=1 are far below the long-task API's 50 ms).
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map';
import { CHROMIUM_PATH } from '../../e2e/support';
import { repoPaths } from '../../infra/src/paths';
import { loadHome, memberContext, openStack, seed } from './home';
import { startTrace, topLevelTasks } from './trace';

const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 4);
const TASK_MS = process.env.BENCH_TASK_MS ? Number(process.env.BENCH_TASK_MS) : null;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

/** React's phases, by the function a sample runs under (react-dom-client's names): what a task spent in each. */
const REACT_PHASES = ['renderRootSync', 'renderRootConcurrent', 'flushMutationEffects', 'flushLayoutEffects', 'flushSpawnedWork', 'flushPassiveEffects', 'commitRoot'];
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

/**
 * Counts React's commits without React's help: React calls the DevTools hook's onCommitFiberRoot
 * after every commit when a hook is installed before it loads. A fiber rendered in a commit when
 * it is new or its props or state changed since the last commit saw it (not since its alternate:
 * a subtree a commit did not touch keeps an alternate from an earlier render, which counted the
 * whole page again in every small commit after a large one, until 2026-11-28); host elements and
 * text (tags 5, 6) are counted with their owners. Plain JavaScript: it runs in the page as
 * written (tsx's helpers are not there).
 */
const COMMIT_PROBE = `(() => {
  // A mark the profile can find: the page's clock at its first sample (long tasks are on that clock).
  const __lakornProbeMark = () => { const until = performance.now() + 3; while (performance.now() < until); return performance.now(); };
  window.__lakornMarkAt = __lakornProbeMark();
  window.__probeSource = ${process.env.BENCH_PROBE_SOURCE === '1'};
  const commits = [];
  const longTasks = [];
  // Each fiber's props and state as the last commit saw them (a fiber and its alternate alike).
  const seen = new WeakMap();
  const nameOf = (fiber) => {
    const type = fiber.type ?? fiber.elementType;
    if (typeof type === 'string') return '<' + type + '>';
    if (!type) return 'tag' + fiber.tag;
    if (type.styledComponentId) return 'styled';
    return type.displayName ?? type.name ?? 'tag' + fiber.tag;
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(), supportsFiber: true, isDisabled: false,
    inject() { return 1; }, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      let rendered = 0;
      const names = {};
      // Where the commit came from: components whose own state changed, providers whose value did.
      const origins = [];
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        const before = seen.get(fiber) ?? (fiber.alternate ? seen.get(fiber.alternate) : undefined);
        const now = { memoizedProps: fiber.memoizedProps, memoizedState: fiber.memoizedState };
        seen.set(fiber, now);
        if (fiber.alternate) seen.set(fiber.alternate, now);
        if (fiber.tag !== 5 && fiber.tag !== 6 && (!before || before.memoizedProps !== fiber.memoizedProps || before.memoizedState !== fiber.memoizedState)) {
          rendered++;
          // A component drawn again (not new) is marked ↻: the memoised that should have been skipped show here.
          const name = nameOf(fiber) + (before ? '↻' : '');
          names[name] = (names[name] ?? 0) + 1;
          if (before && before.memoizedProps === fiber.memoizedProps && before.memoizedState !== fiber.memoizedState) origins.push(window.__probeSource ? name + ':' + String(fiber.type).slice(0, 160) : name);
          if (before && fiber.tag === 10 && before.memoizedProps?.value !== fiber.memoizedProps?.value) origins.push('provider:' + (fiber.type?._context?.displayName ?? fiber.type?.displayName ?? '?'));
        }
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
      commits.push({ at: Math.round(performance.now()), rendered, names, origins });
    },
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ at: Math.round(entry.startTime), ms: Math.round(entry.duration) });
  }).observe({ type: 'longtask', buffered: true });
  window.__lakornProbe = { commits, longTasks };
})();`;

/** Every file the page loaded from the built front ends, by its URL path, with its hidden source map. */
async function sourceMaps(root: string, urls: string[]): Promise<Map<string, SourceMapConsumer>> {
  const maps = new Map<string, SourceMapConsumer>();
  const dists: Record<string, string> = { '/remotes/mf-discover/': 'mf-discover', '/remotes/mf-chat/': 'mf-chat', '/remotes/mf-wallet/': 'mf-wallet', '/remotes/mf-news/': 'mf-news', '/remotes/mf-admin/': 'mf-admin' };
  for (const url of new Set(urls)) {
    if (!url.endsWith('.js')) continue;
    const pathname = new URL(url).pathname;
    const prefix = Object.keys(dists).find((p) => pathname.startsWith(p));
    const file = prefix ? path.join(root, dists[prefix] as string, 'dist', pathname.slice(prefix.length)) : path.join(root, 'shell', 'dist', pathname.slice(1));
    try {
      const raw = JSON.parse(await fs.readFile(`${file}.map`, 'utf8')) as RawSourceMap;
      maps.set(url, await new SourceMapConsumer(raw));
    } catch {
      // No map (a file built without one): shown by its URL.
    }
  }
  return maps;
}

const short = (source: string) => source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^.*node_modules\//, 'nm:').replace(/^\.\//, '');

async function main(): Promise<void> {
  const opened = process.env.BENCH_URL ? { url: process.env.BENCH_URL.replace(/\/$/, ''), stack: undefined } : await openStack();
  const { url, stack } = opened;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    const cookie = process.env.BENCH_COOKIE ?? (await seed(url));
    const context = await memberContext(browser, url, cookie, { deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    await context.addInitScript({ content: COMMIT_PROBE });
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const stopTrace = TASK_MS === null ? null : await startTrace(cdp);
    await cdp.send('Profiler.start');
    const cardsAt = await loadHome(page, url);
    await page.waitForTimeout(2_000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const traced = stopTrace ? await stopTrace() : null;
    const markAt = (await page.evaluate('window.__lakornMarkAt')) as number;
    const probe = (await page.evaluate('window.__lakornProbe')) as {
      commits: { at: number; rendered: number; names: Record<string, number>; origins: string[] }[];
      longTasks: { at: number; ms: number }[];
    };

    console.info(`Profile of ${url}/ at 390×844, CPU ×${THROTTLE}: 12 cards shown after ${cardsAt} ms (wall clock, page load included)`);
    // When the reads answered and the first picture was asked for: what lies between is the page's own work.
    const milestones = (await page.evaluate(`performance.getEntriesByType('resource').filter((e) => /\\/api\\/characters\\/public|character-images/.test(e.name)).map((e) => [new URL(e.name).pathname.split('/').slice(-2).join('/') + new URL(e.name).search.slice(0, 30), Math.round(e.startTime), Math.round(e.responseEnd)])`)) as [string, number, number][];
    console.info('\nReads and pictures (asked, answered, ms on the page clock):');
    for (const [name, asked, answered] of milestones.slice(0, 6)) console.info(`  ${String(asked).padStart(6)} ${String(answered).padStart(6)}  ${name}`);
    console.info(`\nReact commits: ${probe.commits.length}`);
    for (const c of probe.commits) {
      const top = Object.entries(c.names).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, k]) => `${n}×${k}`).join(' ');
      console.info(`  ${String(c.at).padStart(6)} ms  ${String(c.rendered).padStart(4)} rendered  ${top}  ← ${[...new Set(c.origins)].join(', ') || 'new tree'}`);
    }
    console.info(`\nLong tasks (≥ 50 ms): ${probe.longTasks.length}, ${probe.longTasks.reduce((s, t) => s + t.ms, 0)} ms`);
    const tasksAt = probe.longTasks;

    // Self time per node, from the samples; and each sample's time on the page's clock, found from
    // the probe's mark (its last sample ends about when the mark's loop returned).
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
    const maps = await sourceMaps(repoPaths().root, profile.nodes.map((n) => n.callFrame.url));
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const times: number[] = [];
    profile.timeDeltas.reduce((t, d, i) => ((times[i] = t + d / 1000), t + d / 1000), 0);
    const lastMark = profile.samples.map((id, i) => [id, i] as const).filter(([id]) => byId.get(id)?.callFrame.functionName === '__lakornProbeMark').at(-1);
    const offset = lastMark ? markAt - (times[lastMark[1]] ?? 0) : null;
    const where = (node: ProfileNode): string => {
      const { url: scriptUrl, functionName, lineNumber, columnNumber } = node.callFrame;
      const map = maps.get(scriptUrl);
      const original = map?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
      if (original?.source) return `${original.name ?? (functionName || '(anonymous)')} ${short(original.source)}:${original.line}`;
      return `${functionName || '(anonymous)'} ${scriptUrl ? new URL(scriptUrl).pathname : ''}`.trim();
    };
    for (const t of tasksAt) {
      const inTask = new Map<string, number>();
      if (offset !== null) {
        profile.samples.forEach((id, i) => {
          const at = (times[i] ?? 0) + offset;
          if (at < t.at || at > t.at + t.ms) return;
          const key = where(byId.get(id) as ProfileNode);
          inTask.set(key, (inTask.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
        });
      }
      const top = [...inTask].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(' · ');
      console.info(`  ${String(t.at).padStart(6)} ms  ${t.ms} ms  ${top}`);
    }
    if (traced && TASK_MS !== null) {
      // The profile's samples on the trace's clock (both count µs from the same start).
      const sampleTs: number[] = [];
      profile.timeDeltas.reduce((t, d, i) => ((sampleTs[i] = t + d), t + d), profile.startTime);
      const tasks = topLevelTasks(traced).filter((t) => t.ms >= TASK_MS);
      const parentOf = new Map<number, number>();
      for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
      const phaseOf = new Map<number, string>();
      const phase = (id: number): string => {
        const known = phaseOf.get(id);
        if (known !== undefined) return known;
        const name = where(byId.get(id) as ProfileNode).split(' ')[0] ?? '';
        const parent = parentOf.get(id);
        const found = REACT_PHASES.includes(name) ? name : parent === undefined ? '' : phase(parent);
        phaseOf.set(id, found);
        return found;
      };
      console.info(`\nTop-level tasks of ${TASK_MS} ms or more: ${tasks.length}, ${tasks.reduce((s, t) => s + t.ms, 0).toFixed(0)} ms`);
      for (const t of tasks) {
        const inTask = new Map<string, number>();
        const phases = new Map<string, number>();
        profile.samples.forEach((id, i) => {
          const ts = sampleTs[i] ?? 0;
          if (ts < t.ts || ts > t.ts + t.ms * 1000) return;
          const ms = (profile.timeDeltas[i] ?? 0) / 1000;
          const key = where(byId.get(id) as ProfileNode);
          inTask.set(key, (inTask.get(key) ?? 0) + ms);
          const p = phase(id);
          if (p) phases.set(p, (phases.get(p) ?? 0) + ms);
        });
        const top = [...inTask].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(' · ');
        const react = [...phases].map(([p, ms]) => `${p} ${ms.toFixed(1)}`).join(', ');
        // What the browser did in it, by trace event (nested events count in their parents too):
        // names the work a script-less "(program)" stands for (ParseHTML, Layout, UpdateLayoutTree…).
        const byEvent = new Map<string, number>();
        for (const e of t.inside) {
          const script = e.name === 'EvaluateScript' ? e.args?.data?.url?.split('/').pop() : undefined;
          const name = script ? `${e.name} ${script}` : e.name;
          byEvent.set(name, (byEvent.get(name) ?? 0) + (e.dur ?? 0) / 1000);
        }
        const events = [...byEvent].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(' · ');
        console.info(`  ${t.at.toFixed(0).padStart(6)} ms  ${t.ms.toFixed(1)} ms  ${react ? `[React: ${react}] ` : ''}${top}${events ? `\n                   {${events}}` : ''}`);
      }
      const first = topLevelTasks(traced)[0];
      const fcp = traced.find((e) => e.name === 'firstContentfulPaint');
      if (first && fcp) console.info(`  first contentful paint at ${(first.at + (fcp.ts - first.ts) / 1000).toFixed(0)} ms`);
    }
    const byFile = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const node of profile.nodes) {
      const ms = self.get(node.id) ?? 0;
      if (!ms) continue;
      const { url: scriptUrl, functionName, lineNumber, columnNumber } = node.callFrame;
      let file = scriptUrl ? new URL(scriptUrl).pathname : functionName ? `(${functionName})` : '(native)';
      let fn = functionName || '(anonymous)';
      const map = maps.get(scriptUrl);
      if (map) {
        const original = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
        if (original.source) {
          file = short(original.source);
          fn = `${original.name ?? fn} ${file}:${original.line}`;
        }
      }
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    }
    const total = [...byFile.values()].reduce((a, b) => a + b, 0);
    const table = (title: string, entries: Map<string, number>, n: number) => {
      console.info(`\n${title} (of ${total.toFixed(0)} ms sampled, throttled)`);
      for (const [k, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, n)) console.info(`  ${ms.toFixed(1).padStart(8)} ms  ${k}`);
    };
    table('Self time by source file', byFile, 30);
    table('Self time by function', byFunction, 40);
  } finally {
    await browser.close();
    await stack?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
