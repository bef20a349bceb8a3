import type { Page } from 'playwright-core';
import { baseUrl, newPhonePage, screenshot, signInViaApi } from '../support';
import { browserPerFile } from './browserPerFile';

// The wizard's kept draft (mf-discover README "Drafts"): what a member typed survives ×, the
// browser's back and a reload; leaving asks first, reopening offers the draft, and the edit
// wizard, like the create one, has no bottom navigation whose tap would leave it.

const wizardClose = (page: Page) => page.locator('main header').getByRole('button', { name: 'ปิด', exact: true });
const nav = (page: Page) => page.getByRole('navigation', { name: 'เมนูหลัก' });
const fontsReady = (page: Page) => page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);

describe("the wizard's kept draft", () => {
  const browser = browserPerFile();
  const run = Date.now().toString(36);

  it('asks before × or the browser’s back leave it, survives them, a later opening and a reload; "ทิ้งร่าง" throws it away', async () => {
    const page = await newPhonePage(browser());
    await signInViaApi(page.context(), baseUrl(), `wizard-draft-${run}@example.test`, 'นักเขียน');
    // Into the wizard from the home, within the app (its steps are history entries of this page).
    await page.goto('/');
    await page.getByRole('button', { name: 'สร้างตัวละคร' }).click();
    await page.getByRole('heading', { level: 1, name: 'แนวการแชท' }).waitFor();
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await page.getByLabel('ชื่อตัวละคร').fill('ดาวเหนือแห่งขุนเขา');
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    const appearance = page.getByLabel('รูปลักษณ์');
    await appearance.fill('ผมยาวสีดำ ดวงตาสีอำพัน สวมเสื้อคลุมสีเทา');

    // × asks (a Thai dialog), and "ทำต่อ" keeps the member where they were.
    await wizardClose(page).click();
    const leave = page.getByRole('dialog', { name: 'ออกจากการสร้างตัวละคร?' });
    await leave.waitFor();
    await fontsReady(page);
    await screenshot(page, 'wizard-draft-leave');
    await leave.getByRole('button', { name: 'ทำต่อ' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(await appearance.inputValue()).toBe('ผมยาวสีดำ ดวงตาสีอำพัน สวมเสื้อคลุมสีเทา');

    // The browser's back moves between steps freely; out of the wizard it asks too, and staying
    // keeps the page as it was.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'ข้อมูลตัวละคร' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'แนวการแชท' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // (Through the page: Playwright's goBack would wait for a traversal the wizard cancels.)
    await page.evaluate(() => (globalThis as unknown as { history: { back: () => void } }).history.back());
    await leave.waitFor();
    expect(new URL(page.url()).pathname).toBe('/create-character');
    await leave.getByRole('button', { name: 'ทำต่อ' }).click();
    await leave.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'แนวการแชท' }).waitFor();

    await wizardClose(page).click();
    await leave.getByRole('button', { name: 'เก็บร่างไว้' }).click();
    await page.waitForURL((url) => url.pathname === '/library');

    // Opened again: the kept draft is offered, and continuing puts the member back at its step.
    await page.goto('/create-character');
    const kept = page.getByRole('dialog', { name: 'ร่างที่บันทึกไว้' });
    await kept.waitFor();
    expect(await kept.textContent()).toContain('ดาวเหนือแห่งขุนเขา');
    await fontsReady(page);
    await screenshot(page, 'wizard-draft-kept');
    await kept.getByRole('button', { name: 'ทำต่อจากร่าง' }).click();
    // At the step the member left from (step 1, where the back above took them), with every field.
    await page.waitForURL((url) => url.pathname === '/create-character/1');
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    expect(await page.getByLabel('ชื่อตัวละคร').inputValue()).toBe('ดาวเหนือแห่งขุนเขา');
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    expect(await appearance.inputValue()).toBe('ผมยาวสีดำ ดวงตาสีอำพัน สวมเสื้อคลุมสีเทา');

    // A reload keeps it in place, asking nothing.
    await appearance.fill('ผมยาวสีดำ ดวงตาสีอำพัน');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'รูปลักษณ์' }).waitFor();
    expect(await appearance.inputValue()).toBe('ผมยาวสีดำ ดวงตาสีอำพัน');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await nav(page).count()).toBe(0);

    // "ทิ้งร่าง" throws it away: the next opening starts empty and asks nothing.
    await wizardClose(page).click();
    await leave.getByRole('button', { name: 'ทิ้งร่าง' }).click();
    await page.waitForURL((url) => url.pathname === '/library');
    await page.goto('/create-character/2');
    await page.getByLabel('ชื่อตัวละคร').waitFor();
    expect(await page.getByLabel('ชื่อตัวละคร').inputValue()).toBe('');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('the edit wizard shows no bottom navigation, as the create wizard does', async () => {
    const page = await newPhonePage(browser());
    const me = await signInViaApi(page.context(), baseUrl(), `wizard-edit-${run}@example.test`, 'นักแก้ไข');
    const created = await page.context().request.post('/api/characters', {
      data: { userId: me.id, name: 'ลมหนาว', age: '', gender: 'female', genre: 'daily', appearance: '', personality: 'ใจเย็น', firstMessage: 'สวัสดี', background: '', exampleMessages: '', isPublic: false, isSpicy: false, description: '', profileUrl: '' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto('/library');
    await nav(page).waitFor();
    await page.goto(`/edit-character/${id}/2`);
    await page.getByLabel('ชื่อตัวละคร').waitFor();
    expect(await page.getByLabel('ชื่อตัวละคร').inputValue()).toBe('ลมหนาว');
    expect(await nav(page).count()).toBe(0);
  });
});
