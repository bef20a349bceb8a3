import { launchBrowser, newPhonePage, screenshot, type LaunchedBrowser } from '../support';
import type { Page } from 'playwright-core';

// The platform's journey: sign in through the development provider's popup, the bottom navigation
// and where it hides, no maintenance notice for a new member, a username change, a remote whose files are
// missing (retry message while the other tabs work), and the not-found page.

const REMOTE_ERROR = 'ไม่สามารถโหลดส่วนนี้ของแอปได้';
const nav = (page: Page) => page.getByRole('navigation', { name: 'เมนูหลัก' });

describe('platform journey', () => {
  let browser: LaunchedBrowser;
  let page: Page;
  const email = `platform-${Date.now()}@example.test`;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPhonePage(browser);
  });
  afterAll(async () => {
    await browser?.closeAndClean();
  });

  it('sends a visitor to the Thai sign-in screen', async () => {
    await page.goto('/library');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: /เข้าสู่ระบบ/ }).waitFor();
    await expectVisible(page.getByText('คุยกับตัวละคร AI'));
    await screenshot(page, 'platform-01-login');
  });

  it('signs in through the development provider popup and lands on / with the bottom navigation', async () => {
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: /เข้าสู่ระบบ/ }).click()]);
    await popup.waitForLoadState();
    await popup.getByLabel('อีเมล').fill(email);
    await popup.getByLabel('ชื่อ').fill('สมชาย ใจดี');
    await popup.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await nav(page).waitFor();
  });

  it('shows a new member no maintenance notice: it tells of a maintenance before the account existed (README "Refinements of the spec")', async () => {
    await page.reload();
    await nav(page).waitFor();
    await page.waitForTimeout(1000);
    expect(await page.getByRole('dialog', { name: 'ประกาศจากทีมงาน' }).count()).toBe(0);
  });

  it('moves between the four tabs and hides the navigation on the spec paths', async () => {
    for (const [label, path] of [['แชท', '/library'], ['ข่าวสาร', '/news'], ['โปรไฟล์', '/profile'], ['ค้นหา', '/']] as const) {
      await nav(page).getByRole('link', { name: label }).click();
      await page.waitForURL((url) => url.pathname === path);
    }
    for (const path of ['/create-character', '/chat/not-a-chat', '/payment/promptpay/small']) {
      await page.goto(path);
      await page.waitForTimeout(400);
      expect([path, await nav(page).count()]).toEqual([path, 0]);
    }
    await page.goto('/news');
    await nav(page).waitFor();
  });

  it('changes the username from the profile', async () => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'แก้ไขโปรไฟล์' }).click();
    const field = page.getByLabel('ชื่อผู้ใช้');
    const name = `ผู้ใช้${Date.now() % 100000}`;
    await field.fill(name);
    await page.getByRole('button', { name: 'บันทึก' }).click();
    await page.getByText('บันทึกชื่อผู้ใช้แล้ว').waitFor();
    await expectVisible(page.getByRole('main').getByText(name, { exact: true }));
    await screenshot(page, 'platform-03-profile');
  });

  it('shows a retry message for a remote whose files are missing while the other tabs work', async () => {
    await page.route('**/remotes/mf-news/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/news');
    await page.getByText(REMOTE_ERROR).waitFor();
    await screenshot(page, 'platform-04-remote-missing');
    await nav(page).getByRole('link', { name: 'โปรไฟล์' }).click();
    await page.getByRole('button', { name: 'แก้ไขโปรไฟล์' }).waitFor();
    await nav(page).getByRole('link', { name: 'ข่าวสาร' }).click();
    await page.getByText(REMOTE_ERROR).waitFor();
    // The files are back: the reload button loads the remote.
    await page.unroute('**/remotes/mf-news/**');
    await page.getByRole('button', { name: 'โหลดใหม่' }).click();
    await page.getByText(REMOTE_ERROR).waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('shows the not-found page for an unknown path and returns home after 5 seconds', async () => {
    await page.goto('/nope');
    await page.getByText('ไม่พบหน้าที่คุณต้องการ').waitFor();
    await screenshot(page, 'platform-05-not-found');
    const started = Date.now();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThan(3_500);
  });
});

async function expectVisible(locator: ReturnType<Page['getByText']>) {
  await locator.first().waitFor({ state: 'visible' });
}
