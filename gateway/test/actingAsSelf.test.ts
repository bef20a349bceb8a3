import request from 'supertest';
import { harnessPerFile, sessionCookie, testActor } from '@lakorn/service-kit/testing';
import { startFakeServices } from './support/fakeServices';
import { testGateway } from './support/gateway';

const fakes = harnessPerFile(startFakeServices);

const REFUSED = { message: 'You can only act as yourself', code: 'FORBIDDEN' };
const me = testActor();
const other = testActor();
const cookie = sessionCookie(me);
/** Every way a body names someone: either field, with either their id or their uid. */
const namings = (who: typeof me) => [
  ['userId', who.id],
  ['userId', who.uid],
  ['uid', who.uid],
  ['uid', who.id],
];

// ARCHITECTURE §5: naming another user where only one's own is allowed is
// refused at the gateway with 403, before any service sees it.
describe('acting as yourself', () => {
  const app = () => testGateway(fakes);

  /** Bytes posted as they are, under headers the test chooses. */
  const postCheckinBytes = (contentType: string, bytes: Buffer, headers: Record<string, string> = {}) =>
    request(app()).post('/api/checkin').set('Cookie', cookie).set({ 'Content-Type': contentType, ...headers }).send(bytes);

  async function expectRefused(send: Promise<request.Response>) {
    const before = fakes.received.length;
    const res = await send;
    expect(res.status).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(fakes.received.length).toBe(before);
  }

  describe('JSON bodies', () => {
    test.each(namings(other))('refuses a body whose %s names another user (%s)', async (field, value) => {
      await expectRefused(request(app()).post('/api/checkin').set('Cookie', cookie).send({ [field]: value }));
    });

    test.each(namings(me))('forwards a body whose %s names the actor (%s)', async (field, value) => {
      const res = await request(app()).post('/api/checkin').set('Cookie', cookie).send({ [field]: value });
      expect(res.status).toBe(200);
      expect(JSON.parse(fakes.received.at(-1)!.body.toString('utf8'))).toEqual({ [field]: value });
    });

    test('forwards a body without userId or uid (the session decides who acts)', async () => {
      const res = await request(app()).post('/api/coins/redeem').set('Cookie', cookie).send({ code: 'WELCOME' });
      expect(res.status).toBe(200);
    });

    // A wrong type is the client's mistake, not a claim to act as someone: 400 VALIDATION, as the
    // service's contract answers it (bench/README.md "fuzz"), and still never forwarded.
    test.each([
      ['userId', { $ne: '' }],
      ['userId', 5],
      ['uid', [me.uid]],
      ['uid', true],
    ])('refuses a %s that is not a string (%j) with 400 VALIDATION, before any service sees it', async (field, value) => {
      const before = fakes.received.length;
      const res = await request(app()).post('/api/coins/redeem').set('Cookie', cookie).send({ [field]: value, code: 'X' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: `${field} must be a string`, code: 'VALIDATION' });
      expect(fakes.received.length).toBe(before);
    });

    test('refuses when one of two fields names someone else', async () => {
      await expectRefused(
        request(app()).post('/api/personas').set('Cookie', cookie).send({ uid: me.uid, userId: other.id, name: 'x' }),
      );
    });

    test('refuses on DELETE bodies too (admin deletes carry userId, spec §7 Admin)', async () => {
      await expectRefused(request(app()).delete('/api/admin/news/n1').set('Cookie', cookie).send({ userId: other.uid }));
    });

    test('judges the same key the service will read when a key repeats', async () => {
      // JSON.parse keeps the last duplicate, as body-parser does upstream.
      const raw = `{"userId":"${me.id}","userId":"${other.id}"}`;
      await expectRefused(request(app()).post('/api/checkin').set('Cookie', cookie).type('json').send(raw));
    });

    test('refuses malformed JSON with 400 rather than passing it on unchecked', async () => {
      const res = await request(app()).post('/api/checkin').set('Cookie', cookie).type('json').send('{"userId": ');
      expect(res.status).toBe(400);
    });

    test('refuses a JSON body in a charset the check cannot read the same way as the service', async () => {
      const res = await postCheckinBytes('application/json; charset=utf-16le', Buffer.from(JSON.stringify({ userId: other.id }), 'utf16le'));
      expect(res.status).toBe(415);
    });

    test('refuses a compressed body: its bytes could not be checked', async () => {
      const res = await postCheckinBytes('application/json', Buffer.from([0x1f, 0x8b, 0x08, 0x00]), { 'Content-Encoding': 'gzip' });
      expect(res.status).toBe(415);
    });

    test('does not judge sign-in bodies: they name the account being signed into, not the actor', async () => {
      const res = await request(app())
        .post('/api/auth/verify')
        .set('Cookie', cookie)
        .send({ credential: 'google-id-token', uid: other.uid, email: other.email });
      expect(res.status).toBe(200);
      expect(res.body.service).toBe('identity');
    });

    test('refuses a form body naming another user', async () => {
      await expectRefused(request(app()).post('/api/checkin').set('Cookie', cookie).type('form').send(`userId=${other.id}`));
    });
  });

  describe('query strings', () => {
    test('refuses ?userId= naming another user (spec §7: GET /api/admin/promo-codes?userId={uid})', async () => {
      await expectRefused(request(app()).get(`/api/admin/promo-codes?userId=${other.uid}`).set('Cookie', cookie));
    });

    test('refuses ?uid= naming another user, even percent-encoded in the key', async () => {
      await expectRefused(request(app()).get(`/api/news?%75id=${other.uid}`).set('Cookie', cookie));
    });

    test('refuses a repeated key when any value names someone else', async () => {
      await expectRefused(request(app()).get(`/api/news?userId=${me.id}&userId=${other.id}`).set('Cookie', cookie));
    });

    test.each([['userId[]'], ['userId[$ne]'], ['uid.x']])('refuses the expanded form %s', async (key) => {
      await expectRefused(request(app()).get(`/api/news?${encodeURIComponent(key)}=${me.id}`).set('Cookie', cookie));
    });

    test('forwards ?userId= naming the actor', async () => {
      const res = await request(app()).delete(`/api/admin/promo-codes/p1?userId=${me.uid}`).set('Cookie', cookie);
      expect(res.status).toBe(200);
      expect(res.body.url).toBe(`/api/admin/promo-codes/p1?userId=${me.uid}`);
    });
  });

  describe('own-only path parameters', () => {
    const OWN_ONLY = [
      (u: string) => `/api/users/${u}`,
      (u: string) => `/api/characters/c1/like/${u}`,
      (u: string) => `/api/chats/user/${u}`,
      (u: string) => `/api/personas/user/${u}`,
      (u: string) => `/api/coins/transactions/${u}`,
    ];

    test.each(OWN_ONLY.map((path) => [path('OTHER')]))('refuses GET %s naming another user', async (template) => {
      await expectRefused(request(app()).get(template.replace('OTHER', other.id)).set('Cookie', cookie));
      await expectRefused(request(app()).get(template.replace('OTHER', other.uid)).set('Cookie', cookie));
    });

    test.each(OWN_ONLY.map((path) => [path('SELF')]))('forwards GET %s naming the actor by id or uid', async (template) => {
      for (const self of [me.id, me.uid]) {
        const res = await request(app()).get(template.replace('SELF', self)).set('Cookie', cookie);
        expect(res.status).toBe(200);
      }
    });

    test('refuses the trailing-slash, deeper and percent-encoded spellings of the same path', async () => {
      await expectRefused(request(app()).get(`/api/users/${other.id}/`).set('Cookie', cookie));
      await expectRefused(request(app()).get(`/api/chats/user/${other.id}/conversations`).set('Cookie', cookie));
      const encoded = other.id.replace(/^u/, '%75');
      await expectRefused(request(app()).get(`/api/coins/transactions/${encoded}`).set('Cookie', cookie));
    });

    test('guards HEAD like GET (express answers HEAD with the GET route)', async () => {
      const res = await request(app()).head(`/api/users/${other.id}`).set('Cookie', cookie);
      expect(res.status).toBe(403);
    });

    test("allows GET /api/characters/user/{other}: another member's public characters", async () => {
      const res = await request(app()).get(`/api/characters/user/${other.id}`).set('Cookie', cookie);
      expect(res.status).toBe(200);
      expect(res.body.service).toBe('catalog');
    });
  });
});
