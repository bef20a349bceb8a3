import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readRunnerEnv } from '../src/config';
import { sessionKeys } from '../src/keys';

let dir: string;
beforeEach(async () => {
  dir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'lakorn-keys-')), 'keys');
});
afterEach(async () => {
  await fs.rm(path.dirname(dir), { recursive: true, force: true });
});

describe('session keys: one RSA 2048 pair generated once into .data/keys/', () => {
  it('generates a matching RSA 2048 pair when none exists, with a private file only the owner reads', async () => {
    const keys = await sessionKeys(readRunnerEnv({}), dir);
    const publicKey = createPublicKey(keys.publicKey);
    expect(publicKey.asymmetricKeyType).toBe('rsa');
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const signature = sign('sha256', Buffer.from('claims'), createPrivateKey(keys.privateKey));
    expect(verify('sha256', Buffer.from('claims'), publicKey, signature)).toBe(true);
    expect((await fs.stat(path.join(dir, 'session-private.pem'))).mode & 0o077).toBe(0);
  });

  it('reuses the stored pair on the next start', async () => {
    const first = await sessionKeys(readRunnerEnv({}), dir);
    const second = await sessionKeys(readRunnerEnv({}), dir);
    expect(second).toEqual(first);
  });

  it('uses SESSION_PUBLIC_KEY and SESSION_PRIVATE_KEY from the environment when both are set', async () => {
    const keys = await sessionKeys(readRunnerEnv({ SESSION_PUBLIC_KEY: 'PUB', SESSION_PRIVATE_KEY: 'PRIV' }), dir);
    expect(keys).toEqual({ publicKey: 'PUB', privateKey: 'PRIV' });
    await expect(fs.stat(dir)).rejects.toThrow();
  });

  it('refuses one key without the other', async () => {
    await expect(sessionKeys(readRunnerEnv({ SESSION_PUBLIC_KEY: 'PUB' }), dir)).rejects.toThrow(/both/);
  });
});
