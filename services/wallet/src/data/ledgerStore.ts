import { announceEmbedded, collectionOf, insertOnce } from '@lakorn/service-kit';
import type { EntryDoc, WalletModels } from './models';

/** Zero-padded so `_id`s of one user sort in chain order (ARCHITECTURE §3). */
const SEQ_DIGITS = 12;

export function entryId(userId: string, seq: number): string {
  return `${userId}:${String(seq).padStart(SEQ_DIGITS, '0')}`;
}

export interface Head {
  seq: number;
  balance: number;
}

/** The queries the ledger needs; nothing here decides anything. */
export interface LedgerStore {
  /** 'exists' when a unique index refused it (same opId, or someone else took that seq). */
  insertEntry(entry: EntryDoc): Promise<'inserted' | 'exists'>;
  /** A scan on FerretDB (it looks up only `_id` by index): for replays, never the common path. */
  findByOpId(opId: string): Promise<EntryDoc | null>;
  findEntry(userId: string, seq: number): Promise<EntryDoc | null>;
  /** Entries at these seqs (missing ones left out), each looked up by `_id`. */
  findEntries(userId: string, seqs: number[]): Promise<EntryDoc[]>;
  readHeadCache(userId: string): Promise<Head | null>;
  /** Moves the cached head forward (never back, as far as a non-atomic update allows). */
  advanceHeadCache(userId: string, head: Head): Promise<void>;
  /** Closed by a deletion and not reopened since (README "A returning member"). */
  isClosed(userId: string): Promise<boolean>;
  /** The latest deletion that closed the wallet, and whether a new life has begun since it. */
  readClosure(userId: string): Promise<{ deletedAt: Date; reopened: boolean } | null>;
  /** Records this deletion as the one that closes the wallet (a later one already recorded stands). */
  markClosed(userId: string, deletedAt: Date, at: Date): Promise<void>;
  /** The wallet is open again after the deletion at `deletedAt` (first insert wins). */
  markReopened(userId: string, deletedAt: Date, at: Date): Promise<void>;
  /** Removes every entry and the head: what a deleted account's ledger was. */
  removeEntries(userId: string): Promise<void>;
}

export function createLedgerStore(models: WalletModels): LedgerStore {
  const entries = collectionOf(models.entries);
  const wallets = collectionOf(models.wallets);
  const closedWallets = collectionOf(models.closedWallets);
  const reopenedWallets = collectionOf(models.reopenedWallets);
  const reopenedId = (userId: string, deletedAt: Date) => `${userId}:${deletedAt.getTime()}`;
  async function readClosure(userId: string) {
    const closed = await closedWallets.findOne({ _id: userId });
    if (!closed) return null;
    // Closed before deletions were dated: the closing time stands for the deletion's.
    const deletedAt = closed.deletedAt ?? closed.closedAt;
    const reopened = (await reopenedWallets.findOne({ _id: reopenedId(userId, deletedAt) }, { projection: { _id: 1 } })) !== null;
    return { deletedAt, reopened };
  }
  // By _id: the one lookup every backend answers from its primary key.
  const findEntry = (userId: string, seq: number) => entries.findOne({ _id: entryId(userId, seq) });
  return {
    async insertEntry(entry) {
      const result = await insertOnce(() => entries.insertOne(entry));
      // The entry carries wallet.balance.changed: point the outbox relay at it (read by _id).
      if (result === 'inserted') await announceEmbedded(models.entries.db, entries.collectionName, entry._id);
      return result;
    },

    findByOpId: (opId) => entries.findOne({ opId }),

    findEntry,

    async findEntries(userId, seqs) {
      const found = await Promise.all(seqs.map((seq) => findEntry(userId, seq)));
      return found.filter((e): e is EntryDoc => e !== null);
    },

    async readHeadCache(userId) {
      const doc = await wallets.findOne({ _id: userId });
      return doc ? { seq: doc.seq, balance: doc.balance } : null;
    },

    async advanceHeadCache(userId, head) {
      const result = await wallets.updateOne(
        { _id: userId, seq: { $lt: head.seq } },
        { $set: { seq: head.seq, balance: head.balance, updatedAt: new Date() } },
      );
      if (result.matchedCount > 0) return;
      // 'exists': a head at or past this one is cached already.
      await insertOnce(() => wallets.insertOne({ _id: userId, seq: head.seq, balance: head.balance, updatedAt: new Date() }));
    },

    // By _id only: one read for a member never deleted, two for a returning one.
    async isClosed(userId) {
      const closure = await readClosure(userId);
      return closure !== null && !closure.reopened;
    },

    readClosure,

    async markClosed(userId, deletedAt, at) {
      if ((await insertOnce(() => closedWallets.insertOne({ _id: userId, closedAt: at, deletedAt }))) === 'inserted') return;
      // Closed by an earlier deletion, since reopened: this later one closes it again.
      await closedWallets.updateOne(
        { _id: userId, $or: [{ deletedAt: { $lt: deletedAt } }, { deletedAt: { $exists: false } }] },
        { $set: { closedAt: at, deletedAt } },
      );
    },

    async markReopened(userId, deletedAt, at) {
      await insertOnce(() => reopenedWallets.insertOne({ _id: reopenedId(userId, deletedAt), userId, reopenedAt: at }));
    },

    async removeEntries(userId) {
      await entries.deleteMany({ userId });
      await wallets.deleteOne({ _id: userId });
    },
  };
}
