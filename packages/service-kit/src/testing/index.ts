// Helpers for service tests against the real FerretDB and RabbitMQ (never imported by src/).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { SESSION_COOKIE } from '@lakorn/contracts';
import { connectMongo } from '../data/mongo';
import { signSessionToken, type Actor } from '../auth/session';

export const TEST_MONGODB_URL =
  process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:27017/?directConnection=true&retryWrites=false';
export const TEST_AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/** A short random suffix for database names and bus namespaces of one test file. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

let keys: { publicKey: string; privateKey: string } | undefined;
/** One RSA key pair per test process, as the runner makes one per stack. */
export function testSessionKeys(): { publicKey: string; privateKey: string } {
  keys ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return keys;
}

/** A test actor; pass overrides for admin/owner. */
export function testActor(overrides: Partial<Actor> = {}): Actor {
  const id = overrides.id ?? `u${uniqueSuffix()}`;
  return {
    id,
    uid: overrides.uid ?? `google-${id}`,
    email: overrides.email ?? `${id}@example.test`,
    isAdmin: overrides.isAdmin ?? false,
    isOwner: overrides.isOwner ?? false,
  };
}

/** `Cookie` header value carrying a valid session for the actor. */
export function sessionCookie(actor: Actor): string {
  const token = signSessionToken(
    { sub: actor.id, uid: actor.uid, email: actor.email, isAdmin: actor.isAdmin, isOwner: actor.isOwner },
    testSessionKeys().privateKey,
  );
  return `${SESSION_COOKIE}=${token}`;
}

/** A fresh database for one test file; call drop() in afterAll. */
export async function testMongo(label: string): Promise<{ connection: Connection; dbName: string; drop: () => Promise<void> }> {
  const dbName = `test_${label.replace(/[^a-z0-9]/gi, '')}_${uniqueSuffix()}`;
  const connection = await connectMongo(TEST_MONGODB_URL, dbName);
  return {
    connection,
    dbName,
    drop: async () => {
      await connection.dropDatabase().catch(() => undefined);
      await connection.close();
    },
  };
}
