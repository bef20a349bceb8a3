// Lighthouse, mobile preset (simulated slow 4G, 4× CPU slowdown), in Debian's Chromium on /login
// and on the signed-in home `/` showing at least 12 characters. Settings and figures: bench/README.md.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';
import { CHROMIUM_PATH, pngImage, signInViaApi } from '../../e2e/support';
import { repoPaths } from '../../infra/src/paths';
import { startStack, type Stack } from '../../infra/src/stack';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHARACTERS = 12;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const SESSION_COOKIE = 'lakorn_session';

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** JavaScript bytes on the wire (transferSize of every Script request). */
  scriptBytes: number;
  /** Every byte on the wire. */
  totalBytes: number;
  failing: string[];
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}
interface LighthouseAudit {
  score: number | null;
  scoreDisplayMode?: string;
  numericValue?: number;
  details?: { items?: NetworkItem[] };
}
interface LighthouseLhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, LighthouseAudit>;
  runtimeError?: { message: string };
}

/** An isolated stack (BENCH_WEB_ROOT measures another build, e.g. a baseline checkout's dists), or BENCH_URL. */
async function openStack(): Promise<{ url: string; stack?: Stack }> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL.replace(/\/$/, '') };
  const logFile = path.join(repoPaths().artifacts, 'bench-lighthouse-stack.log');
  await fs.mkdir(path.dirname(logFile), { recursive: true });
  const log = await fs.open(logFile, 'w');
  const stack = await startStack({
    isolated: true,
    buildWeb: !process.env.BENCH_WEB_ROOT,
    // Development mode, as `npm start` runs: the seed signs in through the development provider.
    overrides: { LOG_LEVEL: 'warn', NODE_ENV: 'development', ...(process.env.BENCH_WEB_ROOT ? { WEB_ROOT: process.env.BENCH_WEB_ROOT } : {}) },
    sink: (lines) => void log.write(`${lines.join('\n')}\n`),
  });
  return { url: stack.url, stack };
}

/**
 * A creator's 12 public characters (with a picture each) and a second member, whose discover page
 * shows them (the listing never shows a member their own); answers that member's session cookie.
 */
async function seed(url: string): Promise<string> {
  const run = Date.now().toString(36);
  const creator: APIRequestContext = await playwrightRequest.newContext({ baseURL: url });
  const viewer: APIRequestContext = await playwrightRequest.newContext({ baseURL: url });
  try {
    await signInViaApi({ request: creator }, url, `lighthouse-creator-${run}@lakorn.local`, 'ผู้สร้างตัวละคร');
    const upload = await creator.post('/api/upload/character-image', {
      multipart: { image: { name: 'face.png', mimeType: 'image/png', buffer: pngImage(320, 320) } },
    });
    if (!upload.ok()) throw new Error(`upload answered ${upload.status()}: ${await upload.text()}`);
    const { url: profileUrl } = (await upload.json()) as { url: string };
    for (let i = 0; i < CHARACTERS; i++) {
      const res = await creator.post('/api/characters', {
        data: {
          name: `ตัวละครทดสอบ ${i + 1}`,
          gender: i % 2 ? 'male' : 'female',
          genre: ['romantic', 'adventure', 'daily', 'friendship'][i % 4],
          personality: 'ใจดี ช่างพูด ชอบเล่าเรื่องการเดินทางไปตามเมืองเล็ก ๆ ริมแม่น้ำเจ้าพระยา',
          firstMessage: 'สวัสดีค่ะ วันนี้อยากคุยเรื่องอะไรดี',
          description: 'เพื่อนคุยยามค่ำคืนที่รู้จักทุกซอกซอย',
          isPublic: true,
          profileUrl,
        },
      });
      if (res.status() !== 201) throw new Error(`POST /api/characters answered ${res.status()}: ${await res.text()}`);
    }
    await signInViaApi({ request: viewer }, url, `lighthouse-viewer-${run}@lakorn.local`, 'ผู้ทดสอบความเร็ว');
    const listed = (await (await viewer.get('/api/characters/public?limit=20')).json()) as { characters?: unknown[] };
    if ((listed.characters?.length ?? 0) < CHARACTERS) throw new Error(`the discover listing shows ${JSON.stringify(listed).slice(0, 300)}`);
    const cookie = (await viewer.storageState()).cookies.find((c) => c.name === SESSION_COOKIE);
    if (!cookie) throw new Error('no session cookie after sign-in');
    return `${cookie.name}=${cookie.value}`;
  } finally {
    await creator.dispose();
    await viewer.dispose();
  }
}

async function lighthouseOnce(target: string, headers: Record<string, string>): Promise<RunFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run'],
  });
  try {
    const result = await lighthouse(target, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      extraHeaders: headers,
    });
    const lhr = result?.lhr as unknown as LighthouseLhr | undefined;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${target}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    // BENCH_LHR_DIR keeps each run's full report, to read what blocked the main thread (bootup-time,
    // mainthread-work-breakdown, long-tasks) rather than only the scores.
    if (process.env.BENCH_LHR_DIR) {
      await fs.mkdir(process.env.BENCH_LHR_DIR, { recursive: true });
      const name = `${new URL(target).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
      await fs.writeFile(path.join(process.env.BENCH_LHR_DIR, name), JSON.stringify(result?.lhr));
    }
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
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
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
      scriptBytes: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      totalBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      failing,
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

function summarize(page: string, runs: RunFigures[]): string {
  const pick = (key: keyof Omit<RunFigures, 'failing'>) => median(runs.map((r) => r[key]));
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  return (
    `| ${page} | ${pick('performance')} (${runs.map((r) => r.performance).join(', ')}) | ${pick('accessibility')} | ${pick('bestPractices')} | ` +
    `${(pick('fcpMs') / 1000).toFixed(1)} s | ${(pick('lcpMs') / 1000).toFixed(1)} s | ${Math.round(pick('tbtMs'))} ms | ` +
    `${(pick('scriptBytes') / 1024).toFixed(0)} KiB | ${(pick('totalBytes') / 1024).toFixed(0)} KiB | ${failing.join(', ') || '—'} |`
  );
}

async function main(): Promise<void> {
  const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');
  const loadBefore = load();
  const { url, stack } = await openStack();
  try {
    const cookie = await seed(url);
    const pages: [string, string, Record<string, string>][] = [
      ['/login', `${url}/login`, {}],
      ['/ (signed in)', `${url}/`, { Cookie: cookie }],
    ];
    const lines: string[] = [];
    for (const [name, target, headers] of pages) {
      const runs: RunFigures[] = [];
      let failures = 0;
      while (runs.length < RUNS) {
        try {
          runs.push(await lighthouseOnce(target, headers));
          process.stderr.write(`${name} run ${runs.length}/${RUNS}: performance ${runs.at(-1)?.performance}\n`);
        } catch (error) {
          // Lighthouse now and then loses a trace on a loaded machine (NO_NAVSTART): run again.
          if (++failures > 3) throw error;
          process.stderr.write(`${name}: a run failed and is repeated: ${(error as Error).message}\n`);
        }
      }
      lines.push(summarize(name, runs));
      process.stderr.write(`${lines.at(-1)}\n`);
    }
    console.info(`Lighthouse ${RUNS}× mobile preset, ${new Date().toISOString()}, ${os.cpus().length} cores, load average before ${loadBefore}, after ${load()}`);
    console.info('| page | performance (median; runs) | accessibility | best practices | FCP | LCP | TBT | JS transferred | all transferred | failing a11y/bp audits |');
    console.info('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const line of lines) console.info(line);
  } finally {
    await stack?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
