// Lighthouse, mobile preset (simulated slow 4G, 4× CPU slowdown), in Debian's Chromium on /login
// and on the signed-in home `/` showing at least 12 characters. Settings and figures: bench/README.md.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../../e2e/support';
import { median } from '../support/measure';
import { openStack, seed } from './home';
import { commitBlocking, type TraceEvent } from './trace';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  /** Of tbtMs, the navigation's commit (trace.ts commitBlocking): Chromium's task before the page's first paint. */
  commitTbtMs: number;
  fcpMs: number;
  /** JavaScript bytes on the wire (transferSize of every Script request). */
  scriptBytes: number;
  /** Every byte on the wire. */
  totalBytes: number;
  failing: string[];
  /** Lighthouse's measure of this host's CPU for this run (`environment.benchmarkIndex`). */
  benchmarkIndex: number;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  url?: string;
  statusCode?: number;
}
interface LighthouseAudit {
  score: number | null;
  scoreDisplayMode?: string;
  numericValue?: number;
  details?: { items?: (NetworkItem & { startTime?: number; duration?: number })[] };
}
interface LighthouseLhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, LighthouseAudit>;
  runtimeError?: { message: string };
  finalDisplayedUrl?: string;
  environment?: { benchmarkIndex?: number };
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
}

/**
 * The preset's 4× CPU slowdown is meant for a high-end desktop (Lighthouse's docs/throttling.md:
 * `benchmarkIndex` 1 500–2 000, 4× lands in the mid-tier mobile bracket). This machine's index moves
 * from day to day (1 010–1 560 on one day, 3 270–4 060 on another), so the same 4× emulates phones
 * three times apart. BENCH_CPU=calibrated scales the slowdown to the host, as those docs advise, so
 * that it always emulates the phone the preset emulates from the middle of that bracket.
 */
const PRESET_HOST_INDEX = 1_750;
const PRESET_SLOWDOWN = 4;

/**
 * The member's session cookie (`name=value`) put in the launched browser's own cookie jar, as a
 * signed-in phone holds it. Passed as an extra `Cookie` header instead (as before), it is lost as
 * soon as the page has a cookie of its own (discover's seed, README "First screen from the
 * server"): Chromium then sends the jar's cookies in place of the header's, and the page's reads
 * answer 401 (measured: every run signed out after its first screen).
 */
async function putSessionInJar(port: number, target: string, cookie: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [name, value] = cookie.split('=') as [string, string];
    await browser.contexts()[0]?.addCookies([{ name, value, url: new URL(target).origin, httpOnly: true, sameSite: 'Lax' }]);
  } finally {
    await browser.close();
  }
}

async function lighthouseOnce(target: string, cookie: string | undefined, cpuSlowdownMultiplier?: number): Promise<RunFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run'],
  });
  try {
    if (cookie) await putSessionInJar(chrome.port, target, cookie);
    const result = await lighthouse(target, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // A fresh profile per run (chrome-launcher): nothing to reset but the session just put in it.
      ...(cookie ? { disableStorageReset: true } : {}),
      // BENCH_THROTTLING=devtools loads the page under real network and CPU throttling instead of
      // simulating them from an unthrottled load: slower, but it sees when a request really starts
      // (a preload, a read asked for earlier), which the simulation only estimates.
      ...(process.env.BENCH_THROTTLING === 'devtools' ? { throttlingMethod: 'devtools' as const } : {}),
      ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
    });
    const lhr = result?.lhr as unknown as LighthouseLhr | undefined;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${target}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    // BENCH_LHR_DIR keeps each run's full report, to read what blocked the main thread (bootup-time,
    // mainthread-work-breakdown, long-tasks) rather than only the scores, and the trace it was
    // computed from (`.trace.json`: what the browser did inside each of those tasks).
    if (process.env.BENCH_LHR_DIR) {
      await fs.mkdir(process.env.BENCH_LHR_DIR, { recursive: true });
      const name = `${new URL(target).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}`;
      await fs.writeFile(path.join(process.env.BENCH_LHR_DIR, `${name}.json`), JSON.stringify(result?.lhr));
      await fs.writeFile(path.join(process.env.BENCH_LHR_DIR, `${name}.trace.json`), JSON.stringify(result?.artifacts.Trace));
    }
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    // A signed-in page measured signed out (sent to /login, or its session refused) is no measure of it.
    if (cookie) {
      const refused = requests.find((r) => r.url?.includes('/api/') && r.statusCode === 401);
      const landed = lhr.finalDisplayedUrl ? new URL(lhr.finalDisplayedUrl).pathname : undefined;
      if (refused || landed !== new URL(target).pathname) throw new Error(`not signed in: ${refused ? `${refused.url} answered 401` : `the page ended at ${landed}`}`);
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .filter((ref) => {
          const audit = lhr.audits[ref.id];
          return audit && audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1;
        })
        .map((ref) => ref.id),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      commitTbtMs: commitBlocking(
        (result?.artifacts.Trace as { traceEvents?: TraceEvent[] } | undefined)?.traceEvents ?? [],
        (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => ({ startTime: t.startTime ?? NaN, duration: t.duration ?? NaN })),
        lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
        lhr.audits.interactive?.numericValue ?? NaN,
        lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? PRESET_SLOWDOWN,
      ),
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
      scriptBytes: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      totalBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      failing,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    };
  } finally {
    chrome.kill();
  }
}

/** `runs` loads of a page; a load that loses its trace (NO_NAVSTART on a loaded machine) is repeated, up to 3 times. */
async function measure(name: string, target: string, cookie: string | undefined, runs: number, slowdown?: number): Promise<RunFigures[]> {
  const done: RunFigures[] = [];
  let failures = 0;
  while (done.length < runs) {
    try {
      done.push(await lighthouseOnce(target, cookie, slowdown));
      process.stderr.write(`${name} run ${done.length}/${runs}: performance ${done.at(-1)?.performance}\n`);
    } catch (error) {
      if (++failures > 3) throw error;
      process.stderr.write(`${name}: a run failed and is repeated: ${(error as Error).message}\n`);
    }
  }
  return done;
}

function summarize(page: string, runs: RunFigures[]): string {
  const pick = (key: keyof Omit<RunFigures, 'failing' | 'benchmarkIndex' | 'commitTbtMs'>) => median(runs.map((r) => r[key]));
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  return (
    `| ${page} | ${pick('performance')} (${runs.map((r) => r.performance).join(', ')}) | ${pick('accessibility')} | ${pick('bestPractices')} | ` +
    `${(pick('fcpMs') / 1000).toFixed(1)} s | ${(pick('lcpMs') / 1000).toFixed(1)} s | ${Math.round(pick('tbtMs'))} ms | ` +
    `${runs.map((r) => Math.round(r.commitTbtMs)).join(', ')} ms | ` +
    `${(pick('scriptBytes') / 1024).toFixed(0)} KiB | ${(pick('totalBytes') / 1024).toFixed(0)} KiB | ${failing.join(', ') || '—'} |`
  );
}

async function main(): Promise<void> {
  const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');
  const loadBefore = load();
  const { url, stack } = await openStack();
  try {
    // BENCH_COOKIE: a member of a Lakorn already running (BENCH_URL) whose home is seeded already.
    const cookie = process.env.BENCH_COOKIE ?? (await seed(url));
    const pages: [string, string, string | undefined][] = [
      ['/login', `${url}/login`, undefined],
      ['/ (signed in)', `${url}/`, cookie],
    ];
    const lines: string[] = [];
    // BENCH_CPU=<n> sets the slowdown itself (to compare two builds at one calibrated slowdown).
    let slowdown: number | undefined = Number(process.env.BENCH_CPU) > 0 ? Number(process.env.BENCH_CPU) : undefined;
    if (process.env.BENCH_CPU === 'calibrated') {
      // The host's index from three loads of /login (the cheaper page), then the slowdown for it.
      const host = (await measure('calibration: /login', `${url}/login`, undefined, 3)).map((run) => run.benchmarkIndex);
      slowdown = Math.max(1, Math.round(((PRESET_SLOWDOWN * median(host)) / PRESET_HOST_INDEX) * 10) / 10);
      process.stderr.write(`benchmarkIndex ${host.map(Math.round).join(', ')}: CPU slowdown ${slowdown}× (the preset's ${PRESET_SLOWDOWN}× at ${PRESET_HOST_INDEX})\n`);
    }
    const indexes: number[] = [];
    // BENCH_PAGES=/ measures the signed-in home only (or /login only).
    const only = process.env.BENCH_PAGES?.split(',');
    for (const [name, target, cookie] of pages.filter(([, target]) => !only || only.includes(new URL(target).pathname))) {
      const runs = await measure(name, target, cookie, RUNS, slowdown);
      indexes.push(...runs.map((run) => run.benchmarkIndex));
      lines.push(summarize(name, runs));
      process.stderr.write(`${lines.at(-1)}\n`);
    }
    const cpu = slowdown ? `CPU slowdown ${slowdown}×` : `the preset's ${PRESET_SLOWDOWN}× CPU slowdown`;
    console.info(
      `Lighthouse ${RUNS}× mobile preset (${cpu}), ${new Date().toISOString()}, ${os.cpus().length} cores, ` +
        `benchmarkIndex ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}, load average before ${loadBefore}, after ${load()}`,
    );
    console.info('| page | performance (median; runs) | accessibility | best practices | FCP | LCP | TBT | of it, the navigation commit (runs) | JS transferred | all transferred | failing a11y/bp audits |');
    console.info('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const line of lines) console.info(line);
  } finally {
    await stack?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
