import type { Page } from 'playwright-core';
import { baseUrl, newPhonePage, screenshot, signInViaApi } from '../support';
import { browserPerFile } from './browserPerFile';

// README "First screen from the server": a member's page load of `/` paints the home from the
// gateway's HTML before any script runs (the starter cast gives every fresh install cards), and the
// app, which draws the same cards in the same order, takes over from it.

/** The names of the grid's cards inside `scope` ('#first-screen' or '#root'), in order. */
const cardNames = async (page: Page, scope: string): Promise<(string | null)[]> => {
  const cards = page.locator(`${scope} article`);
  return Promise.all((await cards.all()).map((card) => card.getAttribute('aria-label')));
};
const seedCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'lakorn_seed');

/**
 * Notes every use of the browser's Intl (its constructors and the toLocale… methods that build
 * one) in `window.__intlUses`: a page's first costs Chromium 16–190 ms of main thread while V8
 * sets up its locale data (ui/src/numbers.ts), so the home's start makes none.
 */
const INTL_PROBE = `(() => {
  const uses = (window.__intlUses = []);
  for (const name of ['NumberFormat', 'DateTimeFormat', 'Segmenter', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'DisplayNames', 'Locale']) {
    const made = Intl[name];
    if (made) Intl[name] = new Proxy(made, { construct: (target, args) => (uses.push('Intl.' + name), Reflect.construct(target, args)) });
  }
  for (const [owner, method] of [[Number.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString'], [String.prototype, 'localeCompare']]) {
    const original = owner[method];
    owner[method] = function (...args) { uses.push(method); return original.apply(this, args); };
  }
})();`;

describe("the home's first screen from the server", () => {
  const browser = browserPerFile();
  const run = Date.now().toString(36);

  it('shows the home before any script with every face it draws preloaded, in the order the app then shows it, and gives way to the app once it has drawn the same, its start using no Intl and declaring no page-wide style again', async () => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), `first-screen-${run}@example.test`, 'ฟ้าใส');

    // No script at all: what a phone paints while the app's code is still on its way.
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    const fontsAsked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fontsAsked.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    const drawn = await cardNames(page, '#first-screen');
    expect(drawn).toHaveLength(4);
    expect(drawn.every((name) => name && name.length > 0)).toBe(true);
    expect(await page.locator('#first-screen').getByText('ยอดนิยมตอนนี้').isVisible()).toBe(true);
    // Its pictures paint from the HTML alone (the first of them: the starter cast's all have one).
    // (A function, not a string: the page's CSP refuses eval, which a string predicate needs.)
    await page.waitForFunction(() => {
      type Picture = { complete: boolean; naturalWidth: number };
      const picture = (globalThis as unknown as { document: { querySelector: (s: string) => Picture | null } }).document.querySelector('#first-screen img');
      return picture !== null && picture.complete && picture.naturalWidth > 0;
    });
    // Its text is in the app's Thai font, declared by index.html (the app's own styles are not there yet).
    const thaiFaceLoaded = await page.evaluate(`document.fonts.ready.then(() =>
      [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Noto Sans Thai' && face.unicodeRange.includes('E01') && face.status === 'loaded'))`);
    expect(thaiFaceLoaded).toBe(true);
    // Every face it draws is preloaded by its head, so the first layout has them all: one that
    // comes later is drawn with a system face first, a search of the system's fonts for each
    // character and a second layout (shell/pwa/plugin.js FIRST_PAINT_FACES).
    const preloadedFonts = await page.locator('head link[rel="preload"][as="font"]').evaluateAll((links) => links.map((link) => new URL((link as unknown as { href: string }).href).pathname));
    expect(fontsAsked.length).toBeGreaterThan(1);
    expect([...new Set(fontsAsked)].sort()).toEqual([...preloadedFonts].sort());
    // Its icon is a PNG: for an SVG one Chromium builds a document on the page's main thread.
    expect(await page.locator('head link[rel="icon"]').evaluateAll((links) => links.map((link) => (link as unknown as { type: string }).type))).toEqual(['image/png']);
    await screenshot(page, 'first-screen-before-scripts');
    const seed = await seedCookie(page);
    expect(Number(seed?.value)).toBeGreaterThan(0);
    // A session cookie: it ends with the browser session, as the page's seed did before.
    expect(seed?.expires).toBe(-1);

    // With its scripts, in a second browser context with the same cookies (nothing of the first
    // visit in its caches): the app draws beneath, then takes the drawn screen away. Its start
    // (main.js) is asked for only once the first row's pictures are in (shell/src/appStart.ts).
    const home = await newPhonePage(browser());
    await home.context().addCookies(await page.context().cookies());
    await page.context().close();
    const finishedAt = new Map<string, number>();
    let mainAskedAt = Infinity;
    home.on('requestfinished', (request) => finishedAt.set(request.url(), Date.now()));
    const listingReads: string[] = [];
    home.on('request', (request) => {
      if (/\/main\.[0-9a-f]{8}\.js$/.test(request.url())) mainAskedAt = Math.min(mainAskedAt, Date.now());
      if (request.url().includes('/api/characters/public')) listingReads.push(request.url());
    });
    await home.context().addInitScript({ content: INTL_PROBE });
    await home.goto('/');
    await home.locator('#first-screen').waitFor({ state: 'detached', timeout: 30_000 });
    // Its start, up to drawing the whole home (coin badge included), used no Intl.
    expect(await home.evaluate(() => (globalThis as unknown as { __intlUses: string[] }).__intlUses)).toEqual([]);
    const firstRow = await home.locator('#root img[fetchpriority="high"]').evaluateAll((imgs) => imgs.map((img) => (img as unknown as { currentSrc: string }).currentSrc));
    // The first row's cards that have a picture (other journeys' characters may have none).
    expect(Number.isFinite(mainAskedAt)).toBe(true);
    for (const src of firstRow) expect(finishedAt.get(src)).toBeLessThanOrEqual(mainAskedAt);
    const shown = await cardNames(home, '#root');
    expect(shown.slice(0, 4)).toEqual(drawn);
    // The app took the answers the screen was drawn from: it asked the catalog nothing again.
    expect(listingReads).toEqual([]);
    expect(await home.getByRole('heading', { name: 'แนะนำสำหรับคุณ' }).isVisible()).toBe(true);
    expect(await home.locator('main').count()).toBe(1);
    // The font faces and the page-wide rules are the page's own, declared once: the app does not
    // draw them again (packages/ui/src/globalCss.ts; a second set of faces relays every line of text).
    const declared = await home.evaluate(`(() => {
      const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
      return { faces: rules.filter((rule) => rule instanceof CSSFontFaceRule).length, focus: rules.filter((rule) => rule.selectorText === ':focus-visible').length };
    })()`);
    expect(declared).toEqual({ faces: 6, focus: 1 });
    // The browser session kept its seed: no second one was drawn.
    expect((await seedCookie(home))?.value).toBe(seed?.value);
    await screenshot(home, 'first-screen-after-app');

    // The app works at once: a card's chat opens.
    // Exact: another journey's character may have a name that starts with this one's.
    await home.getByRole('button', { name: `เริ่มแชทกับ ${drawn[0]}`, exact: true }).click();
    await home.waitForURL(/\/chat\//, { timeout: 30_000 });
  });

  it("on a slow network (2 s round trips, 50 KB/s) says it is still loading, and a tap on a card before the app starts ends on that character's page", async () => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), `first-screen-slow-${run}@example.test`, 'ฝนพรำ');
    // The slow profile of README "First screen from the server", through Chromium's own throttling.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 2000, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 });
    let mainRan = false;
    page.on('requestfinished', (request) => {
      if (/\/main\.[0-9a-f]{8}\.js$/.test(request.url())) mainRan = true;
    });
    await page.goto('/', { waitUntil: 'commit', timeout: 60_000 });
    const card = page.locator('#first-screen article').first();
    await card.waitFor({ timeout: 60_000 });
    const note = page.locator('#first-screen [data-first-screen-status]');
    await note.waitFor();
    expect(await note.textContent()).toContain('กำลังโหลด… แตะการ์ดได้เลย');
    await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
    await screenshot(page, 'first-screen-slow-loading');
    const name = await card.getAttribute('aria-label');
    const href = await card.locator('a').getAttribute('href');
    expect(href).toMatch(/^\/c\/[^/]+$/);
    // Before the app: its script has not arrived and nothing of it is drawn.
    expect([mainRan, await page.locator('#root main').count()]).toEqual([false, 0]);
    await card.tap();
    expect(await note.textContent()).toContain('กำลังเปิดตัวละคร…');
    await screenshot(page, 'first-screen-slow-opening');
    expect(new URL(page.url()).pathname).toBe(href);
    // The app starts at that address and draws the character's page (the home's screen gives way).
    await page.getByRole('heading', { level: 1, name: name ?? '', exact: true }).waitFor({ timeout: 120_000 });
    await page.locator('#first-screen').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(href);
    await screenshot(page, 'first-screen-slow-character');
  });
});
