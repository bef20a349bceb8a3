import type { Page } from 'playwright-core';
import type { CalendarResponse, NewsItem } from '@lakorn/contracts';
import { baseUrl, launchBrowser, newPhonePage, pngImage, screenshot, signInViaApi, type LaunchedBrowser } from '../support';

// The news journey: check in on /news, see the check mark, the today panel's button gone and
// the coin badge rise by the day's amount; the carousel shows an admin-added news item with an
// image (uploaded through the catalog, as the admin screen does).

async function coinBadge(page: Page): Promise<number> {
  const text = await page.getByTestId('coin-badge').first().innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

describe('news and daily check-in', () => {
  let browser: LaunchedBrowser;
  const run = Date.now().toString(36);
  const title = `กิจกรรมสงกรานต์ ${run}`;

  beforeAll(async () => {
    browser = await launchBrowser();

    // The admin uploads a banner through the catalog and posts the news item with its URL.
    const adminPage = await newPhonePage(browser);
    const admin = await signInViaApi(adminPage.context(), baseUrl(), 'admin@lakorn.local', 'Admin');
    const upload = await adminPage.context().request.post('/api/upload/character-image', {
      multipart: { image: { name: 'banner.png', mimeType: 'image/png', buffer: pngImage(320, 180) }, userId: admin.id },
    });
    expect(upload.status()).toBeLessThan(300);
    const { url } = (await upload.json()) as { url: string };
    const created = await adminPage.context().request.post('/api/admin/news', {
      data: { title, content: 'ร่วมสนุกกับตัวละครทุกตัว รับเหรียญพิเศษทุกวันตลอดเทศกาล และลุ้นรางวัลใหญ่ท้ายงาน', type: 'event', imageUrl: url, userId: admin.uid },
    });
    expect(created.status()).toBe(201);
    expect(((await created.json()) as NewsItem).imageUrl).toBe(url);
    await adminPage.context().close();
  });

  afterAll(async () => {
    await browser?.closeAndClean();
  });

  it('checks in on /news: check mark, the today button gone, and the coin badge up by the day\'s amount; the carousel shows the admin\'s news with its image', async () => {
    const page = await newPhonePage(browser);
    const email = `news-${run}@example.test`;
    const member = await signInViaApi(page.context(), baseUrl(), email, 'มะลิ');
    // The registration bonus reaches the profile from the wallet through identity; start from a
    // settled balance so the rise seen later is the check-in's alone.
    let settled = member.coins;
    for (let i = 0; i < 40 && settled === 0; i++) {
      await page.waitForTimeout(250);
      const read = await page.context().request.get(`/api/users/${member.id}`);
      settled = ((await read.json()) as { coins: number }).coins;
    }
    expect(settled).toBeGreaterThan(0);

    // What today gives, as the server counts it (the page must show the same).
    const calendarAnswer = await page.context().request.get('/api/checkin/calendar');
    expect(calendarAnswer.ok()).toBe(true);
    const { today } = (await calendarAnswer.json()) as CalendarResponse;
    expect(today.checkedIn).toBe(false);

    await page.goto('/news');
    await page.getByRole('heading', { name: 'ข่าวสารและกิจกรรม' }).waitFor();
    const todayButton = page.getByRole('button', { name: 'เช็คอินวันนี้' });
    await todayButton.waitFor();
    await page.getByText(`${today.coins.toLocaleString('th-TH')} เหรียญ`, { exact: true }).waitFor();

    // The carousel: the admin's item, its image really loaded.
    const carousel = page.getByRole('region', { name: 'ข่าวเด่น' });
    const slide = carousel.getByRole('group').filter({ hasText: title });
    await slide.waitFor();
    await page.waitForFunction(
      (t) => {
        const doc = (globalThis as unknown as { document: { querySelectorAll: (s: string) => ArrayLike<{ textContent: string | null; querySelector: (s: string) => { complete: boolean; naturalWidth: number; currentSrc: string } | null }> } }).document;
        const group = Array.from(doc.querySelectorAll('[aria-roledescription="slide"]')).find((g) => g.textContent?.includes(t));
        const img = group?.querySelector('img');
        // Loaded, from the variant its srcset picked (358 px at 2× density; catalog README "Card-sized variants"), not the upload.
        return Boolean(img && img.complete && img.naturalWidth > 0 && img.currentSrc.endsWith('?w=1080'));
      },
      title,
      { timeout: 15_000 },
    );

    const before = await coinBadge(page);
    expect(before).toBe(settled);
    await screenshot(page, 'news-before-checkin');

    await todayButton.click();
    await page.getByText('เช็คอินสำเร็จ!').waitFor();
    await page.getByText(`คุณได้รับ ${today.coins.toLocaleString('th-TH')} เหรียญ`).waitFor();

    const todayCell = page.locator(`[data-date="${today.date}"]`);
    await todayCell.getByRole('img', { name: 'เช็คอินแล้ว' }).waitFor();
    expect(await todayCell.getAttribute('aria-current')).toBe('date');
    await todayButton.waitFor({ state: 'detached' });
    await page.getByText('เช็คอินวันนี้แล้ว กลับมาใหม่พรุ่งนี้นะ').waitFor();

    const deadline = Date.now() + 15_000;
    let after = await coinBadge(page);
    while (after !== before + today.coins && Date.now() < deadline) {
      await page.waitForTimeout(250);
      after = await coinBadge(page);
    }
    expect(after).toBe(before + today.coins);
    await screenshot(page, 'news-after-checkin-toast');
    await page.getByRole('button', { name: 'ปิดการแจ้งเตือน' }).click();
    await screenshot(page, 'news-after-checkin-badge');
    // The today row sits under the fixed bottom navigation at first: bring it to the middle.
    const box = await todayCell.boundingBox();
    if (box) await page.mouse.wheel(0, box.y - 422);
    await page.waitForTimeout(300);
    await screenshot(page, 'news-after-checkin-calendar');

    // A second try the same day is refused with the spec's message (spec §8).
    const again = await page.context().request.post('/api/checkin', { data: {} });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe('Already checked in today');

    await page.context().close();
  });
});
