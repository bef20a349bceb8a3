import { generateKeyPairSync } from 'node:crypto';
import { Router } from 'express';
import jwt from 'jsonwebtoken';
import pino from 'pino';
import request from 'supertest';
import { SESSION_COOKIE, SESSION_ENDED_CODE, SESSION_ENDED_MESSAGE } from '@lakorn/contracts';
import { createSessionVerifier, parseCookieHeader, requireActor, sessionKeyId, sessionPublicKeys, signSessionToken } from '../src/auth/session';
import { createHttpApp } from '../src/http/createApp';
import { sessionTokenWithout, testActor, testSessionKeys } from '../src/testing';

const { publicKey, privateKey } = testSessionKeys();
const actor = testActor();
const claims = { sub: actor.id, uid: actor.uid, email: actor.email, isAdmin: false, isOwner: false };

describe('the session verifier (ARCHITECTURE §5, verified once per token and process)', () => {
  test('answers the actor a valid token names', () => {
    const verify = createSessionVerifier(publicKey);
    expect(verify(signSessionToken(claims, privateKey))).toMatchObject(actor);
  });

  test('answers a token it has verified from memory: the same actor object, frozen', () => {
    const verify = createSessionVerifier(publicKey);
    const token = signSessionToken(claims, privateKey);
    const first = verify(token);
    expect(verify(token)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  test('stops accepting a remembered token at its expiry, even though the signature still holds', () => {
    let clock = Date.now();
    const verify = createSessionVerifier(publicKey, { now: () => clock });
    const token = signSessionToken(claims, privateKey, 60);
    expect(verify(token)).toMatchObject(actor);
    clock += 61_000;
    expect(verify(token)).toBeNull();
  });

  test('never accepts a token signed by another key, however often it is shown', () => {
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const verify = createSessionVerifier(publicKey);
    const forged = signSessionToken(claims, other.privateKey);
    expect(verify(forged)).toBeNull();
    expect(verify(forged)).toBeNull();
    expect(verify(undefined)).toBeNull();
    expect(verify('not.a.token')).toBeNull();
  });

  test('remembers at most maxEntries tokens, forgetting the oldest first', () => {
    const verify = createSessionVerifier(publicKey, { maxEntries: 1 });
    const a = signSessionToken(claims, privateKey);
    const b = signSessionToken({ ...claims, email: 'other@example.test' }, privateKey);
    const first = verify(a);
    verify(b);
    const again = verify(a);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});

describe('the Cookie header', () => {
  test('keeps the first of a repeated name and decodes values, as cookie-parser did', () => {
    expect(parseCookieHeader('a=1; lakorn_session=x%20y; a=2; "q"; b="quoted"')).toEqual({ a: '1', lakorn_session: 'x y', b: 'quoted' });
  });
});

describe('key ids: keys can be rotated (service-kit README "Sessions")', () => {
  const next = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const headerOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { kid?: string };

  test('every token names the key that signed it in its header (kid derived from the public key)', () => {
    const token = signSessionToken(claims, privateKey);
    expect(headerOf(token).kid).toBe(sessionKeyId(publicKey));
    expect(sessionKeyId(publicKey)).not.toBe(sessionKeyId(next.publicKey));
  });

  test('a token signed with the old key still verifies while that key is configured next to the new one', () => {
    const both = `${next.publicKey}\n${publicKey}`;
    const verify = createSessionVerifier(both);
    expect(verify(signSessionToken(claims, privateKey))).toMatchObject(actor);
    expect(verify(signSessionToken(claims, next.privateKey))).toMatchObject(actor);
    expect([...sessionPublicKeys(both).keys()]).toEqual([sessionKeyId(next.publicKey), sessionKeyId(publicKey)]);
  });

  test('once the old key is no longer configured, its tokens are refused', () => {
    const verify = createSessionVerifier(next.publicKey);
    expect(verify(signSessionToken(claims, privateKey))).toBeNull();
  });

  test('a token whose kid names no configured key is refused, even when a configured key would verify it', () => {
    const signWith = (keyid?: string) =>
      jwt.sign({ ...claims, sid: 's', sv: 0 }, privateKey, { algorithm: 'RS256', issuer: 'lakorn-identity', audience: 'lakorn', expiresIn: 60, ...(keyid ? { keyid } : {}) });
    const token = signWith('unknown-kid');
    const noKid = signWith();
    expect(createSessionVerifier(publicKey)(signWith(sessionKeyId(publicKey)))).toMatchObject(actor);
    const verify = createSessionVerifier(publicKey);
    expect(verify(token)).toBeNull();
    expect(verify(noKid)).toBeNull();
  });
});

describe('a session token must say when it was issued and when it ends (service-kit README "Sessions")', () => {
  const serviceApp = () => {
    const router = Router();
    router.get('/api/me', (req, res) => void res.json({ id: requireActor(req).id }));
    return createHttpApp({ logger: pino({ level: 'silent' }), sessionPublicKey: publicKey, routers: [router] });
  };

  test.each([
    ['exp', ['exp'] as const],
    ['iat', ['iat'] as const],
    ['exp and iat', ['exp', 'iat'] as const],
  ])('the verifier refuses a token of our key without %s, every time it is shown', (_what, without) => {
    const verify = createSessionVerifier(publicKey);
    const token = sessionTokenWithout(actor, without);
    expect(verify(token)).toBeNull();
    expect(verify(token)).toBeNull();
    expect(verify(sessionTokenWithout(actor, []))).toMatchObject(actor);
  });

  test('a token whose life is longer than a session\'s (SESSION_TTL_SECONDS) is refused', () => {
    const token = jwt.sign({ ...claims, sid: 's', sv: 0 }, privateKey, { algorithm: 'RS256', issuer: 'lakorn-identity', audience: 'lakorn', keyid: sessionKeyId(publicKey), expiresIn: '3650d' });
    expect(createSessionVerifier(publicKey)(token)).toBeNull();
  });

  test('a service refuses a token without exp as a session ended: 401 SESSION_ENDED with the Thai text', async () => {
    const res = await request(serviceApp()).get('/api/me').set('Cookie', `${SESSION_COOKIE}=${sessionTokenWithout(actor, ['exp'])}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: SESSION_ENDED_MESSAGE, code: SESSION_ENDED_CODE });
    await request(serviceApp()).get('/api/me').set('Cookie', `${SESSION_COOKIE}=${signSessionToken(claims, privateKey)}`).expect(200, { id: actor.id });
  });
});
