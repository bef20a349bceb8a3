import { announceEmbedded, isDuplicateKeyError } from '@lakorn/service-kit';
import { rawCollection, type EntryDoc, type WalletModels } from './models';

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
  /** 'duplicate' when a unique index refused it (same opId, or someone else took that seq). */
  insertEntry(entry: EntryDoc): Promise<'inserted' | 'duplicate'>;
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
  const { entries, wallets, closedWallets } = models;
  return {
    async insertEntry(entry) {
      try {
        await rawCollection(entries).insertOne(entry);
        // The entry carries wallet.balance.changed: point the outbox relay at it (read by _id).
        await announceEmbedded(entries.db, entries.collection.name, entry._id);
        return 'inserted';
      } catch (error) {
        if (isDuplicateKeyError(error)) return 'duplicate';
        throw error;
      }
    },

    findByOpId: (opId) => entries.findOne({ opId }).lean<EntryDoc>().exec(),

    // By _id: the one lookup every backend answers from its primary key.
    findEntry: (userId, seq) => entries.findById(entryId(userId, seq)).lean<EntryDoc>().exec(),

    async findEntries(userId, seqs) {
      const found = await Promise.all(seqs.map((seq) => entries.findById(entryId(userId, seq)).lean<EntryDoc>().exec()));
      return found.filter((e): e is EntryDoc => e !== null);
    },

    async readHeadCache(userId) {
      const doc = await wallets.findById(userId).lean().exec();
      return doc ? { seq: doc.seq, balance: doc.balance } : null;
    },

    async advanceHeadCache(userId, head) {
      const result = await wallets
        .updateOne({ _id: userId, seq: { $lt: head.seq } }, { $set: { seq: head.seq, balance: head.balance, updatedAt: new Date() } })
        .exec();
      if (result.matchedCount > 0) return;
      try {
        await rawCollection(wallets).insertOne({ _id: userId, seq: head.seq, balance: head.balance, updatedAt: new Date() });
      } catch (error) {
        // A head at or past this one is cached already.
        if (!isDuplicateKeyError(error)) throw error;
      }
    },

    async isClosed(userId) {
      return (await closedWallets.exists({ _id: userId }).exec()) !== null;
    },

    async close(userId, at) {
      try {
        await rawCollection(closedWallets).insertOne({ _id: userId, closedAt: at });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      await entries.deleteMany({ userId }).exec();
      await wallets.deleteOne({ _id: userId }).exec();
    },
  };
}
