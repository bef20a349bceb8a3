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
  isClosed(userId: string): Promise<boolean>;
  /** Marks the wallet closed, then removes its entries and head. */
  close(userId: string, at: Date): Promise<void>;
}

export function createLedgerStore(models: WalletModels): LedgerStore {
  const entries = collectionOf(models.entries);
  const wallets = collectionOf(models.wallets);
  const closedWallets = collectionOf(models.closedWallets);
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

    async isClosed(userId) {
      return (await closedWallets.findOne({ _id: userId }, { projection: { _id: 1 } })) !== null;
    },

    async close(userId, at) {
      // 'exists': closed before; the removals below are safe to repeat.
      await insertOnce(() => closedWallets.insertOne({ _id: userId, closedAt: at }));
      await entries.deleteMany({ userId });
      await wallets.deleteOne({ _id: userId });
    },
  };
}
