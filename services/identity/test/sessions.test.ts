import request from 'supertest';
import { createSessionEnds, installSessionEnds, silentLogger, type SessionEnds } from '@lakorn/service-kit';
import { sessionTokenWithout } from '@lakorn/service-kit/testing';
import { createIdentityService } from '../src/service';
import { ROLES, signIn, useIdentityHarness, watchEvents } from './support/harness';

const h = useIdentityHarness('sessions');

/** This process's copy of the list, reloaded from identity's own /internal/sessions/ended, as openServiceRuntime installs it. */
let ends: SessionEnds;
beforeAll(() => {
  ends = createSessionEnds({ load: async (since) => (await request(h.app).get(`/internal/sessions/ended?since=${since}`).expect(200)).body, logger: silentLogger() });
  installSessionEnds(ends);
});
afterAll(() => installSessionEnds(undefined));

const me = (cookie: string) => request(h.app).get('/api/auth/session').set('Cookie', cookie);

describe('sessions that end (service-kit README "Sessions")', () => {
  test('logout ends that sign-in at once (401 SESSION_ENDED with the Thai text), announces it, and leaves the member\'s other devices signed in', async () => {
    const events = await watchEvents(h, 'identity.sessions.ended');
    try {
      const phone = await signIn(h.app, 'logout@example.test', 'Logout');
      const laptop = await signIn(h.app, 'logout@example.test', 'Logout');
      await request(h.app).post('/api/auth/logout').set('Cookie', phone.cookie).expect(204);

      const refused = await me(phone.cookie);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง', code: 'SESSION_ENDED' });
      expect((await me(laptop.cookie)).status).toBe(200);
      const deadline = Date.now() + 5_000;
      while (events.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(events.received[0]).toMatchObject({ kind: 'session' });
    } finally {
      await events.close();
    }
  });

  test('a session token of our key without exp or iat is refused as a session ended (it would never end)', async () => {
    const { profile, cookie } = await signIn(h.app, 'timeless@example.test', 'Timeless');
    const actor = { id: profile.id, uid: profile.uid, email: profile.email, isAdmin: false, isOwner: false };
    for (const without of [['exp'], ['iat']] as const) {
      const refused = await me(`lakorn_session=${sessionTokenWithout(actor, without)}`);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง', code: 'SESSION_ENDED' });
    }
    expect((await me(cookie)).status).toBe(200);
  });

  test('"sign out everywhere" ends every session of the member; signing in again works', async () => {
    const a = await signIn(h.app, 'everywhere@example.test', 'Everywhere');
    const b = await signIn(h.app, 'everywhere@example.test', 'Everywhere');
    await request(h.app).post('/api/auth/logout-everywhere').set('Cookie', a.cookie).expect(204);
    expect((await me(a.cookie)).status).toBe(401);
    expect((await me(b.cookie)).body.code).toBe('SESSION_ENDED');
    const again = await signIn(h.app, 'everywhere@example.test', 'Everywhere');
    expect((await me(again.cookie)).status).toBe(200);
  });

  test('after account deletion the old token is refused, and a new account of the same person can sign in', async () => {
    const before = await signIn(h.app, 'gone@example.test', 'Gone');
    await request(h.app).delete('/api/users/me').set('Cookie', before.cookie).expect(204);
    expect((await me(before.cookie)).body.code).toBe('SESSION_ENDED');
    const after = await signIn(h.app, 'gone@example.test', 'Gone');
    expect(after.profile.id).toBe(before.profile.id);
    expect((await me(after.cookie)).status).toBe(200);
  });

  test('another process that reloads the list (no event) refuses the ended session too', async () => {
    const other = createSessionEnds({ load: async (since) => (await request(h.app).get(`/internal/sessions/ended?since=${since}`)).body, logger: silentLogger() });
    const { cookie } = await signIn(h.app, 'reload@example.test', 'Reload');
    const actorOf = async () => {
      const session = await me(cookie);
      return { id: session.body.id as string };
    };
    const { id } = await actorOf();
    await request(h.app).post('/api/auth/logout-everywhere').set('Cookie', cookie).expect(204);
    expect(other.hasEnded({ id, uid: '', email: '', isAdmin: false, isOwner: false, adult: false, sessionVersion: 0 })).toBe(false);
    await other.refresh();
    expect(other.hasEnded({ id, uid: '', email: '', isAdmin: false, isOwner: false, adult: false, sessionVersion: 0 })).toBe(true);
  });

  test('an admin removed from ADMIN_EMAILS loses every session when identity starts with the new list; other members keep theirs', async () => {
    const admin = await signIn(h.app, 'helper@lakorn.local', 'Helper');
    expect(admin.profile.isAdmin).toBe(true);
    const member = await signIn(h.app, 'stays@example.test', 'Stays');

    // identity restarted with helper@ no longer listed: its start reconciles the roles tokens carry.
    const restarted = createIdentityService({
      connection: h.connection.useDb(h.connection.name, { useCache: false }),
      logger: silentLogger(),
      outbox: h.outbox,
      roles: { ...ROLES, adminEmails: ['admin@lakorn.local'] },
    });
    expect(await restarted.sessions.reconcileRoles(async (userId) => (userId === admin.profile.id ? 'helper@lakorn.local' : null))).toBe(1);
    await ends.refresh();

    expect((await me(admin.cookie)).body.code).toBe('SESSION_ENDED');
    expect((await me(member.cookie)).status).toBe(200);
    // Nothing left to take away: the next start ends nothing.
    expect(await restarted.sessions.reconcileRoles(async () => 'helper@lakorn.local')).toBe(0);
  });
});
