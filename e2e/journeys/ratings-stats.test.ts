import type { Page } from 'playwright-core';
import type { Chat, Character, Profile, SendMessageResult } from '@lakorn/contracts';
import { baseUrl, newPhonePage, screenshot, signInViaApi } from '../support';
import { browserPerFile } from './browserPerFile';

// Ratings and creator stats in Chromium at 390×844: a member thumbs up a character's reply (the
// thumb stays lit after a reload), and the character's creator opens its page from the library's
// "สถิติ" and reads the numbers: a chat started, a message received, a member, a thumb up.

const run = Date.now() % 1_000_000;

async function noOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

describe('ratings and creator stats', () => {
  const browser = browserPerFile();
  let creatorPage: Page;
  let creator: Profile;
  let character: Character;

  beforeAll(async () => {
    creatorPage = await newPhonePage(browser());
    creator = await signInViaApi(creatorPage.context(), baseUrl(), `stats-creator-${run}@example.test`, 'ผู้สร้างสถิติ');
    const res = await creatorPage.context().request.post('/api/characters', {
      data: {
        userId: creator.id,
        name: `ฟ้าใส ${run}`,
        gender: 'female',
        genre: 'friendship',
        personality: 'ร่าเริง ใจดี ชอบฟังเรื่องเล่า',
        firstMessage: '*ยิ้มกว้าง* สวัสดีจ้า วันนี้เป็นยังไงบ้าง',
        isPublic: true,
        description: 'เพื่อนคุยยามเย็น',
      },
    });
    expect(res.status()).toBe(201);
    character = (await res.json()) as Character;
  });

  test('a member thumbs up a reply; the creator reads the numbers on the character\'s page', async () => {
    const page = await newPhonePage(browser());
    const member = await signInViaApi(page.context(), baseUrl(), `stats-member-${run}@example.test`, 'ผู้ใช้ให้คะแนน');
    const chat = (await (await page.context().request.post('/api/chats', { data: { userId: member.id, characterId: character.id, newChat: true } })).json()) as Chat;
    const sent = await page.context().request.post('/api/messages', { data: { userId: member.id, chatId: chat.id, content: 'สวัสดี', isUser: true } });
    expect(sent.status()).toBe(200);
    const reply = ((await sent.json()) as SendMessageResult).aiMessage;

    await page.goto(`/chat/${chat.id}`);
    const row = page.locator(`[data-message-id="${reply.id}"]`);
    // Exact: 'ถูกใจคำตอบนี้' is also inside 'ไม่ถูกใจคำตอบนี้'.
    const up = row.getByRole('button', { name: 'ถูกใจคำตอบนี้', exact: true });
    const saved = page.waitForResponse((r) => r.url().includes(`/api/messages/${reply.id}/rating`));
    await up.click();
    expect((await saved).status()).toBe(200);
    await expect(up.getAttribute('aria-pressed')).resolves.toBe('true');
    await screenshot(page, 'chat-reply-rated');
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await page.reload();
    await expect(page.locator(`[data-message-id="${reply.id}"]`).getByRole('button', { name: 'ถูกใจคำตอบนี้', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');

    // The creator: the library's options of the character lead to its page, which shows the stats.
    await creatorPage.goto('/library');
    await creatorPage.getByRole('button', { name: `ตัวเลือกของ ${character.name}` }).click();
    await screenshot(creatorPage, 'library-character-options-stats');
    await creatorPage.getByRole('dialog').getByRole('button', { name: 'สถิติ' }).click();
    await creatorPage.waitForURL(`**/c/${character.id}`);
    const stats = creatorPage.getByRole('region', { name: 'สถิติ', exact: true });
    // The events travel through the outbox and RabbitMQ: the numbers arrive within seconds.
    const row7 = (label: string) => stats.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell').first();
    for (let i = 0; i < 20 && (await row7('ข้อความที่ได้รับ').textContent().catch(() => null)) !== '1'; i++) {
      await creatorPage.waitForTimeout(1000);
      await creatorPage.reload();
    }
    expect(await row7('แชทที่เริ่ม').textContent()).toBe('1');
    expect(await row7('ข้อความที่ได้รับ').textContent()).toBe('1');
    expect(await row7('ผู้ใช้ที่คุยด้วย').textContent()).toBe('1');
    expect(await row7('คำตอบที่ชอบ').textContent()).toBe('1');
    await stats.scrollIntoViewIfNeeded();
    await screenshot(creatorPage, 'character-stats');
    // The daily chart: today's bar (the newest, on the right) is the one with a message.
    const chart = stats.getByRole('img', { name: /ข้อความที่ได้รับรายวัน 30 วันล่าสุด รวม 1 ข้อความ/ });
    await chart.evaluate((node) => (node as unknown as { scrollIntoView(o: unknown): void }).scrollIntoView({ block: 'center' }));
    await screenshot(creatorPage, 'character-stats-chart');
    expect(await noOverflow(creatorPage)).toBeLessThanOrEqual(0);
  });
});
