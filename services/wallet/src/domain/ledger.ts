import type { EntryDoc, EntryKind, LedgerEntry } from '../data/models';
import { entryId, type Head, type LedgerStore } from '../data/ledgerStore';

// The coin ledger of ARCHITECTURE §3. A user's coins are a chain of immutable entries; a change
// appends entry seq+1 computed from entry seq. The insert is the only guard: unique (userId, seq)
// refuses a second writer of the same seq (a race: read the new head and try again), unique opId
// refuses a movement applied before (a replay: answer with the earlier entry). A balance below 0
// is never computed into an entry, so it can never be stored.

export type { LedgerEntry };

export interface Movement {
  userId: string;
  /** Deterministic per business operation: signup:<userId>, payment:<id>, chat:<messageId>... */
  opId: string;
  kind: 'credit' | 'debit' | 'refund';
  /** Signed: positive for credit and refund, negative for debit. */
  amount: number;
  description: string;
  ref?: string;
}

export type ApplyResult =
  /** `replayed`: the opId was applied before; `entry` is that earlier entry (it may be a void). */
  | { status: 'applied'; entry: LedgerEntry; replayed: boolean }
  | { status: 'insufficient'; balance: number }
  | { status: 'closed' };

export interface Ledger {
  apply(movement: Movement): Promise<ApplyResult>;
  /**
   * Takes `opId` without moving coins, so a later movement with that opId is refused (a debit that
   * came too late, or one never made). Answers the entry that holds the opId: the void, or whatever
   * got there first.
   */
  recordVoid(userId: string, opId: string, reason: string): Promise<{ status: 'applied'; entry: LedgerEntry; replayed: boolean } | { status: 'closed' }>;
  findByOpId(opId: string): Promise<LedgerEntry | null>;
  balance(userId: string): Promise<Head>;
  history(userId: string, limit: number, beforeSeq?: number): Promise<LedgerEntry[]>;
  /** Closed by the account's deletion and not reopened since: every movement answers `closed`. */
  isClosed(userId: string): Promise<boolean>;
  /** The deletion that closed the ledger last (identity's time), and whether a new life began since. */
  closure(userId: string): Promise<{ deletedAt: Date; reopened: boolean } | null>;
  /**
   * identity.user.deleted: closes the ledger and removes its entries and head. `stale` (nothing
   * done) for a deletion older than the one that closed it last, or one a new life followed.
   */
  close(userId: string, deletedAt: Date): Promise<'closed' | 'stale'>;
  /**
   * README "A returning member": a new life of the same id after the deletion at `deletedAt`. It
   * starts empty (balance 0) with `spentOpIds` taken by voids, so what was once per member stays
   * spent; only then does the ledger take movements again. Safe to repeat.
   */
  reopen(userId: string, deletedAt: Date, spentOpIds: string[]): Promise<void>;
}

/** A void's `ref` at a reopening: the opId was used in an earlier life of the account. */
export const VOID_SPENT_BEFORE = 'spent-before-deletion';

/** Rounds a reopening clears the ledger before it gives up (the bus retries the event). */
const REOPEN_ROUNDS = 5;

/** Attempts before a write gives up under contention (each one lost to another writer's entry). */
const MAX_ATTEMPTS = 200;

export class LedgerContentionError extends Error {
  constructor(userId: string) {
    super(`Ledger of ${userId} is too busy; try again`);
    this.name = 'LedgerContentionError';
  }
}

function checkMovement(m: Movement): void {
  if (!Number.isSafeInteger(m.amount) || m.amount === 0) throw new RangeError(`${m.opId}: amount must be a non-zero integer`);
  const positive = m.kind !== 'debit';
  if (positive !== m.amount > 0) throw new RangeError(`${m.opId}: a ${m.kind} must be ${positive ? 'positive' : 'negative'}`);
  if (!m.opId || !m.userId) throw new RangeError('opId and userId are required');
}

/** History is read back from the head by `_id`, this many entries per round. */
const HISTORY_BATCH = 25;

export function createLedger(store: LedgerStore, now: () => Date = () => new Date()): Ledger {
  /**
   * The true head: the cached head (or the start of the chain), then forward entry by entry while
   * a next one exists; the cache may lag behind the entries, never run ahead of them. Every read
   * is by `_id`, the one lookup FerretDB answers from an index.
   */
  async function readHead(userId: string): Promise<Head> {
    let head = (await store.readHeadCache(userId)) ?? { seq: 0, balance: 0 };
    for (;;) {
      const next = await store.findEntry(userId, head.seq + 1);
      if (!next) return head;
      head = { seq: next.seq, balance: next.balanceAfter };
    }
  }

  const replayOf = (entry: LedgerEntry): ApplyResult => ({ status: 'applied', entry, replayed: true });

  /**
   * Appends after the head until an insert sticks; `decide` may refuse given the head. The common
   * path reads only by `_id`; looking an opId up (a scan on FerretDB) happens only when the insert
   * says the opId may be taken, or before answering "insufficient" to what may be a replay.
   */
  async function append(
    userId: string,
    opId: string,
    decide: (head: Head) => { kind: EntryKind; amount: number; description: string; ref: string } | { refuse: number },
    /** Only the reopening writes into a ledger that is still closed. */
    whileClosed = false,
  ): Promise<ApplyResult> {
    // The closed mark and the head are independent reads: a debit waits for one round, not two.
    const [closed, firstHead] = await Promise.all([whileClosed ? false : store.isClosed(userId), readHead(userId)]);
    if (closed) return { status: 'closed' };

    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const head = attempt === 0 ? firstHead : await readHead(userId);
      const decision = decide(head);
      if ('refuse' in decision) {
        const earlier = await store.findByOpId(opId);
        return earlier ? replayOf(earlier) : { status: 'insufficient', balance: decision.refuse };
      }
      const seq = head.seq + 1;
      const balanceAfter = head.balance + decision.amount;
      const doc: EntryDoc = {
        _id: entryId(userId, seq),
        userId,
        seq,
        opId,
        kind: decision.kind,
        amount: decision.amount,
        balanceAfter,
        description: decision.description,
        ref: decision.ref,
        createdAt: now(),
        // The entry carries the head it makes (service-kit outbox `embedded`); identity keeps the
        // profile's coins from it, applying only a higher seq.
        outboxPending: true,
        outbox: { name: 'wallet.balance.changed', payload: { userId, balance: balanceAfter, seq }, messageId: `balance:${userId}:${seq}` },
      };
      if ((await store.insertEntry(doc)) === 'inserted') {
        // Best effort: a lost cache update only makes the next read walk one entry further.
        await store.advanceHeadCache(userId, { seq, balance: balanceAfter }).catch(() => undefined);
        return { status: 'applied', entry: doc, replayed: false };
      }
      // Refused: either seq was taken (a race) or the opId exists (a replay), or both.
      const atSeq = await store.findEntry(userId, seq);
      if (atSeq?.opId === opId) return replayOf(atSeq);
      if (!atSeq) {
        // seq is free, so the opId refused it: a replay.
        const earlier = await store.findByOpId(opId);
        if (earlier) return replayOf(earlier);
      }
      // Someone else appended seq first. After a few lost races, step aside for a moment so a
      // crowd on one wallet does not keep colliding in lockstep.
      if (attempt >= 3) await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, attempt * 5)));
    }
    throw new LedgerContentionError(userId);
  }

  return {
    apply(movement) {
      checkMovement(movement);
      return append(movement.userId, movement.opId, (head) =>
        head.balance + movement.amount < 0
          ? { refuse: head.balance }
          : { kind: movement.kind, amount: movement.amount, description: movement.description, ref: movement.ref ?? '' },
      );
    },

    async recordVoid(userId, opId, reason) {
      const result = await append(userId, opId, () => ({ kind: 'void', amount: 0, description: '', ref: reason }));
      if (result.status === 'insufficient') throw new Error('unreachable: a void never lacks coins');
      return result;
    },

    findByOpId: (opId) => store.findByOpId(opId),

    balance: readHead,

    // Walks back from the head (or from `beforeSeq`) by `_id`, so it costs the page, not the table.
    async history(userId, limit, beforeSeq) {
      const head = await readHead(userId);
      let seq = Math.min(head.seq, (beforeSeq ?? Number.MAX_SAFE_INTEGER) - 1);
      const page: LedgerEntry[] = [];
      while (seq >= 1 && page.length < limit) {
        const seqs: number[] = [];
        for (let s = seq; s >= 1 && seqs.length < HISTORY_BATCH; s--) seqs.push(s);
        const found = (await store.findEntries(userId, seqs)).sort((a, b) => b.seq - a.seq);
        for (const doc of found) if (doc.kind !== 'void' && page.length < limit) page.push(doc);
        seq -= seqs.length;
      }
      return page;
    },

    isClosed: (userId) => store.isClosed(userId),

    closure: (userId) => store.readClosure(userId),

    async close(userId, deletedAt) {
      const closure = await store.readClosure(userId);
      // A redelivered or late deletion must not remove a later life's coins.
      if (closure && (closure.deletedAt > deletedAt || (closure.deletedAt.getTime() === deletedAt.getTime() && closure.reopened))) return 'stale';
      await store.markClosed(userId, deletedAt, now());
      await store.removeEntries(userId);
      return 'closed';
    },

    async reopen(userId, deletedAt, spentOpIds) {
      const closure = await store.readClosure(userId);
      if (!closure || closure.reopened || closure.deletedAt.getTime() !== deletedAt.getTime()) return;
      const spent = [...new Set(spentOpIds)];
      // A movement that passed the closed check just before the close may land after it (even
      // after a removal): the new life opens only once it holds exactly these voids.
      for (let round = 1; ; round++) {
        await store.removeEntries(userId);
        for (const opId of spent) {
          await append(userId, opId, () => ({ kind: 'void', amount: 0, description: '', ref: VOID_SPENT_BEFORE }), true);
        }
        const head = await readHead(userId);
        const entries = await store.findEntries(userId, Array.from({ length: head.seq }, (_, i) => i + 1));
        if (head.seq === spent.length && entries.every((e) => e.kind === 'void' && e.ref === VOID_SPENT_BEFORE)) break;
        if (round === REOPEN_ROUNDS) throw new LedgerContentionError(userId);
        await new Promise((resolve) => setTimeout(resolve, round * 100));
      }
      await store.markReopened(userId, deletedAt, now());
    },
  };
}
