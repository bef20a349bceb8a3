// The page both lighthouse.bench.ts and profile.ts measure: an isolated stack (or BENCH_URL) and a
// member whose signed-in home `/` shows a creator's 12 public characters (bench/README.md "lighthouse").
import fs from 'node:fs/promises';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { pngImage, signInViaApi } from '../../e2e/support';
import { repoPaths } from '../../infra/src/paths';
import { startStack, type Stack } from '../../infra/src/stack';

const CHARACTERS = 12;
export const SESSION_COOKIE = 'lakorn_session';

/** An isolated stack (BENCH_WEB_ROOT measures another build, e.g. a baseline checkout's dists), or BENCH_URL. */
export async function openStack(): Promise<{ url: string; stack?: Stack }> {
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
export async function seed(url: string): Promise<string> {
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

/** A browser context at the phone size the benches measure (390×844, Thai), signed in by `cookie` (name=value). */
export async function memberContext(browser: Browser, url: string, cookie: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const [name, value] = cookie.split('=') as [string, string];
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'th-TH', ...options });
  await context.addCookies([{ name, value, url }]);
  return context;
}

/** Loads the signed-in home until its 12 cards are drawn and the network is quiet; answers the ms until the cards. */
export async function loadHome(page: Page, url: string): Promise<number> {
  const started = Date.now();
  await page.goto(`${url}/`, { waitUntil: 'load' });
  await page.locator('main article').nth(CHARACTERS - 1).waitFor({ timeout: 60_000 });
  const cardsAt = Date.now() - started;
  await page.waitForLoadState('networkidle');
  return cardsAt;
}
