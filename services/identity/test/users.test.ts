import request from 'supertest';
import { ABUSE_MESSAGES, ERROR_CODES, USERNAME_NOT_ALLOWED_MESSAGE, USERNAME_TAKEN_MESSAGE } from '@lakorn/contracts';
import { testBus, waitUntil } from '@lakorn/service-kit/testing';
import { signIn, useIdentityHarness, watchEvents } from './support/harness';

const h = useIdentityHarness('users');

describe('usernames (spec §5)', () => {
  it('requires a username and allows at most 12 characters (Thai counted per character)', async () => {
    const { cookie } = await signIn(h.app, 'u1@example.test', 'U1');
    await request(h.app).put('/api/users/username').set('Cookie', cookie).send({ username: '   ' }).expect(400);
    await request(h.app).put('/api/users/username').set('Cookie', cookie).send({ username: 'abcdefghijklm' }).expect(400);
    const thirteen = await request(h.app).put('/api/users/username').set('Cookie', cookie).send({ username: 'สมหญิงใจดีมาก' }).expect(400);
    expect(thirteen.body.message).toMatch(/12/);
    const twelve = await request(h.app).put('/api/users/username').set('Cookie', cookie).send({ username: 'สมหญิงใจดีมา' }).expect(200);
    expect(twelve.body.username).toBe('สมหญิงใจดีมา');
  });

  it('is unique ignoring case and answers "Username already taken"', async () => {
    const a = await signIn(h.app, 'case-a@example.test', 'A');
    const b = await signIn(h.app, 'case-b@example.test', 'B');
    await request(h.app).put('/api/users/username').set('Cookie', a.cookie).send({ username: 'Ploy' }).expect(200);
    const taken = await request(h.app).put('/api/users/username').set('Cookie', b.cookie).send({ username: 'pLOY' }).expect(409);
    expect(taken.body).toEqual({ message: USERNAME_TAKEN_MESSAGE, code: ERROR_CODES.usernameTaken });
    // Changing only the case of one's own name is fine.
    await request(h.app).put('/api/users/username').set('Cookie', a.cookie).send({ username: 'PLOY' }).expect(200);
  });

  it.each([
    ['the starter cast\'s creator', 'ทีมละคร'],
    ['a reserved name with a zero-width space', 'Admin\u200b'],
    ['a reserved name behind a bidi override', '\u202eadmin'],
    ['a zero-width joiner inside a name', 'Ma\u200dli'],
    ['a word joiner', 'Ploy\u2060'],
    ['a soft hyphen', 'So\u00admchai'],
    ['a reserved name in another case', 'LaKoRN'],
    ['a reserved name in full-width letters', 'ｌａｋｏｒｎ'],
    ['a reserved name with Cyrillic look-alikes', 'аdmіn'],
    ['a reserved name with digits for letters', 'adm1n'],
    ['a reserved name with separators', 's.y.s-t_e m'],
    ['the product\'s Thai name', 'ละคร'],
  ])('refuses %s with 400 USERNAME_NOT_ALLOWED and the Thai text, on both username routes', async (_what, username) => {
    const { cookie, profile } = await signIn(h.app, `reserved-${Buffer.from(username).toString('hex').slice(0, 20)}@example.test`, 'Reserved');
    for (const [path, body] of [['/api/users/username', { username }], ['/api/users/profile', { username }]] as const) {
      const refused = await request(h.app).put(path).set('Cookie', cookie).send(body);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: USERNAME_NOT_ALLOWED_MESSAGE, code: ERROR_CODES.usernameNotAllowed });
    }
    const me = await request(h.app).get('/api/auth/session').set('Cookie', cookie).expect(200);
    expect(me.body.username).toBe(profile.username);
  });

  it('still takes ordinary names that only contain a reserved word or Thai combining marks', async () => {
    const { cookie } = await signIn(h.app, 'ordinary@example.test', 'Ordinary');
    for (const username of ['adminย่า', 'ทีมละครเวที', 'น้ำใจ', 'Mali Jai']) {
      const ok = await request(h.app).put('/api/users/username').set('Cookie', cookie).send({ username });
      expect(ok.status).toBe(200);
      expect(ok.body.username).toBe(username);
    }
  });

  it('never gives a reserved name as the default username of a first sign-in', async () => {
    const { profile } = await signIn(h.app, 'system@example.test', 'System');
    expect(profile.username).not.toMatch(/^system$/i);
    expect(profile.username).toMatch(/^user\d*$/);
    const team = await signIn(h.app, 'team@example.test', 'ทีม\u200bละคร');
    expect(team.profile.username).toBe('team');
  });

  it('lets exactly one of 20 concurrent claims of one name win', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(h.app, `claim${i}@example.test`, `Claim ${i}`)));
    const results = await Promise.all(
      users.map((u) => request(h.app).put('/api/users/username').set('Cookie', u.cookie).send({ username: 'Champion' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
  });

  it('frees the old name when a user takes a new one', async () => {
    const a = await signIn(h.app, 'free-a@example.test', 'A');
    const b = await signIn(h.app, 'free-b@example.test', 'B');
    await request(h.app).put('/api/users/username').set('Cookie', a.cookie).send({ username: 'OldName' }).expect(200);
    await request(h.app).put('/api/users/username').set('Cookie', a.cookie).send({ username: 'NewName' }).expect(200);
    await request(h.app).put('/api/users/username').set('Cookie', b.cookie).send({ username: 'oldname' }).expect(200);
  });

  it('publishes identity.user.updated with the new name (catalog shows creator names from it)', async () => {
    const updated = await watchEvents(h, 'identity.user.updated');
    const a = await signIn(h.app, 'upd@example.test', 'Upd');
    await request(h.app).put('/api/users/profile').set('Cookie', a.cookie).send({ username: 'Renamed' }).expect(200);
    await waitUntil(() => updated.received.some((p) => p.userId === a.profile.id && p.username === 'Renamed'), 10_000, 'updated event');
    await updated.close();
  });
});

describe('acting only as oneself (ARCHITECTURE §5)', () => {
  it("reads one's own profile by id or uid and refuses anyone else's with 403", async () => {
    const a = await signIn(h.app, 'self-a@example.test', 'A');
    const b = await signIn(h.app, 'self-b@example.test', 'B');
    await request(h.app).get(`/api/users/${a.profile.id}?_t=1`).set('Cookie', a.cookie).expect(200);
    await request(h.app).get(`/api/users/${a.profile.uid}`).set('Cookie', a.cookie).expect(200);
    await request(h.app).get(`/api/users/${b.profile.id}`).set('Cookie', a.cookie).expect(403);
    await request(h.app).get(`/api/users/${a.profile.id}`).expect(401);
  });

  it('refuses a body naming another user in username, profile and maintenance calls', async () => {
    const a = await signIn(h.app, 'body-a@example.test', 'A');
    const b = await signIn(h.app, 'body-b@example.test', 'B');
    await request(h.app).put('/api/users/username').set('Cookie', a.cookie).send({ uid: b.profile.uid, username: 'Hijack' }).expect(403);
    await request(h.app).put('/api/users/profile').set('Cookie', a.cookie).send({ uid: b.profile.uid, profileUrl: 'https://lh3.googleusercontent.com/a/x' }).expect(403);
    await request(h.app).post('/api/users/acknowledge-maintenance').set('Cookie', a.cookie).send({ userId: b.profile.id }).expect(403);
    const bAfter = await request(h.app).get(`/api/users/${b.profile.id}`).set('Cookie', b.cookie).expect(200);
    expect(bAfter.body.username).toBe(b.profile.username);
  });

  it('refuses operator-like values instead of passing them to a query', async () => {
    const a = await signIn(h.app, 'op@example.test', 'Op');
    await request(h.app).put('/api/users/username').set('Cookie', a.cookie).send({ username: { $gt: '' } }).expect(400);
  });
});

describe('roles (ADMIN_EMAILS, OWNER_EMAIL)', () => {
  it('makes the owner an admin, an ADMIN_EMAILS address an admin only, everyone else a member', async () => {
    const owner = await signIn(h.app, 'admin@lakorn.local', 'Admin');
    const helper = await signIn(h.app, 'helper@lakorn.local', 'Helper');
    const member = await signIn(h.app, 'member@example.test', 'Member');
    expect([owner.profile.isAdmin, owner.profile.isOwner]).toEqual([true, true]);
    expect([helper.profile.isAdmin, helper.profile.isOwner]).toEqual([true, false]);
    expect([member.profile.isAdmin, member.profile.isOwner]).toEqual([false, false]);
  });
});

describe('maintenance notice', () => {
  it('is seen from the start for a new account: it tells of a maintenance before the account existed (README "Refinements of the spec")', async () => {
    const a = await signIn(h.app, 'maint-new@example.test', 'N');
    expect(a.profile.seenMaintenanceNotice).toBe(true);
  });

  it('is unseen for an account from before the maintenance and seen after the acknowledgement', async () => {
    const a = await signIn(h.app, 'maint@example.test', 'M');
    // An account as it was stored before the maintenance: the notice not yet seen.
    await h.connection.collection('users').updateOne({ _id: a.profile.id as never }, { $set: { seenMaintenanceNotice: false } });
    const before = await request(h.app).get('/api/auth/session').set('Cookie', a.cookie).expect(200);
    expect(before.body.seenMaintenanceNotice).toBe(false);
    const res = await request(h.app).post('/api/users/acknowledge-maintenance').set('Cookie', a.cookie).send({ userId: a.profile.id }).expect(200);
    expect(res.body.seenMaintenanceNotice).toBe(true);
  });
});

describe('coins on the profile', () => {
  it('follow the highest ledger seq reported by the wallet, whatever the arrival order', async () => {
    const a = await signIn(h.app, 'coins@example.test', 'C');
    const wallet = testBus('wallet', { namespace: h.namespace });
    await wallet.ready();
    const userId = a.profile.id as string;
    await wallet.publish('wallet.balance.changed', { userId, balance: 1000, seq: 1 }, { messageId: `${userId}:1` });
    await wallet.publish('wallet.balance.changed', { userId, balance: 940, seq: 3 }, { messageId: `${userId}:3` });
    await wallet.publish('wallet.balance.changed', { userId, balance: 990, seq: 2 }, { messageId: `${userId}:2` });
    await waitUntil(async () => (await request(h.app).get(`/api/users/${userId}`).set('Cookie', a.cookie)).body.coins === 940, 10_000, 'coins 940');
    await new Promise((r) => setTimeout(r, 300));
    expect((await request(h.app).get(`/api/users/${userId}`).set('Cookie', a.cookie)).body.coins).toBe(940);
    await wallet.close();
  });
});

describe('account deletion', () => {
  it('emits identity.user.deleted, ends the session and frees the username', async () => {
    const deleted = await watchEvents(h, 'identity.user.deleted');
    const a = await signIn(h.app, 'bye@example.test', 'Bye');
    await request(h.app).put('/api/users/username').set('Cookie', a.cookie).send({ username: 'Goodbye' }).expect(200);
    const res = await request(h.app).delete('/api/users/me').set('Cookie', a.cookie).expect(204);
    expect(String(res.headers['set-cookie']?.[0])).toMatch(/^lakorn_session=;/);
    await waitUntil(() => deleted.received.some((p) => p.userId === a.profile.id), 10_000, 'deleted event');
    await request(h.app).get('/api/auth/session').set('Cookie', a.cookie).expect(401);
    const other = await signIn(h.app, 'next@example.test', 'Next');
    await request(h.app).put('/api/users/username').set('Cookie', other.cookie).send({ username: 'goodbye' }).expect(200);
    await deleted.close();
  });
});

describe('profile picture (member image URLs)', () => {
  it('accepts the sign-in provider photo or an uploaded image, and refuses any other address with 400 in Thai', async () => {
    const { cookie } = await signIn(h.app, 'picture@example.test', 'Picture');
    const put = (profileUrl: string) => request(h.app).put('/api/users/profile').set('Cookie', cookie).send({ profileUrl });
    expect((await put('https://lh3.googleusercontent.com/a/me=s96-c')).status).toBe(200);
    expect((await put('/character-images/0123456789abcdef01234567.png')).status).toBe(200);
    const tracker = await put('https://tracker.example/pixel.gif');
    expect(tracker.status).toBe(400);
    expect(tracker.body.message).toContain(ABUSE_MESSAGES.imageUrl);
  });
});
