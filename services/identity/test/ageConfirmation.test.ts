import request from 'supertest';
import { createSessionEnds, createSessionVerifier, installSessionEnds, silentLogger, type SessionEnds } from '@lakorn/service-kit';
import { testSessionKeys } from '@lakorn/service-kit/testing';
import { signIn, useIdentityHarness } from './support/harness';

// The age gate (catalog README "Moderation and the age gate"): Profile.ageConfirmed, POST
// /api/users/me/age-confirmation, and the session's `adult` claim that catalog and chat read.

const h = useIdentityHarness('age_confirmation');
let ends: SessionEnds;
beforeAll(() => {
  ends = createSessionEnds({ load: async (since) => (await request(h.app).get(`/internal/sessions/ended?since=${since}`).expect(200)).body, logger: silentLogger() });
  installSessionEnds(ends);
});
afterAll(() => installSessionEnds(undefined));

const verify = createSessionVerifier(testSessionKeys().publicKey);
const cookieOf = (res: request.Response) => String((res.headers['set-cookie'] as unknown as string[] | undefined)?.[0] ?? '').split(';')[0] ?? '';
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
const confirm = (cookie: string, confirmed: unknown) => request(h.app).post('/api/users/me/age-confirmation').set('Cookie', cookie).send({ confirmed });
const me = (cookie: string) => request(h.app).get('/api/auth/session').set('Cookie', cookie);

test('a new member has not confirmed; confirming stores it on the profile and re-issues the cookie with adult: true, keeping the sign-in', async () => {
  const { cookie, profile } = await signIn(h.app, 'age-yes@example.test', 'Age');
  expect(profile.ageConfirmed).toBe(false);
  expect(verify(tokenOf(cookie))?.adult).toBe(false);
  const res = await confirm(cookie, true);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id: profile.id, ageConfirmed: true });
  const fresh = cookieOf(res);
  expect(verify(tokenOf(fresh))).toMatchObject({ id: profile.id, adult: true, sessionId: verify(tokenOf(cookie))?.sessionId });
  expect((await me(fresh)).body.ageConfirmed).toBe(true);
  // Another device learns it when its session is next read (GET /api/auth/session re-issues it).
  const other = await signIn(h.app, 'age-yes@example.test', 'Age');
  expect(verify(tokenOf(other.cookie))?.adult).toBe(true);
});

test('withdrawing stores false and ends every session that claimed the confirmation; this device gets a new one without it', async () => {
  const phone = await signIn(h.app, 'age-no@example.test', 'Age');
  const adultPhone = cookieOf(await confirm(phone.cookie, true));
  const laptop = await signIn(h.app, 'age-no@example.test', 'Age');
  expect(verify(tokenOf(laptop.cookie))?.adult).toBe(true);
  const res = await confirm(adultPhone, false);
  expect(res.status).toBe(200);
  expect(res.body.ageConfirmed).toBe(false);
  const fresh = cookieOf(res);
  expect(verify(tokenOf(fresh))?.adult).toBe(false);
  expect((await me(fresh)).status).toBe(200);
  expect((await me(adultPhone)).body.code).toBe('SESSION_ENDED');
  expect((await me(laptop.cookie)).body.code).toBe('SESSION_ENDED');
});

test('the body must say true or false; signed out is a 401', async () => {
  const { cookie } = await signIn(h.app, 'age-bad@example.test', 'Age');
  expect((await confirm(cookie, 'yes')).status).toBe(400);
  expect((await request(h.app).post('/api/users/me/age-confirmation').send({ confirmed: true })).status).toBe(401);
});
