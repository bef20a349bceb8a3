import request from 'supertest';
import type { AdminAction, PromoCode } from '@lakorn/contracts';
import { sessionCookie, testActor } from '@lakorn/service-kit/testing';
import { startWallet, type WalletUnderTest } from './support/harness';

// Every admin write of the wallet goes into the audit log the catalog keeps: written into the
// wallet's outbox as wallet.admin.action after the change (service-kit adminAudit), which the relay
// publishes (the catalog's consumer and the checkin's bus test cover the way there).

jest.setTimeout(60_000);

let t: WalletUnderTest;
const owner = testActor({ isAdmin: true, isOwner: true });
const admin = testActor({ isAdmin: true });
const member = testActor();

beforeAll(async () => {
  t = await startWallet({ label: 'wallet_audit', provider: null });
});
afterAll(() => t.close());

const as = (actor: ReturnType<typeof testActor>) => ({
  post: (path: string, body: object) => request(t.server).post(path).set('Cookie', sessionCookie(actor)).send(body),
  put: (path: string, body: object) => request(t.server).put(path).set('Cookie', sessionCookie(actor)).send(body),
  delete: (path: string) => request(t.server).delete(path).set('Cookie', sessionCookie(actor)),
});

/** The audit events waiting in the wallet's outbox (no relay runs in this harness), oldest first. */
async function audited(): Promise<AdminAction[]> {
  const docs = await t.connection.collection<{ name: string; payload: AdminAction; createdAt: Date }>('outbox').find({ name: 'wallet.admin.action' }).sort({ createdAt: 1, _id: 1 }).toArray();
  return docs.map((d) => d.payload);
}

test('the payment switch, the registration bonus and every promo code write are audited with who, what and the new value (a removal names the code it removed)', async () => {
  expect((await as(owner).post('/api/admin/payment-system', { enabled: false })).status).toBe(200);
  expect((await as(owner).post('/api/admin/registration-bonus', { coins: 250 })).status).toBe(200);
  const created = await as(admin).post('/api/admin/promo-codes', { code: 'AUDIT50', coins: 50, type: 'limited', maxUses: 3 });
  expect(created.status).toBe(201);
  const code = created.body as PromoCode;
  expect((await as(admin).put(`/api/admin/promo-codes/${code.id}`, { isActive: false })).status).toBe(200);
  expect((await as(admin).delete(`/api/admin/promo-codes/${code.id}`)).status).toBe(204);

  const by = (actor: typeof owner) => ({ id: expect.any(String), at: expect.any(String), actorId: actor.id, actorEmail: actor.email });
  const entries = await audited();
  expect(entries).toEqual([
    { ...by(owner), action: 'paymentSystem.set', targetType: 'setting', targetId: 'paymentSystem', details: { enabled: false } },
    { ...by(owner), action: 'registrationBonus.set', targetType: 'setting', targetId: 'registrationBonus', details: { coins: 250 } },
    { ...by(admin), action: 'promoCode.create', targetType: 'promoCode', targetId: code.id, details: { code: 'AUDIT50', coins: 50, maxUses: 3 } },
    { ...by(admin), action: 'promoCode.setActive', targetType: 'promoCode', targetId: code.id, details: { code: 'AUDIT50', isActive: false } },
    { ...by(admin), action: 'promoCode.remove', targetType: 'promoCode', targetId: code.id, details: { code: 'AUDIT50' } },
  ]);
  // The log pages by id: ids sort as the actions happened.
  expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort());
});

test('a refused admin write (not the owner, not an admin, a bad body, an unknown code) is not audited', async () => {
  const before = (await audited()).length;
  expect((await as(admin).post('/api/admin/payment-system', { enabled: true })).status).toBe(403);
  expect((await as(member).post('/api/admin/promo-codes', { code: 'NOPE' })).status).toBe(403);
  expect((await as(owner).post('/api/admin/registration-bonus', { coins: -1 })).status).toBe(400);
  expect((await as(admin).delete('/api/admin/promo-codes/no-such-code')).status).toBe(404);
  expect(await audited()).toHaveLength(before);
});
