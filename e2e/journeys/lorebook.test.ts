import type { Page } from 'playwright-core';
import type { Character } from '@lakorn/contracts';
import { baseUrl, newPhonePage, screenshot, signInViaApi } from '../support';
import { browserPerFile } from './browserPerFile';

// The lorebook journey (beyond the spec): a creator opens the wizard's optional lorebook step from
// step 9, adds entries with keys as chips (a one-syllable Thai key warned about), creates the
// character, finds the entries again on the character's edit page, and a V3 card's Thai creator
// notes show in the chat's character details. At 390×844: the Thai font, nothing wider than the phone.

/** The page's horizontal overflow (0 when nothing sticks out of a 390-px phone). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document;
    return doc.documentElement.scrollWidth - doc.documentElement.clientWidth;
  });
}

/** Whether the self-hosted Thai face (packages/ui fonts.ts) is loaded and draws the heading. */
async function thaiFontInUse(page: Page): Promise<{ loaded: boolean; family: string }> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { fonts: { check: (font: string, text: string) => boolean }; querySelector: (s: string) => unknown } }).document;
    const get = (globalThis as unknown as { getComputedStyle: (el: unknown) => { fontFamily: string } }).getComputedStyle;
    return { loaded: doc.fonts.check("16px 'Noto Sans Thai'", 'สมุดข้อมูล'), family: get(doc.querySelector('h1')).fontFamily };
  });
}

async function dismissToast(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'ปิดการแจ้งเตือน' });
  if (await close.count()) await close.first().click();
}

describe('lorebook: the optional wizard step, the edit page, the creator notes in chat', () => {
  const browser = browserPerFile();
  const run = Date.now() % 1_000_000;
  const email = `lore-${run}@example.test`;
  const name = `เซเลสเทีย ${run}`;
  let characterId = '';

  it('creates a character with a lorebook from the optional step, after step 9', async () => {
    const page = await newPhonePage(browser());
    const me = await signInViaApi(page.context(), baseUrl(), email, 'Lore');
    // The nine steps are the characters journey's; this one starts from a draft with them filled,
    // kept where the wizard keeps it (mf-discover README "Drafts": localStorage per member, and
    // open in this tab, so a reload puts it back without asking), as a member who filled them would have it.
    await page.goto('/create-character/9');
    await page.evaluate(
      ({ key, draft }) => {
        const w = globalThis as unknown as Record<'localStorage' | 'sessionStorage', { setItem: (k: string, v: string) => void }>;
        w.localStorage.setItem(key, draft);
        w.sessionStorage.setItem(`${key}.open`, '1');
      },
      {
        key: `lakorn.wizard.draft.${me.id}.create`,
        draft: JSON.stringify({ draft: { name, genre: 'adventure', personality: 'ราชินีแห่งดวงดาว สง่างามและลึกลับ', firstMessage: '*มองลงมาจากบัลลังก์* เจ้ามาถึงแล้ว' }, place: 9, savedAt: Date.now() }),
      },
    );
    await page.reload();
    const card = page.getByRole('region', { name: 'สมุดข้อมูล (ไม่บังคับ)' });
    await card.getByText('ยังไม่มีข้อมูล เพิ่มความรู้ที่ AI ควรรู้เฉพาะเมื่อถูกพูดถึงได้').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'lorebook-01-step9');
    await card.getByRole('button', { name: 'จัดการสมุดข้อมูล' }).click();
    await page.getByRole('heading', { level: 1, name: 'สมุดข้อมูล' }).waitFor();
    await page.getByText('ยังไม่มีรายการในสมุดข้อมูล').waitFor();
    await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
    expect(await thaiFontInUse(page)).toEqual({ loaded: true, family: expect.stringContaining('Noto Sans Thai') });
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'lorebook-02-empty');

    // An entry: keys as chips, one of them one syllable (warned), a secondary key, the content.
    await page.getByRole('button', { name: 'เพิ่มรายการ' }).click();
    const dialog = page.getByRole('dialog', { name: 'เพิ่มรายการในสมุดข้อมูล' });
    await dialog.getByLabel('คำสำคัญ', { exact: true }).fill('เซเลสเทีย');
    await dialog.getByLabel('คำสำคัญ', { exact: true }).press('Enter');
    await dialog.getByLabel('คำสำคัญ', { exact: true }).fill('ตา');
    await dialog.getByLabel('คำสำคัญ', { exact: true }).press('Enter');
    await dialog.getByRole('note').getByText(/ตา เป็นคำพยางค์เดียว/).waitFor();
    await dialog.getByLabel('คำสำคัญรอง (ไม่บังคับ)', { exact: true }).fill('ราชินี');
    await dialog.getByLabel('คำสำคัญรอง (ไม่บังคับ)', { exact: true }).press('Enter');
    await dialog.getByLabel('เนื้อหา', { exact: true }).fill('เซเลสเทียคือราชินีแห่งดวงดาวผู้ปกครองหอคอยแก้วทางทิศเหนือ ดวงตาของเธอเปลี่ยนสีตามฤดูกาล และเธอไม่เคยโกหก');
    await dialog.getByText('104/2000').waitFor();
    await screenshot(page, 'lorebook-03-entry-dialog');
    expect(await horizontalOverflow(page)).toBe(0);
    await dialog.getByRole('button', { name: 'ลบคำ ตา' }).click();
    await dialog.getByRole('note').waitFor({ state: 'detached' });
    await dialog.getByRole('switch', { name: 'ใช้เสมอ' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'lorebook-04-entry-switches');
    await dialog.getByRole('button', { name: 'เสร็จ', exact: true }).click();

    // A second, always-on one, and a third switched off: the list by order, with their states.
    await page.getByRole('button', { name: 'เพิ่มรายการ' }).click();
    const second = page.getByRole('dialog', { name: 'เพิ่มรายการในสมุดข้อมูล' });
    await second.getByLabel('เนื้อหา', { exact: true }).fill('โลกนี้มีดวงจันทร์สองดวง ดวงหนึ่งสีเงิน อีกดวงสีแดงเลือด ทุกคนรู้เรื่องนี้');
    await second.getByRole('switch', { name: 'ใช้เสมอ' }).click();
    await second.getByLabel('ลำดับ', { exact: true }).fill('1');
    await second.getByRole('button', { name: 'เสร็จ', exact: true }).click();
    await page.getByRole('button', { name: 'เพิ่มรายการ' }).click();
    const third = page.getByRole('dialog', { name: 'เพิ่มรายการในสมุดข้อมูล' });
    await third.getByLabel('คำสำคัญ', { exact: true }).fill('หอคอยแก้ว');
    await third.getByLabel('คำสำคัญ', { exact: true }).press('Enter');
    await third.getByLabel('เนื้อหา', { exact: true }).fill('หอคอยแก้วสูงเก้าร้อยขั้น ผู้ที่ขึ้นไปถึงยอดจะได้ยินเสียงดวงดาวร้องเพลง');
    await third.getByRole('switch', { name: 'เปิดใช้งาน' }).click();
    await third.getByRole('button', { name: 'เสร็จ', exact: true }).click();
    await page.getByText('3/200 รายการ').waitFor();
    expect(await page.getByRole('button', { name: /^แก้ไขรายการที่ 1/ }).textContent()).toContain('ใช้เสมอ');
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('list', { name: 'รายการในสมุดข้อมูล' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'lorebook-05-list');

    await page.getByRole('button', { name: 'เสร็จ กลับไปหน้าสรุป' }).click();
    await page.getByText('3 รายการ (เปิดใช้ 2)').waitFor();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/characters') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'สร้างตัวละคร' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const character = (await response.json()) as Character;
    characterId = character.id;
    expect(character.lorebook?.entries.map((entry) => [entry.keys, entry.constant, entry.enabled])).toEqual([
      [['เซเลสเทีย'], false, true],
      [[], true, true],
      [['หอคอยแก้ว'], false, false],
    ]);
    await page.waitForURL('**/library');
    await page.context().close();
  });

  it('finds the entries again on the character’s edit page, and saves a change', async () => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), email, 'Lore');
    await page.goto(`/edit-character/${characterId}/lorebook`);
    await page.getByRole('heading', { level: 1, name: 'สมุดข้อมูล' }).waitFor();
    await page.getByText('3/200 รายการ').waitFor();
    await page.getByRole('switch', { name: 'เปิดใช้รายการที่ 3' }).click();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'lorebook-06-edit-page');
    await page.getByRole('button', { name: 'เสร็จ กลับไปหน้าสรุป' }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/characters/${characterId}`) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL('**/library');
    const after = (await (await page.context().request.get(`/api/characters/${characterId}`)).json()) as Character;
    expect(after.lorebook?.entries.map((entry) => entry.enabled)).toEqual([true, true, true]);
    await page.context().close();
  });

  it('shows a V3 card’s Thai creator notes in the chat’s character details', async () => {
    const page = await newPhonePage(browser());
    const profile = await signInViaApi(page.context(), baseUrl(), email, 'Lore');
    const current = (await (await page.context().request.get(`/api/characters/${characterId}`)).json()) as Character;
    const notes = 'ชวนเซเลสเทียคุยเรื่องดวงดาวและหอคอยแก้ว\nเธอตอบเป็นภาษาโบราณเมื่อถูกถามเรื่องราชวงศ์';
    const { id: _id, likes: _likes, creatorUsername: _creator, version: _version, createdAt: _created, updatedAt: _updated, ...fields } = current;
    const put = await page.context().request.put(`/api/characters/${characterId}`, {
      data: { ...fields, userId: profile.id, creatorNotesMultilingual: { en: 'Ask her about the stars.', th: notes } },
    });
    expect(put.status()).toBe(200);
    const chat = await page.context().request.post('/api/chats', { data: { userId: profile.id, characterId, newChat: true } });
    expect(chat.ok()).toBe(true);
    const { id: chatId } = (await chat.json()) as { id: string };
    await page.goto(`/chat/${chatId}`);
    await page.getByRole('button', { name: 'ตัวเลือกแชท' }).click();
    const section = page.getByRole('menu', { name: 'ตัวเลือกแชท' }).getByRole('region', { name: 'หมายเหตุจากผู้สร้าง' });
    await section.getByText(/ชวนเซเลสเทียคุยเรื่องดวงดาว/).waitFor();
    expect(await section.getByText('Ask her about the stars.').count()).toBe(0);
    await dismissToast(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'lorebook-07-creator-notes');
    await page.context().close();
  });
});
