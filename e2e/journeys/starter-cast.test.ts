import type { Page } from 'playwright-core';
import { SYSTEM_CREATOR, type CharacterSummary, type Profile } from '@lakorn/contracts';
import { STARTER_CAST } from '../../services/catalog/src/domain/starterCast/cast';
import { baseUrl, launchBrowser, newPhonePage, screenshot, signInViaApi, type LaunchedBrowser } from '../support';

// The starter cast (catalog README "The starter cast"): a fresh install's first member signs in and
// finds at least 12 all-ages characters on discover (the starter cast, seeded on catalog start),
// and can chat with any of them at once. The stack has no LLM: the offline responder answers, in
// the character's voice (it closes with one of the character's own example lines).

const CAST_BYLINE = `โดย ${SYSTEM_CREATOR.username}`;

/** Scrolls discover (it loads further pages as the end comes into view) until `n` cast cards show. */
async function scrollUntilCastCards(page: Page, n: number): Promise<number> {
  const cards = page.getByRole('article').filter({ hasText: CAST_BYLINE });
  const deadline = Date.now() + 30_000;
  let seen = await cards.count();
  while (seen < n && Date.now() < deadline) {
    await page.mouse.wheel(0, 2_000);
    await page.waitForTimeout(300);
    seen = await cards.count();
  }
  return seen;
}

/** The registration bonus reaches the profile through wallet → identity events: wait for it. */
async function waitForCoins(page: Page, profile: Profile): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await page.context().request.get(`${baseUrl()}/api/users/${profile.id}?_t=${Date.now()}`);
    if (((await res.json()) as Profile).coins > 0) return;
    await page.waitForTimeout(250);
  }
  throw new Error('the registration bonus never reached the profile');
}

describe('the starter cast', () => {
  let browser: LaunchedBrowser;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.closeAndClean();
  });

  it('a brand-new member sees at least 12 cast cards with their pictures, opens one and gets an answer in its voice', async () => {
    const page = await newPhonePage(browser);
    const profile = await signInViaApi(page.context(), baseUrl(), `newcomer-${run}@example.test`, 'มะลิ');

    // The API lists every member of the cast as public, all-ages and the system creator's.
    const listed = (await (await page.context().request.get(`${baseUrl()}/api/characters/public?limit=50`)).json()) as { characters: CharacterSummary[] };
    const cast = listed.characters.filter((c) => c.userId === SYSTEM_CREATOR.id);
    expect(cast.map((c) => c.name).sort()).toEqual(STARTER_CAST.map((m) => m.character.name).sort());
    expect(cast.every((c) => c.isPublic && !c.isSpicy)).toBe(true);

    await page.goto('/');
    await page.getByRole('heading', { name: 'แนะนำสำหรับคุณ' }).waitFor();
    await page.getByRole('article').filter({ hasText: CAST_BYLINE }).first().waitFor();
    await screenshot(page, 'starter-cast-discover');
    expect(await scrollUntilCastCards(page, 12)).toBeGreaterThanOrEqual(12);
    // Every cast card shows its picture, loaded (not the first-letter fallback), and the browser
    // fetched the card-sized variant it picked from the srcset, not the upload (catalog README "Card-sized variants").
    const pictures = page.getByRole('article').filter({ hasText: CAST_BYLINE }).locator('img');
    expect(await pictures.count()).toBeGreaterThanOrEqual(12);
    for (const img of await pictures.all()) {
      await img.scrollIntoViewIfNeeded();
      expect(await img.getAttribute('src')).toMatch(/^\/character-images\/[a-f0-9]{32}\.png$/);
      await page.waitForFunction((el) => (el as unknown as { complete: boolean; naturalWidth: number }).complete && (el as unknown as { naturalWidth: number }).naturalWidth > 0, await img.elementHandle(), { timeout: 15_000 });
      expect(await img.evaluate((el) => (el as unknown as { currentSrc: string }).currentSrc)).toMatch(/\/character-images\/[a-f0-9]{32}\.png\?w=(180|360|540)$/);
    }
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));

    // One of them by genre: daily life keeps the aunt who sells chicken rice.
    const aunt = STARTER_CAST.find((m) => m.slug === 'auntie-jaem')!.character;
    await page.getByRole('button', { name: 'ชีวิตประจำวัน' }).click();
    const card = page.getByRole('article', { name: aunt.name });
    await card.waitFor();
    await card.getByText(aunt.description).waitFor();
    await screenshot(page, 'starter-cast-daily');

    await waitForCoins(page, profile);
    await card.getByRole('button', { name: `เริ่มแชทกับ ${aunt.name}` }).click();
    await page.waitForURL(/\/chat\/[^/]+$/);
    await page.getByRole('heading', { name: aunt.name }).waitFor();
    await page.getByText('กินข้าวเช้ามาหรือยังเนี่ย').waitFor();
    await screenshot(page, 'starter-cast-chat-opened');

    await page.getByRole('textbox', { name: 'พิมพ์ข้อความ' }).fill('สวัสดีค่ะป้า วันนี้เหนื่อยมากเลย');
    await page.getByRole('button', { name: 'ส่งข้อความ' }).click();
    const reply = page.locator('[data-message-id$="-r"]').last();
    await reply.waitFor({ timeout: 60_000 });
    await reply.getByText('ออฟไลน์').waitFor();
    const text = await reply.innerText();
    // In her voice: she calls herself ป้า and closes with one of her own lines.
    expect(text).toContain('ป้าชื่อแจ่ม');
    const spoken = aunt.exampleMessages.split('\n').map((line) => line.replace(/\*[^*]*\*/g, '').trim());
    expect(spoken.some((line) => text.includes(line))).toBe(true);
    await screenshot(page, 'starter-cast-chat-replied');
  });

  // Runs after the chat above, so the popular row has a character to show.
  it('discover does not move when the popular row arrives after the grid: its loading tiles hold its place', async () => {
    const page = await newPhonePage(browser);
    await signInViaApi(page.context(), baseUrl(), `latecomer-${run}@example.test`, 'ลำดวน');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/characters\/public\?.*sort=popular/, async (route) => {
      await held;
      await route.continue();
    });
    // Reached inside the app: a page load of / comes with both answers in the server's first
    // screen (README "First screen from the server"), an in-app visit asks for them itself.
    await page.goto('/news');
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ค้นหา' }).click();
    const popular = page.getByRole('region', { name: 'ยอดนิยมตอนนี้' });
    await popular.getByText('กำลังโหลดตัวละครยอดนิยม...').waitFor();
    const sorts = page.getByRole('group', { name: 'เรียงตาม' });
    await page.getByRole('article').first().waitFor();
    await screenshot(page, 'discover-popular-loading');
    const before = await sorts.boundingBox();
    release();
    await popular.getByRole('button', { name: /^อันดับ 1 / }).waitFor();
    const after = await sorts.boundingBox();
    expect(before && after && after.y - before.y).toBe(0);
  });
});
