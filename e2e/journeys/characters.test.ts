import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { Character } from '@lakorn/contracts';
import { repoPaths } from '../../infra/src/paths';
import { baseUrl, newPhonePage, pngImage, screenshot, signInViaApi } from '../support';
import { browserPerFile } from './browserPerFile';

// The characters journey: user A creates a public romantic character through all 9 steps with an
// image; user B finds it by a Thai substring and by genre, likes it (count 1, button disabled) and
// taps it to reach /chat/{id}; A edits it from /edit-character/{id}/4.

/** This run's number in Thai digits: a Thai search word no other run's character contains. */
function thaiDigits(n: number): string {
  return String(n).replace(/\d/g, (d) => String.fromCharCode(0x0e50 + Number(d)));
}

async function next(page: Page, title: string) {
  await page.getByRole('button', { name: 'ถัดไป' }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

describe('characters: create, find, like, chat, edit', () => {
  const browser = browserPerFile();
  const run = Date.now() % 1_000_000;
  const marker = `ดวงดาวริมผา${thaiDigits(run)}`;
  const name = `ดาวเหนือ ${thaiDigits(run)}`;
  let characterId = '';
  let creatorUsername = '';

  it('A creates a public romantic character through all nine steps, with an image', async () => {
    const page = await newPhonePage(browser());
    creatorUsername = (await signInViaApi(page.context(), baseUrl(), `creator-${run}@example.test`, 'Creator')).username;
    await page.goto('/create-character');

    await page.getByRole('heading', { level: 1, name: 'แนวการแชท' }).waitFor();
    await page.getByText('ขั้นตอน 1/9').waitFor();
    await page.getByRole('radio', { name: /โรแมนติก/ }).click();
    await page.getByRole('switch', { name: 'เนื้อหาสำหรับผู้ใหญ่ (สไปซี่)' }).waitFor();
    await screenshot(page, 'characters-01-genre');
    await next(page, 'ข้อมูลตัวละคร');

    await page.getByText('รองรับไฟล์ JPG, PNG ขนาดไม่เกิน 5MB').waitFor();
    // Through the gateway, the catalog's own refusals (spec §5): a text file named .png, a 6 MB image.
    const fake = await page.context().request.post('/api/upload/character-image', {
      multipart: { image: { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('ไม่ใช่รูปภาพ') } },
    });
    expect([fake.status(), ((await fake.json()) as { message: string }).message]).toEqual([400, 'ไฟล์ไม่ถูกต้อง']);
    const big = Buffer.alloc(6 * 1024 * 1024, 0x20);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooLarge = await page.context().request.post('/api/upload/character-image', {
      multipart: { image: { name: 'big.jpg', mimeType: 'image/jpeg', buffer: big } },
    });
    expect([tooLarge.status(), ((await tooLarge.json()) as { message: string }).message]).toEqual([413, 'ไฟล์ขนาดใหญ่เกินไป']);
    // A camera-sized picture goes up at most 2048 px on its longer side, as WebP, drawn by the
    // browser (wizard uploadPicture.ts), and the catalog keeps what arrived.
    const preview = page.getByRole('img', { name: 'ตัวอย่างรูปโปรไฟล์' });
    await page.getByTestId('image-input').setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: pngImage(3000, 1600) });
    await page.locator('img[alt="ตัวอย่างรูปโปรไฟล์"][src$=".webp"]').waitFor();
    const stored = await page.context().request.get(String(await preview.getAttribute('src')));
    const { format, width, height } = await sharp(await stored.body()).metadata();
    expect([format, width, height]).toEqual(['webp', 2048, 1092]);
    await page.getByTestId('image-input').setInputFiles({ name: 'moon.png', mimeType: 'image/png', buffer: pngImage(320, 180) });
    await page.locator('img[alt="ตัวอย่างรูปโปรไฟล์"][src$=".png"]').waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^\/character-images\/[a-f0-9]{32}\.png$/);
    await page.getByLabel('ชื่อตัวละคร').fill(name);
    await page.getByLabel('อายุ (ไม่บังคับ)').fill('24');
    await page.getByRole('radio', { name: 'หญิง' }).click();
    await screenshot(page, 'characters-02-info');
    await next(page, 'รูปลักษณ์');

    await page.getByLabel('รูปลักษณ์').fill('ผมยาวสีดำสนิท ดวงตาสีน้ำตาลอ่อน มักสวมชุดผ้าไหมสีครามกับสร้อยเปลือกหอย');
    await next(page, 'บุคลิกภาพ');
    await page.getByLabel('บุคลิกภาพ').fill(`อ่อนโยน ขี้อายเล็กน้อย ชอบเล่าเรื่อง${marker}ให้ฟังยามค่ำคืน กล้าหาญเมื่อต้องปกป้องคนที่รัก`);
    await next(page, 'ข้อความแรก');
    await page.getByLabel('ข้อความแรก').fill('*ยิ้มบางๆ ขณะมองขึ้นไปบนฟ้า* คืนนี้ดาวสวยจังเลยนะคะ อยากฟังเรื่องเล่าของฉันไหม');
    await next(page, 'ภูมิหลัง');
    await page.getByLabel('ภูมิหลัง (ไม่บังคับ)').fill('เติบโตในหมู่บ้านชาวประมงริมทะเลอันดามัน เรียนรู้ชื่อดวงดาวจากคุณตา');
    await next(page, 'ตัวอย่างข้อความ');
    await page.getByLabel('ตัวอย่างข้อความ (ไม่บังคับ)').fill('*หัวเราะเบาๆ* ดาวดวงนั้นชื่อดาวลูกไก่ค่ะ');
    await next(page, 'ความเป็นส่วนตัว');
    await page.getByRole('switch', { name: 'ตัวละครสาธารณะ' }).click();
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await page.getByText('กรุณากรอกคำอธิบายสั้นๆ สำหรับตัวละครสาธารณะ').waitFor();
    await page.getByLabel('คำอธิบายสั้นๆ').fill('นักเล่าเรื่องดวงดาวแห่งทะเลอันดามัน');
    await screenshot(page, 'characters-08-privacy');
    await next(page, 'เสร็จสิ้น');
    await page.getByText('ขั้นตอน 9/9').waitFor();
    await screenshot(page, 'characters-09-finish');

    const created = page.waitForResponse((r) => r.url().endsWith('/api/characters') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'สร้างตัวละคร' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const character = (await response.json()) as Character;
    characterId = character.id;
    expect(character).toMatchObject({ name, genre: 'romantic', isPublic: true, gender: 'female', age: '24' });
    expect(character.profileUrl).toMatch(/^\/character-images\//);
    await page.waitForURL('**/library');
    await page.context().close();
  });

  it('B finds it by a Thai substring and by genre, likes it once, and taps it to reach /chat/{id}', async () => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), `finder-${run}@example.test`, 'Finder');
    // spec §3: a public character shows its creator's username, which the catalog learns from
    // identity.user.registered; give the event a moment to arrive.
    for (let waited = 0; waited < 20_000; waited += 500) {
      const seen = (await (await page.context().request.get(`/api/characters/${characterId}`)).json()) as Character;
      if (seen.creatorUsername) break;
      await page.waitForTimeout(500);
    }
    await page.goto('/');
    await page.getByRole('heading', { name: 'แนะนำสำหรับคุณ' }).waitFor();

    await page.getByRole('searchbox', { name: 'ค้นหาตัวละคร' }).fill(marker.slice(3)); // 'ดาวริมผา…': the middle of a word, Thai only
    const card = page.getByRole('article', { name });
    await card.waitFor();
    await card.getByText('นักเล่าเรื่องดวงดาวแห่งทะเลอันดามัน').waitFor();
    await card.getByText(`โดย ${creatorUsername}`).waitFor();
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/character-images\//);
    await screenshot(page, 'characters-10-search');

    // By genre: romantic keeps it, adventure does not.
    await page.getByRole('button', { name: 'ผจญภัย' }).click();
    await page.getByText('ไม่พบตัวละคร').waitFor();
    await page.getByRole('button', { name: 'โรแมนติก' }).click();
    await card.waitFor();
    await page.getByRole('searchbox', { name: 'ค้นหาตัวละคร' }).fill('');
    await page.getByRole('button', { name: 'ทั้งหมด' }).click();

    await page.getByRole('searchbox', { name: 'ค้นหาตัวละคร' }).fill(marker);
    await card.waitFor();
    const like = card.getByRole('button', { name: 'ถูกใจ (0)' });
    await like.waitFor();
    const liked = page.waitForResponse((r) => r.url().endsWith(`/api/characters/${characterId}/like`));
    await like.click();
    expect(await (await liked).json()).toEqual({ alreadyLiked: false, likes: 1 });
    const likedButton = card.getByRole('button', { name: 'ถูกใจแล้ว (1)' });
    await likedButton.waitFor();
    expect(await likedButton.isDisabled()).toBe(true);
    await screenshot(page, 'characters-11-liked');

    // The like is the server's: after a reload it is still 1 and still disabled.
    await page.reload();
    await page.getByRole('searchbox', { name: 'ค้นหาตัวละคร' }).fill(marker);
    await page.getByRole('article', { name }).getByRole('button', { name: 'ถูกใจแล้ว (1)' }).waitFor();

    await page.getByRole('button', { name: `เปิดแชทกับ ${name}` }).click();
    await page.waitForURL(/\/chat\/[^/]+$/);
    expect(new URL(page.url()).pathname).toMatch(/^\/chat\/[A-Za-z0-9_-]+$/);
    await page.getByRole('textbox', { name: 'พิมพ์ข้อความ' }).waitFor();
    await page.getByText(name).first().waitFor();
    await screenshot(page, 'characters-12-chat');
    await page.context().close();
  });

  it('A edits it from /edit-character/{id}/4', async () => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), `creator-${run}@example.test`, 'Creator');
    await page.goto(`/edit-character/${characterId}/4`);
    await page.getByRole('heading', { level: 1, name: 'บุคลิกภาพ' }).waitFor();
    await page.getByText('ขั้นตอน 4/9').waitFor();
    const personality = page.getByLabel('บุคลิกภาพ');
    expect(await personality.inputValue()).toContain(marker);
    await personality.fill(`อ่อนโยนและร่าเริง ชอบเล่าเรื่อง${marker} ชวนคุยเรื่องทะเลได้ทั้งคืน`);
    await screenshot(page, 'characters-13-edit');
    for (const title of ['ข้อความแรก', 'ภูมิหลัง', 'ตัวอย่างข้อความ', 'ความเป็นส่วนตัว', 'เสร็จสิ้น']) await next(page, title);
    await page.getByRole('heading', { name: 'ส่งออกการ์ดตัวละคร' }).waitFor();
    await screenshot(page, 'characters-14-edit-finish');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/characters/${characterId}`) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect((await response.json()) as Character).toMatchObject({ version: 2, personality: expect.stringContaining('ร่าเริง'), likes: 1 });
    await page.waitForURL('**/library');
    await page.context().close();
  });

  it('A exports it as a PNG card drawn by the browser, which imports back with the same fields (beyond the spec)', async () => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), `creator-${run}@example.test`, 'Creator');
    await page.goto(`/edit-character/${characterId}/9`);
    await page.getByRole('heading', { name: 'ส่งออกการ์ดตัวละคร' }).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'รูป PNG' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${name}.png`);
    const png = Buffer.from(await (await download.createReadStream()).toArray().then((parts) => Buffer.concat(parts as Buffer[])));
    // The picture the browser drew: a 512×768 PNG.
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 768]);
    await writeFile(path.join(repoPaths().artifacts, 'characters-15-card.png'), png);

    const back = await page.context().request.post('/api/upload/character-card', {
      multipart: { card: { name: 'card.png', mimeType: 'image/png', buffer: png } },
    });
    expect(back.status()).toBe(200);
    const { draft } = (await back.json()) as { draft: Record<string, unknown> };
    const saved = (await (await page.context().request.get(`/api/characters/${characterId}`)).json()) as Character;
    for (const field of ['name', 'age', 'gender', 'genre', 'appearance', 'personality', 'firstMessage', 'background', 'exampleMessages', 'isPublic', 'isSpicy', 'description'] as const) {
      expect([field, draft[field]]).toEqual([field, saved[field]]);
    }
    await page.context().close();
  });
});
