import type { Page } from 'playwright-core';
import type { Character, Chat } from '@lakorn/contracts';
import { baseUrl, newPhonePage, screenshot, signInViaApi } from '../support';
import { browserPerFile } from './browserPerFile';

// An admin hides a reported character and it disappears for a member (catalog README "Moderation
// and the age gate"): a creator publishes a character; member M starts a chat with it; reporter R
// reports it from its discover card (and no longer sees it); the admin finds the report in
// /admin/moderation and hides it; M's discover and search no longer show it, M's chat shows the
// Thai notice in place of the input, and a card still in member S's cache opens to 'no longer
// available'. The owner sees it hidden with the reason. An admin marks a second character 18+: M's
// chat with it asks for the age confirmation, which M gives on the profile; the wizard's spicy
// toggle asks for it too.

/** This run's number in Thai digits: a search word no other run's character contains. */
const thaiDigits = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(0x0e50 + Number(d)));

async function publish(page: Page, userId: string, name: string): Promise<Character> {
  const created = await page.context().request.post('/api/characters', {
    data: {
      userId,
      name,
      gender: 'male',
      genre: 'adventure',
      personality: 'ชอบก่อกวน ขี้เล่น พูดจาไม่สุภาพกับทุกคน',
      firstMessage: '*ยักคิ้ว* มาอีกแล้วเหรอ',
      isPublic: true,
      description: 'ตัวป่วนประจำหมู่บ้าน',
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as Character;
}

async function startChat(page: Page, userId: string, characterId: string): Promise<string> {
  const chat = await page.context().request.post('/api/chats', { data: { userId, characterId, newChat: true } });
  expect(chat.ok()).toBe(true);
  return ((await chat.json()) as Chat).id;
}

async function search(page: Page, text: string) {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'ค้นหาตัวละคร' }).fill(text);
  // The search applies after its debounce: until then the whole discover grid (the starter cast
  // too) is shown, and a card found there is replaced, with any menu it had open, when the
  // answer comes. The popular row leaves and the cast's cards go once the search is the grid.
  await page.getByText('ยอดนิยมตอนนี้').waitFor({ state: 'detached' });
  await page.getByRole('article', { name: 'ป้าแจ่ม' }).waitFor({ state: 'detached' });
}

describe('moderation: a member reports, an admin hides, the character is gone for members', () => {
  const browser = browserPerFile();
  const run = Date.now() % 1_000_000;
  const name = `จอมป่วน ${thaiDigits(run)}`;
  const adultName = `คืนเร้นลับ ${thaiDigits(run)}`;
  let character: Character;
  let adultLater: Character;
  let chatId = '';
  let adultChatId = '';
  let stale: Page;

  it('a creator publishes two characters and member M starts a chat with each', async () => {
    const creator = await newPhonePage(browser());
    const owner = await signInViaApi(creator.context(), baseUrl(), `mod-creator-${run}@example.test`, 'Creator');
    character = await publish(creator, owner.id, name);
    adultLater = await publish(creator, owner.id, adultName);
    await creator.context().close();

    const member = await newPhonePage(browser());
    const m = await signInViaApi(member.context(), baseUrl(), `mod-member-${run}@example.test`, 'Member');
    chatId = await startChat(member, m.id, character.id);
    adultChatId = await startChat(member, m.id, adultLater.id);
    await member.goto(`/chat/${chatId}`);
    await member.getByRole('textbox', { name: 'พิมพ์ข้อความ' }).waitFor();
    await member.context().close();

    // Member S keeps discover open (its 60 s cache) with the character on it.
    stale = await newPhonePage(browser());
    await signInViaApi(stale.context(), baseUrl(), `mod-stale-${run}@example.test`, 'Stale');
    await search(stale, thaiDigits(run));
    await stale.getByRole('article', { name }).waitFor();
  });

  it('reporter R reports it from its discover card: Thai confirmation, and the card leaves their discover', async () => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), `mod-reporter-${run}@example.test`, 'Reporter');
    await search(page, thaiDigits(run));
    const card = page.getByRole('article', { name });
    await card.waitFor();
    await card.getByRole('button', { name: `ตัวเลือกของ ${name}` }).click();
    await page.getByRole('menuitem', { name: 'รายงานตัวละคร' }).waitFor();
    await screenshot(page, 'discover-card-menu');
    await page.getByRole('menuitem', { name: 'รายงานตัวละคร' }).click();
    const dialog = page.getByRole('dialog', { name: `รายงาน ${name}` });
    await dialog.waitFor();
    await screenshot(page, 'moderation-report-empty');
    await dialog.getByText('สร้างความเกลียดชังหรือเหยียดหยาม').click();
    await dialog.getByRole('textbox', { name: 'รายละเอียดเพิ่มเติม (ไม่บังคับ)' }).fill('ด่าผู้ใช้ด้วยคำหยาบทุกครั้งที่คุย');
    await screenshot(page, 'moderation-report-filled');
    await dialog.getByRole('button', { name: 'ส่งรายงาน' }).click();
    await page.getByText('ขอบคุณที่แจ้งให้เราทราบ ทีมงานจะตรวจสอบ และคุณจะไม่เห็นตัวละครนี้อีก').waitFor();
    await card.waitFor({ state: 'detached' });
    await screenshot(page, 'moderation-reported');
    // A second report by the same member is refused with 409 and the Thai reason.
    const again = await page.context().request.post(`/api/characters/${character.id}/reports`, { data: { reason: 'spam', details: '' } });
    expect(again.status()).toBe(409);
    await page.context().close();
  });

  it('the admin sees it in the queue and hides it (after a confirmation); the audit log keeps it', async () => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), 'admin@lakorn.local', 'Admin');
    await page.goto('/profile');
    await page.getByRole('link', { name: /ตรวจสอบรายงานและตัวละคร/ }).click();
    await page.getByRole('heading', { name: 'ตรวจสอบตัวละคร' }).waitFor();
    const report = page.getByRole('listitem', { name });
    await report.waitFor();
    await report.getByText('สร้างความเกลียดชังหรือเหยียดหยาม').waitFor();
    await report.getByText('ด่าผู้ใช้ด้วยคำหยาบทุกครั้งที่คุย').waitFor();
    await report.scrollIntoViewIfNeeded();
    await screenshot(page, 'moderation-queue');
    await report.getByRole('button', { name: 'ซ่อนตัวละคร' }).click();
    const confirm = page.getByRole('dialog', { name: `ซ่อน ${name}?` });
    await confirm.waitFor();
    await screenshot(page, 'moderation-hide-confirm');
    await confirm.getByRole('button', { name: 'ซ่อนตัวละคร' }).click();
    await page.getByText(`ซ่อน ${name} แล้ว`).waitFor();
    await report.waitFor({ state: 'detached' });
    await screenshot(page, 'moderation-queue-after-hide');

    await page.getByRole('tab', { name: 'บันทึก' }).click();
    await page.getByRole('list', { name: 'บันทึกการดำเนินการของผู้ดูแล' }).getByText('ซ่อนตัวละครจากรายงาน').first().waitFor();
    await screenshot(page, 'moderation-audit');

    await page.goto(`/admin/moderation?tab=character&id=${character.id}`);
    const controls = page.getByRole('region', { name: `จัดการ ${name}` });
    await controls.waitFor();
    expect(await controls.getByRole('switch', { name: 'ซ่อนตัวละครนี้' }).getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'moderation-controls');
    await page.context().close();
  });

  it("member M's discover and search no longer show it, and M's chat shows the notice instead of the input", async () => {
    const page = await newPhonePage(browser());
    const m = await signInViaApi(page.context(), baseUrl(), `mod-member-${run}@example.test`, 'Member');
    await search(page, name);
    await page.getByText('ไม่พบตัวละคร').waitFor();
    expect(await page.getByRole('article', { name }).count()).toBe(0);
    await screenshot(page, 'moderation-member-discover');
    await page.goto(`/chat/${chatId}`);
    await page.getByText('ตัวละครนี้ถูกซ่อนโดยผู้ดูแลระบบ จึงส่งข้อความต่อไม่ได้').waitFor();
    expect(await page.getByRole('textbox', { name: 'พิมพ์ข้อความ' }).count()).toBe(0);
    await screenshot(page, 'moderation-member-chat-hidden');
    // Through every path: a direct send is refused too, and no coin moves.
    const before = (await (await page.context().request.get('/api/auth/session')).json()) as { coins: number };
    const send = await page.context().request.post('/api/messages', { data: { chatId, content: 'ยังอยู่ไหม', isUser: true, userId: m.id, clientMessageId: `mod-${run}` } });
    expect(send.status()).toBe(403);
    const after = (await (await page.context().request.get('/api/auth/session')).json()) as { coins: number };
    expect(after.coins).toBe(before.coins);
    await page.context().close();
  });

  it("a card still in member S's cache opens to 'no longer available' instead of an error, and leaves the list", async () => {
    await stale.getByRole('button', { name: `เปิดแชทกับ ${name}` }).click();
    await stale.getByText('ตัวละครนี้ไม่มีให้บริการแล้ว').waitFor();
    await stale.getByRole('article', { name }).waitFor({ state: 'detached' });
    expect(await stale.getByText('ไม่สามารถเริ่มการสนทนาได้ โปรดลองใหม่อีกครั้ง').count()).toBe(0);
    expect(new URL(stale.url()).pathname).toBe('/');
    await screenshot(stale, 'moderation-stale-card');
    await stale.context().close();
  });

  it('the creator sees their character marked hidden, with the reason', async () => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), `mod-creator-${run}@example.test`, 'Creator');
    await page.goto('/library');
    const strip = page.getByRole('list', { name: 'ตัวละครของฉัน' });
    await strip.getByText('ซ่อนอยู่').waitFor();
    await strip.getByRole('button', { name: `ตัวเลือกของ ${name}` }).click();
    await page.getByRole('dialog', { name }).getByText('เหตุผล: สร้างความเกลียดชังหรือเหยียดหยาม').waitFor();
    await screenshot(page, 'moderation-owner-hidden');
    await page.context().close();
  });

  it('an admin marks the second character 18+: member M, not confirmed, no longer finds it and its chat asks for the age confirmation', async () => {
    const admin = await newPhonePage(browser());
    await signInViaApi(admin.context(), baseUrl(), 'admin@lakorn.local', 'Admin');
    await admin.goto('/admin/moderation?tab=character');
    await admin.getByRole('textbox', { name: 'รหัสตัวละคร หรือลิงก์ /c/…' }).fill(`${baseUrl()}/c/${adultLater.id}`);
    await admin.getByRole('button', { name: 'ค้นหา' }).click();
    const controls = admin.getByRole('region', { name: `จัดการ ${adultName}` });
    await controls.getByRole('radio', { name: '18+ เสมอ' }).click();
    await admin.getByText('บันทึกแล้ว').waitFor();
    expect(await controls.getByRole('radio', { name: '18+ เสมอ' }).getAttribute('aria-checked')).toBe('true');
    await screenshot(admin, 'moderation-controls-adult');
    await admin.context().close();

    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), `mod-member-${run}@example.test`, 'Member');
    await search(page, adultName);
    await page.getByText('ไม่พบตัวละคร').waitFor();
    await page.goto(`/chat/${adultChatId}`);
    await page.getByText('ตัวละครนี้สำหรับผู้ที่มีอายุ 18 ปีขึ้นไป ยืนยันอายุในโปรไฟล์ก่อนจึงจะคุยต่อได้').waitFor();
    expect(await page.getByRole('textbox', { name: 'พิมพ์ข้อความ' }).count()).toBe(0);
    await screenshot(page, 'moderation-member-chat-adult');
    // The notice leads to the profile, where the member confirms; the chat then takes sends again.
    await page.getByRole('link', { name: 'ยืนยันอายุในโปรไฟล์' }).click();
    const card = page.getByRole('region', { name: 'ยืนยันอายุ 18+' });
    await card.getByText('ยังไม่ได้ยืนยันอายุ').waitFor();
    // The wallet's panels above it load after the page: scroll once they are there.
    await page.getByText('โค้ดส่วนลด').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'moderation-profile-age-unconfirmed');
    await card.getByRole('button', { name: 'ยืนยันอายุ 18+' }).click();
    const dialog = page.getByRole('dialog', { name: 'ยืนยันอายุ 18+' });
    await dialog.waitFor();
    await screenshot(page, 'moderation-age-dialog');
    await dialog.getByRole('button', { name: 'ยืนยันว่าอายุ 18 ปีขึ้นไป' }).click();
    await card.getByText('ยืนยันอายุแล้ว').waitFor();
    await screenshot(page, 'moderation-profile-age-confirmed');
    await page.goto(`/chat/${adultChatId}`);
    await page.getByRole('textbox', { name: 'พิมพ์ข้อความ' }).waitFor();
    await page.context().close();
  });

  it("the wizard's spicy toggle asks a member who has not confirmed first", async () => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), `mod-wizard-${run}@example.test`, 'Wizard');
    await page.goto('/create-character/1');
    await page.getByRole('radio', { name: /โรแมนติก/ }).click();
    await page.getByRole('switch', { name: 'เนื้อหาสำหรับผู้ใหญ่ (สไปซี่)' }).click();
    const dialog = page.getByRole('dialog', { name: 'ยืนยันอายุ 18+' });
    await dialog.waitFor();
    await screenshot(page, 'moderation-wizard-spicy-asks');
    await dialog.getByRole('button', { name: 'ยืนยันว่าอายุ 18 ปีขึ้นไป' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('switch', { name: 'เนื้อหาสำหรับผู้ใหญ่ (สไปซี่)' }).getAttribute('aria-checked')).toBe('true');
    await page.context().close();
  });
});
