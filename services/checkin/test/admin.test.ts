import request from 'supertest';
import { SPECIAL_DAY_EXISTS_CODE, SPECIAL_DAY_EXISTS_MESSAGE, type NewsItem, type SpecialCheckinDay } from '@lakorn/contracts';
import { sessionCookie, testActor } from '@lakorn/service-kit/testing';
import { sleep, useCheckinStack } from './support/harness';

jest.setTimeout(30_000);

const stack = useCheckinStack('checkin_admin');
const admin = testActor({ isAdmin: true });
const member = testActor();

const as = (actor: ReturnType<typeof testActor>) => ({
  get: (path: string) => request(stack.app).get(path).set('Cookie', sessionCookie(actor)),
  post: (path: string, body: unknown) => request(stack.app).post(path).set('Cookie', sessionCookie(actor)).send(body as object),
  delete: (path: string, body?: unknown) => {
    const req = request(stack.app).delete(path).set('Cookie', sessionCookie(actor));
    return body === undefined ? req : req.send(body as object);
  },
});

describe('news', () => {
  test('an admin adds news (type defaults to update, image optional) and GET /api/news lists it newest first', async () => {
    const first = await as(admin).post('/api/admin/news', { title: 'อัปเดตระบบ', content: 'ปรับปรุงความเร็ว', userId: admin.uid });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), title: 'อัปเดตระบบ', content: 'ปรับปรุงความเร็ว', type: 'update', createdAt: expect.any(String) });
    await sleep(5);
    const second = await as(admin).post('/api/admin/news', {
      title: 'กิจกรรมสงกรานต์',
      content: 'รับเหรียญพิเศษ',
      type: 'event',
      imageUrl: '/character-images/songkran.png',
      userId: admin.id,
    });
    expect(second.status).toBe(201);
    expect(second.body.imageUrl).toBe('/character-images/songkran.png');

    const list = await as(member).get('/api/news');
    expect(list.status).toBe(200);
    const ids = (list.body as NewsItem[]).map((n) => n.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    expect((list.body as NewsItem[]).find((n) => n.id === first.body.id)).not.toHaveProperty('imageUrl');
  });

  test('only admins may add or delete news, and only as themselves', async () => {
    expect((await as(member).post('/api/admin/news', { title: 't', content: 'c' })).status).toBe(403);
    expect((await as(admin).post('/api/admin/news', { title: 't', content: 'c', userId: member.uid })).status).toBe(403);
    expect((await request(stack.app).post('/api/admin/news').send({ title: 't', content: 'c' })).status).toBe(401);
    const created = await as(admin).post('/api/admin/news', { title: 'ลบได้', content: 'x' });
    expect((await as(member).delete(`/api/admin/news/${created.body.id}`)).status).toBe(403);
    expect((await as(admin).delete(`/api/admin/news/${created.body.id}`, { userId: member.id })).status).toBe(403);
  });

  test('refuses a blank title or content, an unknown type, and an image URL that is not a site path or http(s)', async () => {
    for (const body of [
      { title: ' ', content: 'c' },
      { title: 't', content: '' },
      { title: 't', content: 'c', type: 'promo' },
      { title: 't', content: 'c', imageUrl: 'javascript:alert(1)' },
      { title: 't', content: 'c', imageUrl: '//evil.example/x.png' },
      { title: { $gt: '' }, content: 'c' },
    ]) {
      const res = await as(admin).post('/api/admin/news', body);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION']);
    }
    const absolute = await as(admin).post('/api/admin/news', { title: 't', content: 'c', type: 'announcement', imageUrl: 'https://cdn.example/a.webp' });
    expect(absolute.status).toBe(201);
  });

  test('DELETE answers 204 and the item is gone; a second delete is 404', async () => {
    const created = await as(admin).post('/api/admin/news', { title: 'ชั่วคราว', content: 'x' });
    const gone = await as(admin).delete(`/api/admin/news/${created.body.id}`, { userId: admin.uid });
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    expect(((await as(member).get('/api/news')).body as NewsItem[]).some((n) => n.id === created.body.id)).toBe(false);
    expect((await as(admin).delete(`/api/admin/news/${created.body.id}`)).status).toBe(404);
  });
});

describe('special check-in days', () => {
  test('an admin adds a day (coins default 100, description optional) and everyone can list them by date', async () => {
    const later = await as(admin).post('/api/admin/special-checkin-days', { date: '2025-12-31', coinAmount: 300, description: 'ส่งท้ายปี', userId: admin.uid });
    const earlier = await as(admin).post('/api/admin/special-checkin-days', { date: '2025-12-05' });
    expect(later.status).toBe(201);
    expect(later.body).toEqual({ id: expect.any(String), date: '2025-12-31', coinAmount: 300, description: 'ส่งท้ายปี' });
    expect(earlier.body).toEqual({ id: expect.any(String), date: '2025-12-05', coinAmount: 100, description: '' });

    const list = (await as(member).get('/api/special-checkin-days')).body as SpecialCheckinDay[];
    const dates = list.map((d) => d.date);
    expect(dates.indexOf('2025-12-05')).toBeLessThan(dates.indexOf('2025-12-31'));
  });

  test('one special day per date: a second one for the same date is refused with 409', async () => {
    expect((await as(admin).post('/api/admin/special-checkin-days', { date: '2026-01-01', coinAmount: 200 })).status).toBe(201);
    const again = await as(admin).post('/api/admin/special-checkin-days', { date: '2026-01-01', coinAmount: 500 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: SPECIAL_DAY_EXISTS_MESSAGE, code: SPECIAL_DAY_EXISTS_CODE });
  });

  test('a special day outside real calendar years (0000, 9999 near its end, Feb 30) is refused with 400, never stored', async () => {
    for (const date of ['0000-01-01', '9999-12-31', '9999-12-31T23:00:00Z', '2026-02-30']) {
      const res = await as(admin).post('/api/admin/special-checkin-days', { date, coinAmount: 100 });
      expect({ date, status: res.status }).toEqual({ date, status: 400 });
    }
    const list = (await as(member).get('/api/special-checkin-days')).body as SpecialCheckinDay[];
    expect(list.filter((d) => !/^(19[7-9]\d|2\d{3})-/.test(d.date))).toEqual([]);
  });

  test('ten racing adds for one date leave exactly one special day', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => as(admin).post('/api/admin/special-checkin-days', { date: '2026-02-14', coinAmount: 100 + i })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const list = (await as(member).get('/api/special-checkin-days')).body as SpecialCheckinDay[];
    expect(list.filter((d) => d.date === '2026-02-14')).toHaveLength(1);
  });

  test('an ISO instant names the Bangkok day it falls on (a date picker at Bangkok midnight sends 17:00Z the day before)', async () => {
    const res = await as(admin).post('/api/admin/special-checkin-days', { date: '2026-04-12T17:00:00.000Z', coinAmount: 120 });
    expect(res.status).toBe(201);
    expect(res.body.date).toBe('2026-04-13');
  });

  test('requires a real date and a whole coin amount of at least 1; admins only', async () => {
    for (const body of [{}, { date: '' }, { date: '2026-02-30' }, { date: '13/04/2026' }, { date: '2026-05-01', coinAmount: 0 }, { date: '2026-05-01', coinAmount: 1.5 }]) {
      expect((await as(admin).post('/api/admin/special-checkin-days', body)).status).toBe(400);
    }
    expect((await as(admin).post('/api/admin/special-checkin-days', {})).body.message).toBe('date: please choose a date');
    expect((await as(member).post('/api/admin/special-checkin-days', { date: '2026-05-01' })).status).toBe(403);
  });

  test('DELETE answers 204 with no body; an unknown id is 404; members may not delete', async () => {
    const created = await as(admin).post('/api/admin/special-checkin-days', { date: '2026-06-01' });
    expect((await as(member).delete(`/api/admin/special-checkin-days/${created.body.id}`)).status).toBe(403);
    const gone = await as(admin).delete(`/api/admin/special-checkin-days/${created.body.id}`, { userId: admin.uid });
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    expect((await as(admin).delete(`/api/admin/special-checkin-days/${created.body.id}`)).status).toBe(404);
    // the date is free again
    expect((await as(admin).post('/api/admin/special-checkin-days', { date: '2026-06-01' })).status).toBe(201);
  });
});

describe('daily coin settings', () => {
  test('GET answers seven rows seeded Sunday 30, Monday-Friday 20, Saturday 30', async () => {
    const res = await as(member).get('/api/daily-coin-settings');
    expect(res.status).toBe(200);
    // spec §9, Sunday first: the amounts the product starts with, whatever a constant says.
    const seeded = [30, 20, 20, 20, 20, 20, 30];
    expect(res.body).toEqual(seeded.map((coinAmount, dayOfWeek) => ({ id: `day-${dayOfWeek}`, dayOfWeek, coinAmount })));
  });

  test('an admin sets one weekday per call and the list shows it', async () => {
    const saved = await as(admin).post('/api/admin/daily-coin-settings', { dayOfWeek: 6, coinAmount: 70, userId: admin.uid });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ id: 'day-6', dayOfWeek: 6, coinAmount: 70 });
    const list = (await as(member).get('/api/daily-coin-settings')).body as Array<{ dayOfWeek: number; coinAmount: number }>;
    expect(list).toHaveLength(7);
    expect(list.find((s) => s.dayOfWeek === 6)?.coinAmount).toBe(70);
    expect(list.find((s) => s.dayOfWeek === 0)?.coinAmount).toBe(30);
  });

  test('refuses amounts below 1, days outside 0-6, and non-admins', async () => {
    for (const body of [{ dayOfWeek: 1, coinAmount: 0 }, { dayOfWeek: 7, coinAmount: 10 }, { dayOfWeek: -1, coinAmount: 10 }, { dayOfWeek: '1', coinAmount: 10 }, { dayOfWeek: 1 }]) {
      expect((await as(admin).post('/api/admin/daily-coin-settings', body)).status).toBe(400);
    }
    expect((await as(member).post('/api/admin/daily-coin-settings', { dayOfWeek: 1, coinAmount: 99 })).status).toBe(403);
  });

  test('seeding again keeps an amount an admin set', async () => {
    await as(admin).post('/api/admin/daily-coin-settings', { dayOfWeek: 2, coinAmount: 33 });
    await stack.service.coinSettings.seedDefaults();
    const list = (await as(member).get('/api/daily-coin-settings')).body as Array<{ dayOfWeek: number; coinAmount: number }>;
    expect(list.find((s) => s.dayOfWeek === 2)?.coinAmount).toBe(33);
  });
});

test('reads need a session too (a service reached directly is no weaker than the gateway)', async () => {
  for (const path of ['/api/news', '/api/special-checkin-days', '/api/daily-coin-settings']) {
    expect((await request(stack.app).get(path)).status).toBe(401);
  }
});

describe('the audit log', () => {
  /** The entries the catalog has received for one target, once the relay has published them. */
  async function entriesFor(targetId: string, count: number) {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const found = stack.adminActions.filter((a) => a.targetId === targetId);
      if (found.length >= count) return found;
      await sleep(50);
    }
    return stack.adminActions.filter((a) => a.targetId === targetId);
  }

  test('every admin write is published as checkin.admin.action with who did it, to what and what changed (a removal names what it removed)', async () => {
    const news = await as(admin).post('/api/admin/news', { title: 'บันทึกไว้', content: 'x' });
    await as(admin).delete(`/api/admin/news/${news.body.id}`);
    const day = await as(admin).post('/api/admin/special-checkin-days', { date: '2026-07-01', coinAmount: 150 });
    await as(admin).delete(`/api/admin/special-checkin-days/${day.body.id}`);
    await as(admin).post('/api/admin/daily-coin-settings', { dayOfWeek: 4, coinAmount: 44 });

    const who = { actorId: admin.id, actorEmail: admin.email, id: expect.any(String), at: expect.any(String) };
    expect(await entriesFor(news.body.id, 2)).toEqual([
      { ...who, action: 'news.publish', targetType: 'news', targetId: news.body.id, details: { title: 'บันทึกไว้' } },
      { ...who, action: 'news.remove', targetType: 'news', targetId: news.body.id, details: { title: 'บันทึกไว้' } },
    ]);
    expect(await entriesFor(day.body.id, 2)).toEqual([
      { ...who, action: 'specialDay.add', targetType: 'specialDay', targetId: day.body.id, details: { date: '2026-07-01', coinAmount: 150 } },
      { ...who, action: 'specialDay.remove', targetType: 'specialDay', targetId: day.body.id, details: { date: '2026-07-01' } },
    ]);
    expect(await entriesFor('4', 1)).toEqual([{ ...who, action: 'dailyCoins.set', targetType: 'dayOfWeek', targetId: '4', details: { coinAmount: 44 } }]);
  });

  test('a refused write (a member, a bad body, a missing item) leaves no entry', async () => {
    await as(member).post('/api/admin/daily-coin-settings', { dayOfWeek: 5, coinAmount: 99 });
    await as(admin).post('/api/admin/daily-coin-settings', { dayOfWeek: 5, coinAmount: 0 });
    await as(admin).delete('/api/admin/news/no-such-news');
    // A later accepted write arrives, so anything written before it would have arrived too.
    await as(admin).post('/api/admin/daily-coin-settings', { dayOfWeek: 3, coinAmount: 31 });
    await entriesFor('3', 1);
    expect(stack.adminActions.filter((a) => a.targetId === '5' || a.targetId === 'no-such-news')).toEqual([]);
  });
});
