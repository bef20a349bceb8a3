import request from 'supertest';
import { MODERATION_ERROR_CODES, MODERATION_MESSAGES, type AdminReport, type AdminReportsPage, type AuditPage, type Character } from '@lakorn/contracts';
import { adminActionOf, createOutbox, silentLogger } from '@lakorn/service-kit';
import { testSessionKeys, waitUntil } from '@lakorn/service-kit/testing';
import { registerAuditConsumer } from '../src/events/consumers';
import { createApp } from '../src/app';
import { createCatalogService } from '../src/service';
import { catalogForThisFile, createCharacter, member } from './support/harness';

// Reports, the admin queue and controls, and the audit log (README "Moderation and the age gate").
// Every path of every member is in services/chat/test/moderationMatrix.test.ts; this file holds the
// reports' own rules and the second instance.

const h = catalogForThisFile('catalog_moderation');
const owner = member();
const admin = member({ isAdmin: true });
const api = () => request(h.app);

const report = (cookie: string, id: string, body: unknown) => api().post(`/api/characters/${id}/reports`).set('Cookie', cookie).send(body as object);
const queue = async () => ((await api().get('/api/admin/reports').set('Cookie', admin.cookie).expect(200)).body as AdminReportsPage).reports;
const listed = async (cookie: string, q: string) => ((await api().get('/api/characters/public').query({ q }).set('Cookie', cookie).expect(200)).body as { characters: Array<{ id: string }> }).characters.map((c) => c.id);

describe('reports', () => {
  test('a report is confirmed in Thai; a second open one by the same member is a 409; the reporter no longer sees the character, others still do', async () => {
    const c = await createCharacter(h.app, owner.cookie, { name: 'รายงานหนึ่ง' });
    const reporter = member();
    const other = member();
    const first = await report(reporter.cookie, c.id, { reason: 'spam', details: 'ขายของ' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), message: MODERATION_MESSAGES.reported });
    const again = await report(reporter.cookie, c.id, { reason: 'hate' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: MODERATION_MESSAGES.alreadyReported, code: MODERATION_ERROR_CODES.alreadyReported });
    expect(await listed(reporter.cookie, 'รายงานหนึ่ง')).toEqual([]);
    expect(await listed(other.cookie, 'รายงานหนึ่ง')).toEqual([c.id]);
    // Two members racing: each gets one report, never two.
    const racer = member();
    const raced = await Promise.all([1, 2, 3].map(() => report(racer.cookie, c.id, { reason: 'other' })));
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  test('a reason outside the list, details over 500 characters, or a character one cannot see are refused', async () => {
    const c = await createCharacter(h.app, owner.cookie);
    const m = member();
    expect((await report(m.cookie, c.id, { reason: 'boring' })).status).toBe(400);
    expect((await report(m.cookie, c.id, { reason: 'other', details: 'ก'.repeat(501) })).status).toBe(400);
    expect((await report(m.cookie, c.id, { reason: 'other', details: 'ก'.repeat(500) })).status).toBe(201);
    const secret = await createCharacter(h.app, owner.cookie, { isPublic: false, description: '' });
    expect((await report(m.cookie, secret.id, { reason: 'spam' })).status).toBe(404);
  });
});

describe('the admin queue, controls and audit log', () => {
  test('members get 403 on every admin path', async () => {
    const m = member();
    expect((await api().get('/api/admin/reports').set('Cookie', m.cookie)).status).toBe(403);
    expect((await api().post('/api/admin/reports/x/resolve').set('Cookie', m.cookie).send({ action: 'hide' })).status).toBe(403);
    expect((await api().put('/api/admin/characters/x/moderation').set('Cookie', m.cookie).send({ hidden: true })).status).toBe(403);
    expect((await api().get('/api/admin/audit').set('Cookie', m.cookie)).status).toBe(403);
  });

  test('the queue shows open reports first with the character and counts; hide closes every open report on it and takes it out at once; dismiss closes one; both are audited with the character name', async () => {
    const c = await createCharacter(h.app, owner.cookie, { name: 'คิวรายงาน' });
    const calm = await createCharacter(h.app, owner.cookie, { name: 'คิวสงบ' });
    const [r1, r2, r3] = [member(), member(), member()];
    const first = (await report(r1.cookie, c.id, { reason: 'violence' })).body as { id: string };
    await report(r2.cookie, c.id, { reason: 'hate' });
    const dismissed = (await report(r3.cookie, calm.id, { reason: 'spam' })).body as { id: string };
    const mine = (await queue()).filter((r) => r.characterId === c.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ id: first.id, characterName: 'คิวรายงาน', characterOwnerId: owner.actor.id, status: 'open', openReports: 2, totalReports: 2, characterHidden: false });

    const resolved = (await api().post(`/api/admin/reports/${first.id}/resolve`).set('Cookie', admin.cookie).send({ action: 'hide' }).expect(200)).body as AdminReport;
    expect(resolved).toMatchObject({ status: 'hidden', characterHidden: true, characterHiddenReason: 'violence', openReports: 0, resolvedBy: admin.actor.id });
    expect((await queue()).filter((r) => r.characterId === c.id).map((r) => r.status)).toEqual(['hidden', 'hidden']);
    expect(await listed(member().cookie, 'คิวรายงาน')).toEqual([]);
    expect((await api().get(`/api/characters/${c.id}`).set('Cookie', member().cookie)).status).toBe(404);
    const own = (await api().get(`/api/characters/${c.id}`).set('Cookie', owner.cookie).expect(200)).body as Character;
    expect(own).toMatchObject({ hidden: true, hiddenReason: 'violence' });

    await api().post(`/api/admin/reports/${dismissed.id}/resolve`).set('Cookie', admin.cookie).send({ action: 'dismiss' }).expect(200);
    expect(await listed(member().cookie, 'คิวสงบ')).toEqual([calm.id]);
    // A dismissed report is closed: the same member may report again.
    expect((await report(r3.cookie, calm.id, { reason: 'spam' })).status).toBe(201);

    const audit = (await api().get('/api/admin/audit').set('Cookie', admin.cookie).expect(200)).body as AuditPage;
    expect(audit.entries.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'report.dismiss', actorId: admin.actor.id, actorEmail: admin.actor.email, targetId: dismissed.id,
        details: { characterId: calm.id, characterName: 'คิวสงบ', reason: 'spam' },
      }),
      expect.objectContaining({ action: 'report.hide', targetId: first.id, details: { characterId: c.id, characterName: 'คิวรายงาน', reason: 'violence' } }),
    ]);
  });

  test('direct controls: hide with reason admin and show again; 18+ on, off and back to following isSpicy; the audit log pages newest first, each entry naming the character', async () => {
    const c = await createCharacter(h.app, owner.cookie, { name: 'ควบคุมตรง' });
    const put = (body: unknown) => api().put(`/api/admin/characters/${c.id}/moderation`).set('Cookie', admin.cookie).send(body as object);
    expect((await put({})).status).toBe(400);
    expect((await put({ hidden: true }).expect(200)).body).toMatchObject({ hidden: true, hiddenReason: 'admin' });
    expect((await put({ hidden: false }).expect(200)).body).toMatchObject({ hidden: false, hiddenReason: null });
    expect((await put({ adult: true }).expect(200)).body).toMatchObject({ adultOverride: true });
    expect(await listed(member().cookie, 'ควบคุมตรง')).toEqual([]);
    expect(await listed(member({ adult: true }).cookie, 'ควบคุมตรง')).toEqual([c.id]);
    expect((await put({ adult: null }).expect(200)).body).toMatchObject({ adultOverride: null });
    expect(await listed(member().cookie, 'ควบคุมตรง')).toEqual([c.id]);
    expect((await api().put('/api/admin/characters/no-such/moderation').set('Cookie', admin.cookie).send({ hidden: true })).status).toBe(404);

    const page1 = (await api().get('/api/admin/audit?limit=2').set('Cookie', admin.cookie).expect(200)).body as AuditPage;
    const named = { characterName: 'ควบคุมตรง' };
    expect(page1.entries.map((e) => e.details)).toEqual([{ adult: null, ...named }, { adult: true, ...named }]);
    const page2 = (await api().get(`/api/admin/audit?limit=2&cursor=${page1.nextCursor}`).set('Cookie', admin.cookie).expect(200)).body as AuditPage;
    expect(page2.entries.map((e) => e.details)).toEqual([{ hidden: false, ...named }, { hidden: true, ...named }]);
  });

  test('a character hidden on one instance leaves another\'s listings within its sync interval (DISCOVER_SYNC_INTERVAL_MS, 2 s by default: under 5 s); a report does too', async () => {
    const logger = silentLogger();
    const b = createCatalogService({ connection: h.connection, logger, outbox: createOutbox({ connection: h.connection, bus: h.bus, logger }), syncIntervalMs: 200 });
    const since = new Date();
    await b.catalog.load();
    b.sync.start(since);
    try {
      const appB = createApp({ logger, sessionPublicKey: testSessionKeys().publicKey, catalog: b.catalog, images: b.images, moderation: b.moderation });
      const viewer = member();
      const reporter = member();
      const onB = async (cookie: string) =>
        ((await request(appB).get('/api/characters/public').query({ q: 'สองเครื่อง' }).set('Cookie', cookie).expect(200)).body as { characters: unknown[] }).characters.length;
      const c = await createCharacter(h.app, owner.cookie, { name: 'สองเครื่อง' });
      const until = async (check: () => Promise<boolean>) => {
        const started = Date.now();
        while (!(await check())) {
          if (Date.now() - started > 5_000) throw new Error('not within 5 s');
          await new Promise((r) => setTimeout(r, 50));
        }
        return Date.now() - started;
      };
      await until(async () => (await onB(viewer.cookie)) === 1);
      await report(reporter.cookie, c.id, { reason: 'spam' }).expect(201);
      await until(async () => (await onB(reporter.cookie)) === 0);
      await api().put(`/api/admin/characters/${c.id}/moderation`).set('Cookie', admin.cookie).send({ hidden: true }).expect(200);
      expect(await listed(viewer.cookie, 'สองเครื่อง')).toEqual([]);
      expect(await until(async () => (await onB(viewer.cookie)) === 0)).toBeLessThan(5_000);
    } finally {
      await b.sync.stop();
    }
  });
});

describe('the audit log of every admin action', () => {
  test("checkin's and wallet's admin actions reach the log through RabbitMQ, newest first among the moderation's, and a redelivery is kept once", async () => {
    await registerAuditConsumer({ bus: h.bus, moderation: h.service.moderation });
    const actor = admin.actor;
    const bonus = adminActionOf(actor, { action: 'registrationBonus.set', targetType: 'setting', targetId: 'registrationBonus', details: { coins: 300 } }, new Date());
    const news = adminActionOf(actor, { action: 'news.publish', targetType: 'news', targetId: 'news-1', details: { title: 'ข่าวใหม่' } }, new Date(Date.now() + 1));
    for (let i = 0; i < 3; i++) await h.bus.publish('wallet.admin.action', bonus, { messageId: `audit:${bonus.id}` });
    await h.bus.publish('checkin.admin.action', news, { messageId: `audit:${news.id}` });
    const newest = async () => ((await api().get('/api/admin/audit?limit=5').set('Cookie', admin.cookie).expect(200)).body as AuditPage).entries;
    await waitUntil(async () => (await newest()).some((e) => e.id === news.id), 10_000);
    const c = await createCharacter(h.app, owner.cookie);
    await api().put(`/api/admin/characters/${c.id}/moderation`).set('Cookie', admin.cookie).send({ hidden: true }).expect(200);
    const [moderation, second, third] = await newest();
    expect(moderation).toMatchObject({ action: 'character.moderation', targetId: c.id });
    expect([second, third]).toEqual([news, bonus]);
    expect((await newest()).filter((e) => e.id === bonus.id)).toHaveLength(1);
  });
});
