// The page both lighthouse.bench.ts and profile.ts measure: an isolated stack (or BENCH_URL) and a
// member whose signed-in home `/` shows a creator's 12 public characters (bench/README.md "lighthouse").
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { pngImage, signInViaApi } from '../../e2e/support';
import { repoPaths } from '../../infra/src/paths';
import { startStack, type Stack } from '../../infra/src/stack';

const CHARACTERS = 12;

/**
 * A portrait photo as a phone camera saves it: 2 268×3 024 (7 megapixels), JPEG at quality 88,
 * about 2.9 MB (a gradient with grain, so it does not compress to nothing; its grain averages out
 * when it is made smaller, so its card-sized variants are smaller than a real photo's). `seed`
 * makes each one different.
 */
async function phonePhoto(seed: number): Promise<Buffer> {
  const [width, height] = [2268, 3024];
  const pixels = Buffer.alloc(width * height * 3);
  let noise = 0x9e3779b9 ^ seed;
  for (let y = 0, at = 0; y < height; y++) {
    for (let x = 0; x < width; x++, at += 3) {
      noise = (noise * 1103515245 + 12345) >>> 0;
      const grain = (noise >>> 26) - 32;
      pixels[at] = Math.max(0, Math.min(255, (x * 220) / width + grain + seed * 9));
      pixels[at + 1] = Math.max(0, Math.min(255, 60 + (y * 120) / height + grain));
      pixels[at + 2] = Math.max(0, Math.min(255, 200 - (y * 150) / height + grain));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
}
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
    // BENCH_PHOTOS=1 measures a home of members' photos only: no starter cast (its pictures are small PNGs).
    overrides: {
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...(process.env.BENCH_WEB_ROOT ? { WEB_ROOT: process.env.BENCH_WEB_ROOT } : {}),
      ...(process.env.BENCH_PHOTOS === '1' ? { SEED_STARTER_CAST: 'false' } : {}),
    },
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
    const uploadPicture = async (name: string, mimeType: string, buffer: Buffer) => {
      const upload = await creator.post('/api/upload/character-image', { multipart: { image: { name, mimeType, buffer } } });
      if (!upload.ok()) throw new Error(`upload answered ${upload.status()}: ${await upload.text()}`);
      return ((await upload.json()) as { url: string }).url;
    };
    // BENCH_PHOTOS=1: each character its own photo as a phone takes it (phonePhoto), as members
    // upload them; otherwise one small PNG for all twelve.
    const pictures = process.env.BENCH_PHOTOS === '1'
      ? await Promise.all(Array.from({ length: CHARACTERS }, async (_, i) => uploadPicture(`photo-${i}.jpg`, 'image/jpeg', await phonePhoto(i))))
      : Array<string>(CHARACTERS).fill(await uploadPicture('face.png', 'image/png', pngImage(320, 320)));
    for (let i = 0; i < CHARACTERS; i++) {
      const profileUrl = pictures[i];
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
