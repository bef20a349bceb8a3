import request from 'supertest';
import { OAuth2Client } from 'google-auth-library';
import jwt from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { SESSION_COOKIE } from '@lakorn/contracts';
import { waitUntil } from '@lakorn/service-kit/testing';
import { googleVerifier } from '../src/data/idTokens';
import { loadConfig } from '../src/config';
import { signIn, useIdentityHarness, watchEvents } from './support/harness';

const h = useIdentityHarness('signin');

describe('sign-in (ARCHITECTURE §5)', () => {
  it('verifies a development ID token, sets an httpOnly SameSite=Lax session cookie and answers the profile', async () => {
    const { response, profile } = await signIn(h.app, 'mali@example.test', 'มะลิ');
    expect(response.status).toBe(200);
    const [cookie = ''] = response.headers['set-cookie'] as unknown as string[];
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(profile).toMatchObject({ email: 'mali@example.test', username: 'มะลิ', coins: 0, isAdmin: false, isOwner: false, seenMaintenanceNotice: false });
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

  it('refuses a forged credential and a token whose nonce is not the one asked for', async () => {
    await request(h.app).post('/api/auth/verify').send({ credential: 'not-a-token' }).expect(401);
    const other = await signIn(h.app, 'n@example.test', 'N');
    expect(other.response.status).toBe(200);
    const credential = h.dev.issue('n@example.test', 'N', 'nonce-a');
    await request(h.app).post('/api/auth/verify').send({ credential, nonce: 'nonce-b' }).expect(401);
    await request(h.app).post('/api/auth/verify').send({ credential, nonce: 'nonce-a' }).expect(200);
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
    const credential = h.dev.issue('race@example.test', 'Race');
    const results = await Promise.all(Array.from({ length: 10 }, () => request(h.app).post('/api/auth/verify').send({ credential })));
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
    const ok = await request(h.app).post('/api/auth/dev/authorize').type('form').send({ state: 'p.abc', nonce: 'n1', email: 'form@example.test', name: 'Form', action: 'signin' }).expect(303);
    const fragment = new URLSearchParams(String(ok.headers.location).split('#')[1]);
    expect(String(ok.headers.location)).toMatch(/^\/api\/auth\/callback#/);
    expect(fragment.get('state')).toBe('p.abc');
    await request(h.app).post('/api/auth/verify').send({ credential: fragment.get('id_token'), nonce: 'n1' }).expect(200);
    const cancel = await request(h.app).post('/api/auth/dev/authorize').type('form').send({ state: 'r.x', action: 'cancel' }).expect(303);
    expect(String(cancel.headers.location)).toContain('error=access_denied');
  });

  it.each([
    ['XML', 'application/xml', '<x/>'],
    ['multipart without a boundary', 'multipart/form-data', '--x'],
  ])('answers a %s body (not a form, not JSON) with the page and its error, a 400, not a 500', async (_what, type, body) => {
    const res = await request(h.app).post('/api/auth/dev/authorize').set('content-type', type).send(body).expect(400);
    expect(res.text).toContain('กรุณากรอกอีเมลและชื่อให้ถูกต้อง');
  });
});

describe('configuration', () => {
  const base = { SESSION_PUBLIC_KEY: 'k', SESSION_PRIVATE_KEY: 'k' };
  it('refuses to start in production without GOOGLE_CLIENT_ID (no development sign-in there)', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/GOOGLE_CLIENT_ID/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id.apps' }).GOOGLE_CLIENT_ID).toBe('id.apps');
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
});
