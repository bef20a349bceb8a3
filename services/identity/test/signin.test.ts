import request from 'supertest';
import { OAuth2Client } from 'google-auth-library';
import jwt from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { SESSION_COOKIE, SIGN_IN_EXPIRED_CODE, SIGN_IN_EXPIRED_MESSAGE, SIGN_IN_NONCE_TTL_SECONDS } from '@lakorn/contracts';
import { harnessPerFile, waitUntil } from '@lakorn/service-kit/testing';
import { googleVerifier } from '../src/data/idTokens';
import { loadConfig } from '../src/config';
import { identityHarness, signIn, startSignIn, useIdentityHarness, watchEvents } from './support/harness';

const h = useIdentityHarness('signin');
const dev = () => {
  if (!h.dev) throw new Error('this harness runs the development identity provider');
  return h.dev;
};

describe('sign-in (ARCHITECTURE §5)', () => {
  it('verifies a development ID token, sets an httpOnly SameSite=Lax session cookie and answers the profile', async () => {
    const { response, profile } = await signIn(h.app, 'mali@example.test', 'มะลิ');
    expect(response.status).toBe(200);
    const [cookie = ''] = response.headers['set-cookie'] as unknown as string[];
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(profile).toMatchObject({ email: 'mali@example.test', username: 'มะลิ', coins: 0, isAdmin: false, isOwner: false, seenMaintenanceNotice: true });
    expect(profile.id).toMatch(/^u_/);
    expect(profile.uid).toMatch(/^dev-/);
  });

  it('signs the same e-mail into the same account every time', async () => {
    const a = await signIn(h.app, 'same@example.test', 'Same');
    const b = await signIn(h.app, 'SAME@example.test', 'Other name');
    expect(b.profile.id).toBe(a.profile.id);
    expect(b.profile.username).toBe('Same');
  });

  it('gives a new user a unique default username from the name, cut to 12 characters', async () => {
    const a = await signIn(h.app, 'long1@example.test', 'Somchai Jaidee Longname');
    const b = await signIn(h.app, 'long2@example.test', 'Somchai Jaidee Longname');
    expect(a.profile.username).toBe('SomchaiJaide');
    expect(b.profile.username).toBe('SomchaiJaid2');
  });

  it('refuses a forged credential', async () => {
    await request(h.app).post('/api/auth/verify').send({ credential: 'not-a-token' }).expect(401);
  });

  it('refuses an ID token without a nonce, or with a nonce identity never issued, with the Thai text', async () => {
    for (const nonce of [undefined, 'made-up-by-the-caller']) {
      const refused = await request(h.app).post('/api/auth/verify').send({ credential: dev().issue('no-nonce@example.test', 'N', nonce), nonce });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: SIGN_IN_EXPIRED_MESSAGE, code: SIGN_IN_EXPIRED_CODE });
    }
  });

  it('signs a script in with the dev token once: the same credential replayed is refused', async () => {
    const token = await request(h.app).post('/api/auth/dev/token').send({ email: 'replay@example.test', name: 'Replay' }).expect(200);
    await request(h.app).post('/api/auth/verify').send({ credential: token.body.credential }).expect(200);
    const replayed = await request(h.app).post('/api/auth/verify').send({ credential: token.body.credential });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({ message: SIGN_IN_EXPIRED_MESSAGE, code: SIGN_IN_EXPIRED_CODE });
  });

  it('of 10 concurrent verifications of one token exactly one signs in', async () => {
    const token = await request(h.app).post('/api/auth/dev/token').send({ email: 'replay-race@example.test', name: 'Race' }).expect(200);
    const results = await Promise.all(Array.from({ length: 10 }, () => request(h.app).post('/api/auth/verify').send({ credential: token.body.credential })));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(401)]);
  });

  it('refuses a token whose nonce is not the one the caller names', async () => {
    const token = await request(h.app).post('/api/auth/dev/token').send({ email: 'other-nonce@example.test', name: 'N' }).expect(200);
    await request(h.app).post('/api/auth/verify').send({ credential: token.body.credential, nonce: 'another' }).expect(401);
  });

  it('answers who is signed in from the cookie, and 401 without one', async () => {
    const { cookie, profile } = await signIn(h.app, 'who@example.test', 'Who');
    const me = await request(h.app).get('/api/auth/session').set('Cookie', cookie).expect(200);
    expect(me.body.id).toBe(profile.id);
    await request(h.app).get('/api/auth/session').expect(401);
  });

  it('logout clears the session cookie', async () => {
    const res = await request(h.app).post('/api/auth/logout').expect(204);
    expect(String(res.headers['set-cookie']?.[0])).toMatch(/^lakorn_session=;/);
  });

  it('emits identity.user.registered exactly once per user, even for 10 concurrent first sign-ins', async () => {
    const registered = await watchEvents(h, 'identity.user.registered');
    const seen = () => registered.received.map((p) => p.email);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => request(h.app).post('/api/auth/dev/token').send({ email: 'race@example.test', name: 'Race' })));
    const results = await Promise.all(tokens.map((t) => request(h.app).post('/api/auth/verify').send({ credential: t.body.credential })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    await waitUntil(() => seen().includes('race@example.test'), 10_000, 'registration event');
    await new Promise((r) => setTimeout(r, 800));
    expect(seen().filter((e) => e === 'race@example.test')).toHaveLength(1);
    await registered.close();
  });
});

describe('development identity provider page', () => {
  it('shows a form that escapes what it echoes', async () => {
    const res = await request(h.app).get('/api/auth/dev/authorize?state=p.%22%3E%3Cscript%3E&nonce=x').expect(200);
    expect(res.text).toContain('เข้าสู่ระบบ Lakorn');
    expect(res.text).not.toContain('"><script>');
  });

  it('sends the browser back to the callback with an ID token, or with access_denied on cancel', async () => {
    const started = await startSignIn(h.app, 'p.abcdefgh');
    expect(started.location).toMatch(/^\/api\/auth\/dev\/authorize\?/);
    const page = await request(h.app).get(started.location).expect(200);
    expect(page.text).toContain(`name="nonce" value="${started.nonce}"`);
    const ok = await request(h.app).post('/api/auth/dev/authorize').type('form').send({ state: 'p.abcdefgh', nonce: started.nonce, email: 'form@example.test', name: 'Form', action: 'signin' }).expect(303);
    const fragment = new URLSearchParams(String(ok.headers.location).split('#')[1]);
    expect(String(ok.headers.location)).toMatch(/^\/api\/auth\/callback#/);
    expect(fragment.get('state')).toBe('p.abcdefgh');
    await request(h.app).post('/api/auth/verify').set('Cookie', started.cookie).send({ credential: fragment.get('id_token') }).expect(200);
    const cancel = await request(h.app).post('/api/auth/dev/authorize').type('form').send({ state: 'r.x', action: 'cancel' }).expect(303);
    expect(String(cancel.headers.location)).toContain('error=access_denied');
  });

  it("refuses the browser flow's token in another browser (without the cookie that started it, or with another's)", async () => {
    const mine = await startSignIn(h.app, 'p.mine1234');
    const theirs = await startSignIn(h.app, 'p.theirs12');
    const ok = await request(h.app).post('/api/auth/dev/authorize').type('form').send({ state: 'p.mine1234', nonce: mine.nonce, email: 'bound@example.test', name: 'Bound', action: 'signin' }).expect(303);
    const credential = new URLSearchParams(String(ok.headers.location).split('#')[1]).get('id_token');
    for (const cookie of [undefined, theirs.cookie]) {
      const refused = await request(h.app).post('/api/auth/verify').set('Cookie', cookie ?? '').send({ credential });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe(SIGN_IN_EXPIRED_MESSAGE);
    }
    await request(h.app).post('/api/auth/verify').set('Cookie', mine.cookie).send({ credential }).expect(200);
  });

  it('keeps one browser cookie across sign-ins started in two tabs, and each tab signs in', async () => {
    const first = await startSignIn(h.app, 'p.tabone12');
    const second = await startSignIn(h.app, 'p.tabtwo12', first.cookie);
    expect(second.cookie).toBe(first.cookie);
    for (const [state, nonce] of [['p.tabone12', first.nonce], ['p.tabtwo12', second.nonce]] as const) {
      const ok = await request(h.app).post('/api/auth/dev/authorize').type('form').send({ state, nonce, email: 'tabs@example.test', name: 'Tabs', action: 'signin' }).expect(303);
      const credential = new URLSearchParams(String(ok.headers.location).split('#')[1]).get('id_token');
      await request(h.app).post('/api/auth/verify').set('Cookie', first.cookie).send({ credential }).expect(200);
    }
  });

  it('refuses a start without a well-formed state or with a redirect_uri that is not a callback', async () => {
    await request(h.app).get('/api/auth/start').expect(400);
    await request(h.app).get('/api/auth/start?state=x').expect(400);
    await request(h.app).get('/api/auth/start?state=p.abcdefgh&redirect_uri=https%3A%2F%2Fevil.example%2Fsteal').expect(400);
  });

  it.each([
    ['XML', 'application/xml', '<x/>'],
    ['multipart without a boundary', 'multipart/form-data', '--x'],
  ])('answers a %s body (not a form, not JSON) with the page and its error, a 400, not a 500', async (_what, type, body) => {
    const res = await request(h.app).post('/api/auth/dev/authorize').set('content-type', type).send(body).expect(400);
    expect(res.text).toContain('กรุณากรอกอีเมลและชื่อให้ถูกต้อง');
  });
});

describe('an expired sign-in nonce', () => {
  let clock = Date.now();
  const timed = harnessPerFile(() => identityHarness('nonceclock', { now: () => new Date(clock) }));

  it(`is refused after SIGN_IN_NONCE_TTL_SECONDS (${SIGN_IN_NONCE_TTL_SECONDS} s)`, async () => {
    const token = await request(timed.app).post('/api/auth/dev/token').send({ email: 'late@example.test', name: 'Late' }).expect(200);
    clock += (SIGN_IN_NONCE_TTL_SECONDS + 1) * 1000;
    const refused = await request(timed.app).post('/api/auth/verify').send({ credential: token.body.credential });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(SIGN_IN_EXPIRED_MESSAGE);
    const fresh = await request(timed.app).post('/api/auth/dev/token').send({ email: 'late@example.test', name: 'Late' }).expect(200);
    await request(timed.app).post('/api/auth/verify').send({ credential: fresh.body.credential }).expect(200);
  });
});

describe('configuration', () => {
  const base = { SESSION_PUBLIC_KEY: 'k', SESSION_PRIVATE_KEY: 'k' };
  const INTERNAL_TOKEN = 'x'.repeat(32);
  it('refuses to start in production without GOOGLE_CLIENT_ID (no development sign-in there)', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', INTERNAL_TOKEN })).toThrow(/GOOGLE_CLIENT_ID/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id.apps', INTERNAL_TOKEN }).GOOGLE_CLIENT_ID).toBe('id.apps');
  });

  it('refuses to start in production without INTERNAL_TOKEN (the other processes read the ended sessions with it)', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id.apps' })).toThrow(/INTERNAL_TOKEN/);
    expect(() => loadConfig({ ...base, INTERNAL_TOKEN: 'short' })).toThrow(/INTERNAL_TOKEN/);
  });

  it('defaults admin and owner to admin@lakorn.local', () => {
    const c = loadConfig(base);
    expect(c.ADMIN_EMAILS).toEqual(['admin@lakorn.local']);
    expect(c.OWNER_EMAIL).toBe('admin@lakorn.local');
  });
});

describe('Google ID tokens', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  // google-auth-library's own verification, with Google's certificate fetch replaced by ours.
  class OfflineClient extends OAuth2Client {
    override async getFederatedSignonCertsAsync() {
      return { certs: { k1: publicKey }, format: 'PEM' } as unknown as Awaited<ReturnType<OAuth2Client['getFederatedSignonCertsAsync']>>;
    }
  }
  const token = (claims: object, audience = 'client-1') =>
    jwt.sign({ email: 'g@example.test', email_verified: true, name: 'G', ...claims }, privateKey, { algorithm: 'RS256', keyid: 'k1', issuer: 'https://accounts.google.com', audience, subject: 'google-sub-1', expiresIn: 300 });

  it('accepts a token for our client id and takes uid from sub', async () => {
    const verifier = googleVerifier('client-1', new OfflineClient('client-1'));
    await expect(verifier.verify(token({}))).resolves.toMatchObject({ uid: 'google-sub-1', email: 'g@example.test', name: 'G' });
  });

  it('refuses a token for another audience or with an unverified e-mail', async () => {
    const verifier = googleVerifier('client-1', new OfflineClient('client-1'));
    await expect(verifier.verify(token({}, 'someone-else'))).rejects.toThrow(/Invalid credential/);
    await expect(verifier.verify(token({ email_verified: false }))).rejects.toThrow(/not verified/);
  });

  describe('through identity (google-auth-library verifying, nonces issued by GET /api/auth/start)', () => {
    const g = harnessPerFile(() => identityHarness('google', { google: { clientId: 'client-1', client: new OfflineClient('client-1') } }));
    const callback = 'http://localhost:8080/api/auth/callback';

    it("sends the browser to Google with our client id, this site's callback and a nonce bound to the browser", async () => {
      const started = await startSignIn(g.app, 'p.google12', undefined, callback);
      const url = new URL(started.location);
      expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: 'client-1', response_type: 'id_token', redirect_uri: callback, state: 'p.google12', nonce: started.nonce });
      expect(started.nonce.length).toBeGreaterThanOrEqual(32);
    });

    it('signs in once with a token carrying that nonce, in that browser; refuses it replayed, elsewhere, or without a nonce', async () => {
      const started = await startSignIn(g.app, 'r.google34', undefined, callback);
      const credential = token({ nonce: started.nonce });
      await request(g.app).post('/api/auth/verify').send({ credential }).expect(401);
      await request(g.app).post('/api/auth/verify').set('Cookie', started.cookie).send({ credential }).expect(200);
      const replayed = await request(g.app).post('/api/auth/verify').set('Cookie', started.cookie).send({ credential });
      expect(replayed.status).toBe(401);
      expect(replayed.body).toEqual({ message: SIGN_IN_EXPIRED_MESSAGE, code: SIGN_IN_EXPIRED_CODE });
      const again = await startSignIn(g.app, 'r.google56', started.cookie, callback);
      await request(g.app).post('/api/auth/verify').set('Cookie', again.cookie).send({ credential: token({}) }).expect(401);
      await request(g.app).post('/api/auth/verify').set('Cookie', again.cookie).send({ credential: token({ nonce: 'guessed' }) }).expect(401);
      await request(g.app).post('/api/auth/verify').set('Cookie', again.cookie).send({ credential: token({ nonce: again.nonce }) }).expect(200);
    });

    it('has no development token there', async () => {
      await request(g.app).post('/api/auth/dev/token').send({ email: 'x@example.test', name: 'X' }).expect(404);
    });
  });
});
