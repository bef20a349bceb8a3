import mongoose, { type Connection, type Model, type mongo } from 'mongoose';

/** A service's database connection, named here so that only data/ folders import mongoose. */
export type { Connection } from 'mongoose';

/**
 * FerretDB v1 needs a direct connection and no retryable writes (ARCHITECTURE §2); MongoDB
 * accepts both, so the options are always added when the URL lacks them.
 */
export function withFerretOptions(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('directConnection') && !u.hostname.includes(',') && u.protocol === 'mongodb:') {
    u.searchParams.set('directConnection', 'true');
  }
  if (!u.searchParams.has('retryWrites')) u.searchParams.set('retryWrites', 'false');
  return u.toString();
}

/** One connection per service to its own database (`<prefix><service>`, e.g. lakorn_wallet). */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(withFerretOptions(url), {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    autoIndex: false,
  });
  await connection.asPromise();
  return connection;
}

/** Create every model's indexes (unique indexes carry the invariants, ARCHITECTURE §2). */
export async function ensureIndexes(connection: Connection): Promise<void> {
  for (const model of Object.values(connection.models)) {
    await model.createIndexes();
  }
}

/** The E11000 a unique index answers with: the one atomic refusal on both databases. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

export async function pingMongo(connection: Connection): Promise<boolean> {
  try {
    await connection.db?.admin().command({ ping: 1 });
    return true;
  } catch {
    return false;
  }
}

/**
 * The one way a store reaches the database: the model declares the schema and indexes, and its
 * queries go through the model's driver collection, typed with the model's document. Mongoose's
 * query layer costs 1.1-1.25x the driver per single-document call (bench/README.md "data access")
 * on paths a send repeats ~25 times, and the driver hands a unique index's E11000 to insertOnce
 * unchanged.
 */
export function collectionOf<T extends { _id: string }>(model: Model<T>): mongo.Collection<T> {
  return model.collection as unknown as mongo.Collection<T>;
}
