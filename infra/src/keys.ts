import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RunnerEnv } from './config';

export interface SessionKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The RSA pair that signs and verifies session tokens (ARCHITECTURE §5): from the environment
 * when both are set, else .data/keys/ (gitignored), generated once with node:crypto.
 */
export async function sessionKeys(settings: RunnerEnv, keysDir: string): Promise<SessionKeys> {
  if (settings.SESSION_PUBLIC_KEY && settings.SESSION_PRIVATE_KEY) {
    return { publicKey: settings.SESSION_PUBLIC_KEY, privateKey: settings.SESSION_PRIVATE_KEY };
  }
  if (settings.SESSION_PUBLIC_KEY || settings.SESSION_PRIVATE_KEY) {
    throw new Error('Set both SESSION_PUBLIC_KEY and SESSION_PRIVATE_KEY, or neither (the runner then uses .data/keys/).');
  }
  return loadOrCreateKeyPair(keysDir);
}

export async function loadOrCreateKeyPair(keysDir: string): Promise<SessionKeys> {
  const publicFile = path.join(keysDir, 'session-public.pem');
  const privateFile = path.join(keysDir, 'session-private.pem');
  if (existsSync(publicFile) && existsSync(privateFile)) {
    return { publicKey: await fs.readFile(publicFile, 'utf8'), privateKey: await fs.readFile(privateFile, 'utf8') };
  }
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  await fs.mkdir(keysDir, { recursive: true, mode: 0o700 });
  // Private key first and public key last: the public file's presence marks a complete pair.
  await writeAtomically(privateFile, pair.privateKey, 0o600);
  await writeAtomically(publicFile, pair.publicKey, 0o644);
  return pair;
}

async function writeAtomically(file: string, content: string, mode: number): Promise<void> {
  const partial = `${file}.partial-${process.pid}`;
  await fs.writeFile(partial, content, { mode });
  await fs.rename(partial, file);
}
