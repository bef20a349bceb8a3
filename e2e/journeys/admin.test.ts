import type { APIRequestContext, Page } from 'playwright-core';
import { dayOfWeekOf, type CalendarDay, type CalendarResponse, type DailyCoinSetting, type NewsItem, type Profile, type PromoCode } from '@lakorn/contracts';
import { baseUrl, launchBrowser, newPhonePage, pngImage, screenshot, signInViaApi, type LaunchedBrowser } from '../support';

// The admin's journey through mf-admin in Chromium, each change seen where
// members meet it: news with an image in the /news carousel; a special day amber with its amount
// on the calendar; Monday's new amount on the calendar; a limited promo code redeemed by a member;
// payments off showing the contact message in a member's top-up; the registration bonus given to
// a new user. And a member on /admin/news: the no-access screen, mf-admin never downloaded.

const AMBER_BG = 'rgba(245, 181, 68, 0.16)'; // packages/ui theme.color.amberBg: special days (spec §2)
const coins = (n: number) => n.toLocaleString('th-TH');

/** The page's horizontal overflow (0 when nothing sticks out of a 390-px phone). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document;
    return doc.documentElement.scrollWidth - doc.documentElement.clientWidth;
  });
}

async function getJson<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(path);
  if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Closes the toast on screen (at most one shows, spec §9), so a screenshot shows the page under it. */
async function dismissToast(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'ปิดการแจ้งเตือน' });
  if (await close.count()) await close.first().click();
  await close.first().waitFor({ state: 'detached' });
}

/** Asks again every 250 ms until `read` gives `expected` (or the time is up), and returns the last value. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

/** The /news calendar cell of a day (mf-news marks it data-date). */
const dayCell = (page: Page, date: string) => page.locator(`[data-date="${date}"]`);
const cellCoinsLabel = (day: number, amount: number) => `วันที่ ${day} ได้รับ ${coins(amount)} เหรียญ`;

describe('the admin journey (mf-admin in Chromium)', () => {
  let browser: LaunchedBrowser;
  let admin: Page;
  let owner: Profile;
  let member: Page;
  let memberProfile: Profile;
  const run = Date.now().toString(36);
  const newsTitle = `เปิดตัวตัวละครใหม่ ${run}`;
  const promoCode = `E2E${run}`.toUpperCase();
  const specialCoins = 321;
  const bonusCoins = 1357;
  let today: CalendarDay;
  let month: CalendarDay[];
  let specialDate: string;
  const original = { monday: 20, enabled: true, bonus: 1000 };
  let newMonday = 0;
  const adminRequests: string[] = [];

  const adminApi = () => admin.context().request;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPhonePage(browser);
    admin.on('request', (r) => adminRequests.push(r.url()));
    owner = await signInViaApi(admin.context(), baseUrl(), 'admin@lakorn.local', 'Admin');
    expect(owner.isOwner).toBe(true);
    const settings = await getJson<DailyCoinSetting[]>(adminApi(), '/api/daily-coin-settings');
    original.monday = settings.find((s) => s.dayOfWeek === 1)!.coinAmount;
    original.enabled = (await getJson<{ enabled: boolean }>(adminApi(), '/api/admin/payment-system')).enabled;
    original.bonus = (await getJson<{ coins: number }>(adminApi(), '/api/admin/registration-bonus')).coins;
    const calendar = await getJson<CalendarResponse>(adminApi(), '/api/checkin/calendar');
    today = calendar.today;
    month = calendar.calendar;
    // A day of this month (visible on the calendar without paging), not today and not a Monday,
    // so the Monday change is seen apart from it; a later day when there is one.
    const candidates = month.filter((d) => d.date !== today.date && dayOfWeekOf(d.date) !== 1 && !d.special);
    specialDate = (candidates.find((d) => d.date > today.date) ?? candidates[0]!).date;

    member = await newPhonePage(browser);
    memberProfile = await signInViaApi(member.context(), baseUrl(), `admin-journey-member-${run}@example.test`, 'มะลิ');
  });

  afterAll(async () => {
    // Settings other journeys rely on go back to what they were; what the journey made goes.
    if (admin) {
      const api = adminApi();
      await api.post('/api/admin/daily-coin-settings', { data: { dayOfWeek: 1, coinAmount: original.monday } });
      await api.post('/api/admin/payment-system', { data: { enabled: original.enabled } });
      await api.post('/api/admin/registration-bonus', { data: { coins: original.bonus } });
      const news = await getJson<NewsItem[]>(api, '/api/news').catch(() => [] as NewsItem[]);
      for (const item of news.filter((n) => n.title === newsTitle)) await api.delete(`/api/admin/news/${item.id}`);
      const days = await getJson<Array<{ id: string; date: string }>>(api, '/api/special-checkin-days').catch(() => []);
      for (const day of days.filter((d) => d.date === specialDate)) await api.delete(`/api/admin/special-checkin-days/${day.id}`);
      const promos = await getJson<PromoCode[]>(api, '/api/admin/promo-codes').catch(() => [] as PromoCode[]);
      for (const promo of promos.filter((p) => p.code === promoCode)) await api.delete(`/api/admin/promo-codes/${promo.id}`);
    }
    await browser?.closeAndClean();
  });

  it('adds news with an image on /admin/news, and the /news carousel shows it with the image', async () => {
    await admin.goto('/admin/news');
    await admin.getByRole('heading', { name: 'จัดการข่าวสาร' }).waitFor();
    expect(adminRequests.some((u) => u.includes('/remotes/mf-admin/'))).toBe(true);

    await admin.getByRole('button', { name: 'เพิ่มข่าวสาร' }).click();
    const dialog = admin.getByRole('dialog', { name: 'เพิ่มข่าวสาร' });
    await dialog.getByLabel('หัวข้อข่าว').fill(newsTitle);
    await dialog.getByLabel('ประเภท').selectOption('event');
    await dialog.getByLabel('เนื้อหา').fill('พบกับตัวละครใหม่ล่าสุดที่พร้อมคุยกับคุณทุกวัน พร้อมกิจกรรมแจกเหรียญตลอดสัปดาห์นี้');
    await dialog.getByLabel('รูปภาพ (ไม่บังคับ)').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: pngImage() });
    await dialog.getByRole('img', { name: 'ตัวอย่างรูปภาพข่าว' }).waitFor();
    await screenshot(admin, 'admin-news-add-dialog');
    await dialog.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await admin.getByText('เพิ่มข่าวสารสำเร็จ').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('list', { name: 'รายการข่าวสาร' }).getByRole('heading', { name: newsTitle }).waitFor();
    expect(await horizontalOverflow(admin)).toBe(0);
    await dismissToast(admin);
    await screenshot(admin, 'admin-news-list');

    // Back to /news (the header's back button): the carousel has the item, its image loaded.
    await admin.getByRole('button', { name: 'กลับไปหน้าข่าวสาร' }).click();
    await admin.getByRole('heading', { name: 'ข่าวสารและกิจกรรม' }).waitFor();
    const slide = admin.getByRole('region', { name: 'ข่าวเด่น' }).getByRole('group', { includeHidden: true }).filter({ hasText: newsTitle });
    // Loaded, and from the card-sized variant the browser picked (its srcset), not the upload itself.
    const loadedFrom = () => slide.locator('img').evaluate((el: unknown) => {
      const img = el as { complete: boolean; naturalWidth: number; currentSrc: string };
      return img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).search : '';
    });
    expect(await eventually(loadedFrom, '?w=1080', 15_000)).toBe('?w=1080'); // 358 px wide at 2× density
    await screenshot(admin, 'admin-news-carousel');
  });

  it('adds a special day; the /news calendar shows that day amber with its amount', async () => {
    // In-app: the Admin button of /news, then the Special days tab.
    await admin.getByRole('button', { name: 'ผู้ดูแลระบบ' }).click();
    await admin.getByRole('tab', { name: 'วันพิเศษ' }).click();
    const panel = admin.getByRole('tabpanel', { name: 'วันพิเศษ' });
    // README "Refinements of the spec": the note says the live weekday amounts, not spec §2's 40 and 70.
    const weekly = await getJson<DailyCoinSetting[]>(adminApi(), '/api/daily-coin-settings');
    const amounts = (days: number[]) => {
      const coins = weekly.filter((s) => days.includes(s.dayOfWeek)).map((s) => s.coinAmount);
      const [low, high] = [Math.min(...coins), Math.max(...coins)];
      return low === high ? low.toLocaleString('en-US') : `${low.toLocaleString('en-US')}–${high.toLocaleString('en-US')}`;
    };
    await panel.getByText(`วันปกติจะได้รับ ${amounts([1, 2, 3, 4, 5])} เหรียญในวันธรรมดา และ ${amounts([0, 6])} เหรียญในวันเสาร์-อาทิตย์`).waitFor();
    await panel.getByRole('button', { name: 'เพิ่มวันพิเศษ' }).click();
    const dialog = admin.getByRole('dialog', { name: 'เพิ่มวันพิเศษ' });
    const save = dialog.getByRole('button', { name: 'บันทึก', exact: true });
    expect(await dialog.getByLabel('จำนวนเหรียญ').inputValue()).toBe('100'); // spec §5 default
    expect(await save.isDisabled()).toBe(true); // no date yet
    await dialog.getByLabel('จำนวนเหรียญ').fill(String(specialCoins));
    await dialog.getByText('กรุณาเลือกวันที่').waitFor(); // left the date empty (spec §5)
    await dialog.getByLabel('วันที่').fill(specialDate);
    await dialog.getByLabel('คำอธิบาย (ไม่บังคับ)').fill(`วันพิเศษทดสอบ ${run}`);
    await screenshot(admin, 'admin-special-day-dialog');
    await save.click();
    await admin.getByText('เพิ่มวันพิเศษสำเร็จ').waitFor();
    await panel.getByRole('heading', { name: `วันพิเศษทดสอบ ${run}` }).waitFor();
    expect(await horizontalOverflow(admin)).toBe(0);
    await dismissToast(admin);
    await screenshot(admin, 'admin-special-days');

    await admin.getByRole('button', { name: 'กลับไปหน้าข่าวสาร' }).click();
    const cell = dayCell(admin, specialDate);
    await cell.getByLabel(cellCoinsLabel(Number(specialDate.slice(8)), specialCoins)).waitFor();
    expect(await cell.evaluate((el: unknown) => (globalThis as unknown as { getComputedStyle: (e: unknown) => { backgroundColor: string } }).getComputedStyle(el).backgroundColor)).toBe(AMBER_BG);
    await cell.evaluate((el: unknown) => (el as { scrollIntoView: (o: object) => void }).scrollIntoView({ block: 'center' }));
    await screenshot(admin, 'admin-special-day-on-calendar');
  });

  it("changes Monday's coins in the daily settings; the calendar's Mondays show the new amount", async () => {
    newMonday = original.monday + 13;
    await admin.getByRole('button', { name: 'ผู้ดูแลระบบ' }).click();
    await admin.getByRole('button', { name: 'ตั้งค่าเหรียญ' }).click();
    await admin.getByRole('heading', { name: 'ตั้งค่าเหรียญรายวัน' }).waitFor();
    const monday = admin.getByRole('region', { name: 'วันจันทร์' });
    const save = admin.getByRole('button', { name: 'บันทึกการตั้งค่า' });
    await monday.getByRole('spinbutton').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await monday.getByRole('spinbutton').fill(String(newMonday));
    expect(await monday.getAttribute('data-edited')).toBe('true');
    expect(await admin.getByRole('region', { name: 'วันอังคาร' }).getAttribute('data-edited')).toBe('false');
    expect(await horizontalOverflow(admin)).toBe(0);
    await screenshot(admin, 'admin-daily-coins-edited');
    await save.click();
    await admin.getByText('บันทึกการตั้งค่าสำเร็จ').waitFor();
    expect(await monday.getAttribute('data-edited')).toBe('false');
    expect(await save.isDisabled()).toBe(true);
    // The toast lies over the header's back button, and a pointer over it holds it (paused on
    // hover): close it as a member would before going back.
    await dismissToast(admin);

    // Back to /admin/news, then /news: every Monday of the month that is not a special day and
    // not already checked in (which keeps what it gave) shows the new amount.
    await admin.getByRole('button', { name: 'กลับไปหน้าจัดการข่าวสาร' }).click();
    await admin.getByRole('button', { name: 'กลับไปหน้าข่าวสาร' }).click();
    const mondays = month.filter((d) => dayOfWeekOf(d.date) === 1 && !d.special && !d.checkedIn);
    expect(mondays.length).toBeGreaterThan(0);
    for (const day of mondays) await dayCell(admin, day.date).getByLabel(cellCoinsLabel(day.dayNumber, newMonday)).waitFor();
    await screenshot(admin, 'admin-monday-on-calendar');
  });

  it('creates a limited promo code; a member redeems it once, and a second member is refused', async () => {
    await admin.goto('/admin/promo-codes');
    await admin.getByRole('heading', { name: 'โค้ดโปรโมชัน' }).waitFor();
    // The header's button (an empty list offers a second one below it).
    await admin.getByRole('button', { name: 'สร้างโค้ด' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'สร้างโค้ดโปรโมชัน' });
    await dialog.getByLabel('โค้ด', { exact: true }).fill(promoCode);
    await dialog.getByLabel('จำนวนเหรียญ').fill('77');
    await dialog.getByLabel('ประเภท').selectOption('limited');
    await dialog.getByLabel('จำนวนครั้งที่ใช้ได้').fill('1');
    await screenshot(admin, 'admin-promo-create-dialog');
    await dialog.getByRole('button', { name: 'สร้าง', exact: true }).click();
    await admin.getByText('สร้างโค้ดโปรโมชันแล้ว').waitFor();
    const row = admin.getByRole('row', { name: new RegExp(`^${promoCode}\\b`) });
    await row.getByRole('cell', { name: '0 / 1' }).waitFor();
    // The table scrolls inside its card; the page itself never overflows the phone.
    expect(await horizontalOverflow(admin)).toBe(0);
    await dismissToast(admin);
    await screenshot(admin, 'admin-promo-codes');
    // Scrolled to its end, the table shows the status, date and actions of the row.
    await admin.getByRole('region', { name: 'รายการโค้ดโปรโมชัน' }).evaluate((el: unknown) => {
      const box = el as { scrollLeft: number; scrollWidth: number };
      box.scrollLeft = box.scrollWidth;
    });
    await screenshot(admin, 'admin-promo-codes-scrolled');
    await row.getByRole('button', { name: `คัดลอก ${promoCode}` }).click();
    await admin.getByText('คัดลอกแล้ว').waitFor();
    await dismissToast(admin);

    await member.goto('/profile');
    const before = (await getJson<{ balance: number }>(member.context().request, '/api/coins/balance')).balance;
    await member.getByRole('textbox', { name: 'โค้ดส่วนลด' }).fill(promoCode);
    await member.getByRole('button', { name: 'ใช้โค้ด' }).click();
    await member.getByText('ใช้โค้ดสำเร็จ').waitFor();
    await member.getByText(`คุณได้รับ ${coins(77)} เหรียญ`).waitFor();
    expect((await getJson<{ balance: number }>(member.context().request, '/api/coins/balance')).balance).toBe(before + 77);
    await screenshot(member, 'admin-promo-redeemed-by-member');

    // Limited to one use: the next member is refused (spec §8 'Invalid promo code').
    const other = await browser.newContext({ baseURL: baseUrl() });
    await signInViaApi(other, baseUrl(), `admin-journey-other-${run}@example.test`, 'ชบา');
    const refused = await other.request.post('/api/coins/redeem', { data: { code: promoCode } });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe('Invalid promo code');
    await other.close();

    await admin.getByRole('button', { name: 'โหลดใหม่' }).click();
    await row.getByRole('cell', { name: '1 / 1' }).waitFor();
  });

  it("switches payments off: a member's top-up shows the contact message; on again, the packages return", async () => {
    if (!original.enabled) {
      const on = await adminApi().post('/api/admin/payment-system', { data: { enabled: true } });
      expect(on.ok()).toBe(true);
    }
    await admin.goto('/admin/payment-settings');
    const toggle = admin.getByRole('switch', { name: 'เปิดใช้งานระบบชำระเงิน' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await admin.getByText('ปิดระบบชำระเงินแล้ว').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await dismissToast(admin);
    await screenshot(admin, 'admin-payment-settings-off');

    await member.goto('/profile');
    await member.getByText('ระบบชำระเงินยังไม่เปิดให้บริการ').waitFor();
    await member.getByText('ระบบชำระเงินยังไม่เปิดให้บริการ').evaluate((el: unknown) => (el as { scrollIntoView: (o: object) => void }).scrollIntoView({ block: 'center' }));
    await screenshot(member, 'admin-payments-off-member-top-up');

    await toggle.click();
    await admin.getByText('เปิดระบบชำระเงินแล้ว').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await member.goto('/profile');
    await member.getByRole('button', { name: /^ซื้อ 500 เหรียญ/ }).waitFor();
  });

  it('sets the registration bonus; a new user starts with it', async () => {
    await admin.goto('/admin/registration-bonus');
    const input = admin.getByLabel('เหรียญที่สมาชิกใหม่แต่ละคนได้รับ');
    await input.waitFor();
    await input.fill(String(bonusCoins));
    await admin.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await admin.getByText('บันทึกโบนัสสมัครสมาชิกแล้ว').waitFor();
    await admin.getByText(`ค่าปัจจุบัน: ${bonusCoins.toLocaleString('en-US')} เหรียญ`).waitFor();
    await dismissToast(admin);
    await screenshot(admin, 'admin-registration-bonus');

    const newcomer = await newPhonePage(browser);
    const profile = await signInViaApi(newcomer.context(), baseUrl(), `admin-journey-new-${run}@example.test`, 'ใหม่');
    // The bonus is credited by the wallet on identity.user.registered; the profile follows it.
    const balance = async () => (await getJson<{ balance: number }>(newcomer.context().request, '/api/coins/balance')).balance;
    expect(await eventually(balance, bonusCoins)).toBe(bonusCoins);
    const profileCoins = async () => (await getJson<Profile>(newcomer.context().request, `/api/users/${profile.id}`)).coins;
    expect(await eventually(profileCoins, bonusCoins)).toBe(bonusCoins);
    await newcomer.goto('/news');
    await newcomer.getByTestId('coin-badge').filter({ hasText: coins(bonusCoins) }).waitFor();
    await newcomer.context().close();
  });

  it('deletes the special day and the news through the confirmation dialog', async () => {
    await admin.goto('/admin/news');
    await admin.getByRole('button', { name: `ลบข่าว ${newsTitle}` }).click();
    let confirm = admin.getByRole('dialog', { name: 'ยืนยันการลบ' });
    await confirm.getByText('คุณแน่ใจหรือไม่? การลบนี้ไม่สามารถย้อนกลับได้ และข้อมูลจะถูกลบอย่างถาวร').waitFor();
    await screenshot(admin, 'admin-delete-confirm');
    await confirm.getByRole('button', { name: 'ลบ', exact: true }).click();
    await admin.getByText('ลบข้อมูลสำเร็จ').waitFor();
    await admin.getByRole('heading', { name: newsTitle }).waitFor({ state: 'detached' });

    await admin.getByRole('tab', { name: 'วันพิเศษ' }).click();
    await admin.getByRole('heading', { name: `วันพิเศษทดสอบ ${run}` }).waitFor();
    const row = admin.getByRole('listitem').filter({ hasText: `วันพิเศษทดสอบ ${run}` });
    await row.getByRole('button', { name: /^ลบวันพิเศษ / }).click();
    confirm = admin.getByRole('dialog', { name: 'ยืนยันการลบ' });
    await confirm.getByRole('button', { name: 'ลบ', exact: true }).click();
    await admin.getByText('ลบข้อมูลสำเร็จ').waitFor();
    await row.waitFor({ state: 'detached' });
    const left = await getJson<Array<{ date: string }>>(adminApi(), '/api/special-checkin-days');
    expect(left.map((d) => d.date)).not.toContain(specialDate);
  });

  it('the audit log on /admin/moderation keeps every action above, from checkin and wallet, with its value', async () => {
    await admin.goto('/admin/moderation?tab=audit');
    const log = admin.getByRole('list', { name: 'บันทึกการดำเนินการของผู้ดูแล' });
    const entry = (action: string, change?: string | RegExp) => {
      const rows = log.getByRole('listitem').filter({ hasText: action });
      return (change === undefined ? rows : rows.filter({ hasText: change })).first();
    };
    // The services publish through their outboxes and the catalog keeps them: reload until the last has arrived.
    for (let tries = 0; ; tries++) {
      try {
        await entry('ลบข่าว').waitFor({ timeout: 3_000 });
        await entry('ลบวันเช็คอินพิเศษ').waitFor({ timeout: 3_000 });
        break;
      } catch (error) {
        if (tries >= 4) throw error;
        await admin.reload();
      }
    }
    await entry('ลงข่าว', `หัวข้อ: ${newsTitle}`).waitFor();
    await entry('เพิ่มวันเช็คอินพิเศษ', /เหรียญ/).waitFor();
    await entry('ตั้งเหรียญเช็คอินรายวัน', 'วันจันทร์').waitFor();
    await entry('สร้างโค้ดโปรโมชัน', `โค้ด ${promoCode}`).waitFor();
    // Names, not ids: a removal names what it removed (services/checkin README).
    await entry('ลบข่าว', `ข่าว ${newsTitle}`).waitFor();
    await entry('ตั้งค่าระบบชำระเงิน', 'ปิดรับชำระเงิน').waitFor();
    await entry('ตั้งโบนัสสมัครสมาชิก', `${bonusCoins.toLocaleString('th-TH')} เหรียญ`).waitFor();
    await screenshot(admin, 'admin-audit-log');
  });

  it('a member on /admin/news sees the no-access screen and no mf-admin file is requested', async () => {
    const requests: string[] = [];
    member.on('request', (r) => requests.push(r.url()));
    // The watch works: /news downloads its remote.
    await member.goto('/news');
    await member.getByRole('heading', { name: 'ข่าวสารและกิจกรรม' }).waitFor();
    expect(requests.some((u) => u.includes('/remotes/mf-news/'))).toBe(true);

    requests.length = 0;
    await member.goto('/admin/news');
    await member.getByRole('heading', { name: 'ไม่มีสิทธิ์เข้าถึง' }).waitFor();
    await member.getByRole('button', { name: 'ย้อนกลับ' }).waitFor();
    await member.waitForLoadState('networkidle');
    expect(requests.some((u) => u.includes('/remotes.json'))).toBe(true);
    expect(requests.filter((u) => u.includes('/remotes/mf-admin/'))).toEqual([]);
    expect(memberProfile.isAdmin).toBe(false);
    await screenshot(member, 'admin-no-access-member');
  });
});
