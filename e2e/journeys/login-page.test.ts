import { launchBrowser, newPhonePage, screenshot, type LaunchedBrowser } from '../support';
import type { Page } from 'playwright-core';

// A page load of /login is the shell's static sign-in page (login.html: HTML and CSS with one
// small script, shell/webpack.login.js), not the React app: it must sign in and send on as the
// app's page does (spec §2).

describe('the static sign-in page (a page load of /login)', () => {
  let browser: LaunchedBrowser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPhonePage(browser);
  });
  afterAll(async () => {
    await browser?.closeAndClean();
  });

  it('paints the Thai sign-in screen and runs no React: only its own script loads', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'เข้าสู่ระบบ (โหมดพัฒนา)' }).waitFor();
    expect(await page.getByRole('button', { name: 'เข้าสู่ระบบ (โหมดพัฒนา)' }).isEnabled()).toBe(true);
    expect(await page.getByText('คุยกับตัวละคร AI ได้หลากหลายบุคลิก').isVisible()).toBe(true);
    expect(scripts.filter((s) => !/^\/island\/login\.[0-9a-f]{8}\.js$/.test(s))).toEqual([]);
    await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
    await screenshot(page, 'login-static');
  });

  it('shows a stored sign-in error once, prefixed', async () => {
    await page.evaluate(() => (globalThis as unknown as { localStorage: { setItem: (key: string, value: string) => void } }).localStorage.setItem('lakorn.auth.error', 'Failed to complete Google sign in'));
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'ล้มเหลวในการเข้าสู่ระบบ: Failed to complete Google sign in' }).waitFor();
    await screenshot(page, 'login-static-stored-error');
    await page.reload();
    await page.getByRole('button', { name: 'เข้าสู่ระบบ (โหมดพัฒนา)' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it("signs in through the development provider's popup and lands on / in the app", async () => {
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'เข้าสู่ระบบ (โหมดพัฒนา)' }).click()]);
    await popup.waitForLoadState();
    await popup.getByLabel('อีเมล').fill(`login-page-${Date.now()}@example.test`);
    await popup.getByLabel('ชื่อ').fill('สมหญิง หน้าเข้าสู่ระบบ');
    await popup.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await page.getByRole('navigation', { name: 'เมนูหลัก', includeHidden: true }).waitFor({ timeout: 30_000 });
  });

  it('sends a signed-in member on from /login to /', async () => {
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  });

  it("paints the app's dark frame and a loading spinner before any script of the app has run, never a white page", async () => {
    const first = await newPhonePage(browser);
    await first.route('**/*.js', (route) => route.abort());
    await first.goto('/library');
    const frame = await first.evaluate(() => {
      const doc = (globalThis as unknown as { document: { body: unknown; getElementById: (id: string) => unknown } }).document;
      const style = (element: unknown) => (globalThis as unknown as { getComputedStyle: (e: unknown) => { backgroundColor: string } }).getComputedStyle(element);
      return { body: style(doc.body).backgroundColor, root: style(doc.getElementById('root')).backgroundColor };
    });
    // The page-wide colours (#08070b, #0f0d13; packages/ui globalCss.ts), from index.html alone.
    expect(frame).toEqual({ body: 'rgb(8, 7, 11)', root: 'rgb(15, 13, 19)' });
    expect(await first.getByRole('status', { name: 'กำลังโหลด' }).isVisible()).toBe(true);
    await screenshot(first, 'start-before-scripts');
    await first.unroute('**/*.js');
    // The app's first render takes the page over: the spinner is React's now (LoadingState, or the sign-in page).
    await first.goto('/library');
    await first.waitForURL('**/login');
    await first.getByRole('button', { name: 'เข้าสู่ระบบ (โหมดพัฒนา)' }).waitFor();
    expect(await first.locator('.start').count()).toBe(0);
    await first.context().close();
  });
});
