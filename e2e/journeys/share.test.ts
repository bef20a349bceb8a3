import type { Page } from 'playwright-core';
import type { Character, Profile } from '@lakorn/contracts';
import { baseUrl, newPhonePage, pngImage, screenshot, signInViaApi } from '../support';
import { browserPerFile } from './browserPerFile';

// The share links journey: a creator's public character has a link /c/{id} whose page carries its
// Open Graph and Twitter meta (escaped; a private or 18+ character's link is a 404 naming nothing;
// no link-preview service can be reached from here, so the page is read as one would read it). A
// signed-out visitor opens the link, signs in, lands on the character sheet, shares it, taps
// "start chat" and is in the chat; nothing creates a chat before that tap.

const run = Date.now() % 1_000_000;
/** A name with every character HTML gives meaning, and Thai. */
const NAME = `ต้นกล้า "<นักเดินป่า>" & 'เพื่อน' ${run}`;
const ESCAPED = `ต้นกล้า &quot;&lt;นักเดินป่า&gt;&quot; &amp; &#39;เพื่อน&#39; ${run}`;
const DESCRIPTION = 'นักเดินป่าผู้ร่าเริงจากเชียงใหม่ ชวนคุยเรื่องภูเขา';

const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

async function createCharacter(page: Page, creator: Profile, overrides: Partial<Character>): Promise<Character> {
  const res = await page.context().request.post('/api/characters', {
    data: {
      userId: creator.id,
      name: NAME,
      gender: 'male',
      genre: 'adventure',
      personality: 'ร่าเริง ชอบเดินป่า พูดจาสุภาพ',
      firstMessage: '*โบกมือ* สวัสดีครับ วันนี้อากาศดีน่าเดินป่านะครับ',
      isPublic: true,
      description: DESCRIPTION,
      ...overrides,
    },
  });
  if (res.status() !== 201) throw new Error(`create answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as Character;
}

/** Fails when the page scrolls sideways (something overflows the 390 px phone). */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('share links: /c/{id}', () => {
  const browser = browserPerFile();
  let creatorPage: Page;
  let creator: Profile;
  let shared: Character;
  let privateOne: Character;
  let visitor: Page;

  beforeAll(async () => {
    creatorPage = await newPhonePage(browser());
    creator = await signInViaApi(creatorPage.context(), baseUrl(), `share-creator-${run}@example.test`, 'ผู้สร้าง');
    const upload = await creatorPage.context().request.post('/api/upload/character-image', {
      multipart: { image: { name: 'hiker.png', mimeType: 'image/png', buffer: pngImage(480, 600) }, userId: creator.id },
    });
    if (!upload.ok()) throw new Error(`upload answered ${upload.status()}: ${await upload.text()}`);
    const { url } = (await upload.json()) as { url: string };
    shared = await createCharacter(creatorPage, creator, { profileUrl: url });
    privateOne = await createCharacter(creatorPage, creator, { name: `ความลับ ${run}`, isPublic: false, description: '' });
  });

  it('serves the link with Open Graph and Twitter meta, escaped, with absolute image and page URLs', async () => {
    // As a link-preview crawler reads it: no session, no JavaScript.
    const res = await fetch(`${baseUrl()}/c/${shared.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${ESCAPED} · ละคร</title>`);
    expect(metaOf(html, 'og:title')).toBe(ESCAPED);
    expect(metaOf(html, 'twitter:title')).toBe(ESCAPED);
    expect(metaOf(html, 'og:description')).toBe(DESCRIPTION);
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'og:url')).toBe(`${baseUrl()}/c/${shared.id}`);
    const image = metaOf(html, 'og:image') ?? '';
    expect(image).toBe(`${baseUrl()}${shared.profileUrl}`);
    expect(html).not.toContain('<นักเดินป่า>');
    // The image a preview fetches is there, as an image, without a session.
    const picture = await fetch(image);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it("answers a private character's link, and an unknown one, with 404 and no name", async () => {
    for (const id of [privateOne.id, '0123456789abcdef01234567']) {
      const res = await fetch(`${baseUrl()}/c/${id}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).not.toContain('ความลับ');
      expect(html).not.toContain('og:title');
    }
  });

  it('sends a signed-out visitor of the link to the sign-in screen', async () => {
    visitor = await newPhonePage(browser());
    await visitor.goto(`/c/${shared.id}`);
    await visitor.waitForURL('**/login');
    await visitor.getByRole('button', { name: /เข้าสู่ระบบ/ }).waitFor();
    // It says whose chat the link invites to (shell returnPath.ts sharedInvitation).
    await visitor.getByTestId('share-invitation').getByText(NAME).waitFor();
    await screenshot(visitor, 'share-01-login');
  });

  it('brings the visitor back to the character sheet after signing in, with no chat created', async () => {
    const [popup] = await Promise.all([visitor.context().waitForEvent('page'), visitor.getByRole('button', { name: /เข้าสู่ระบบ/ }).click()]);
    await popup.waitForLoadState();
    await popup.getByLabel('อีเมล').fill(`share-visitor-${run}@example.test`);
    await popup.getByLabel('ชื่อ').fill('ผู้มาเยือน');
    await popup.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await visitor.waitForURL((url) => url.pathname === `/c/${shared.id}`, { timeout: 20_000 });
    await visitor.getByRole('heading', { level: 2, name: NAME }).waitFor();
    await visitor.getByText(DESCRIPTION).waitFor();
    await visitor.getByRole('button', { name: 'ถูกใจ (0)' }).waitFor();
    await visitor.waitForFunction(() => {
      const img = (globalThis as unknown as { document: { querySelector: (s: string) => { complete: boolean; naturalWidth: number } | null } }).document.querySelector('main img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    const font = await visitor.getByRole('heading', { level: 2, name: NAME }).evaluate((el) => (globalThis as unknown as { getComputedStyle: (e: unknown) => { fontFamily: string } }).getComputedStyle(el).fontFamily);
    expect(font).toMatch(/Noto Sans Thai/);
    await expectNoOverflow(visitor);
    await screenshot(visitor, 'share-02-sheet');

    const me = (await (await visitor.context().request.get('/api/auth/session')).json()) as Profile;
    const chats = await visitor.context().request.get(`/api/chats/user/${me.id}`);
    expect(await chats.json()).toEqual([]);
  });

  it('likes the character and copies its link where the browser has no share sheet', async () => {
    await visitor.getByRole('button', { name: 'ถูกใจ (0)' }).click();
    await visitor.getByRole('button', { name: 'ถูกใจแล้ว (1)' }).waitFor();
    await visitor.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await visitor.evaluate(() => {
      // Chromium here has no Web Share API on this platform; make sure the copy path is the one taken.
      delete (globalThis as unknown as { navigator: { share?: unknown } }).navigator.share;
    });
    await visitor.getByRole('button', { name: 'แชร์' }).click();
    await visitor.getByText('คัดลอกลิงก์แล้ว').waitFor();
    const copied = await visitor.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText: () => Promise<string> } } }).navigator.clipboard.readText());
    expect(copied).toBe(`${baseUrl()}/c/${shared.id}`);
    await screenshot(visitor, 'share-03-link-copied');
  });

  it('starts a chat only on "start chat", and opens it', async () => {
    await visitor.getByRole('button', { name: 'เริ่มแชท' }).click();
    await visitor.waitForURL(/\/chat\/[^/]+$/, { timeout: 20_000 });
    await visitor.getByText(NAME).first().waitFor();
    await visitor.getByText('สวัสดีครับ วันนี้อากาศดีน่าเดินป่านะครับ', { exact: false }).first().waitFor();
    await screenshot(visitor, 'share-04-chat');
    const me = (await (await visitor.context().request.get('/api/auth/session')).json()) as Profile;
    const chats = (await (await visitor.context().request.get(`/api/chats/user/${me.id}`)).json()) as Array<{ characterId: string }>;
    expect(chats.map((c) => c.characterId)).toEqual([shared.id]);
  });

  it("shows the Thai not-found state for a link the member may not open (another member's private character)", async () => {
    await visitor.goto(`/c/${privateOne.id}`);
    await visitor.getByText('ไม่พบตัวละครนี้').waitFor();
    expect(await visitor.getByText(`ความลับ ${run}`).count()).toBe(0);
    await expectNoOverflow(visitor);
    await screenshot(visitor, 'share-05-not-found');
  });

  it("shows its creator the sheet of a private character without a share button, with the edit button", async () => {
    await creatorPage.goto(`/c/${privateOne.id}`);
    await creatorPage.getByRole('heading', { level: 2, name: `ความลับ ${run}` }).waitFor();
    await creatorPage.getByText('ตัวละครนี้เป็นแบบส่วนตัว จึงแชร์ลิงก์ไม่ได้').waitFor();
    expect(await creatorPage.getByRole('button', { name: 'แชร์' }).count()).toBe(0);
    await creatorPage.getByRole('button', { name: 'แก้ไขตัวละคร' }).waitFor();
    await expectNoOverflow(creatorPage);
    await screenshot(creatorPage, 'share-06-owner-private');
  });
});
