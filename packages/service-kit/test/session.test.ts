import { generateKeyPairSync } from 'node:crypto';
import { createSessionVerifier, parseCookieHeader, signSessionToken } from '../src/auth/session';
import { testActor, testSessionKeys } from '../src/testing';

const { publicKey, privateKey } = testSessionKeys();
const actor = testActor();
const claims = { sub: actor.id, uid: actor.uid, email: actor.email, isAdmin: false, isOwner: false };

describe('the session verifier (ARCHITECTURE §5, verified once per token and process)', () => {
  test('answers the actor a valid token names', () => {
    const verify = createSessionVerifier(publicKey);
    expect(verify(signSessionToken(claims, privateKey))).toEqual(actor);
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
    expect(verify(token)).toEqual(actor);
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
