// Who settles a journaled operation, a send or a paid save (README "Sending a message" 6, "Paying
// for text that reaches the model"): its handler while that lives, else the sweeper. A record is
// taken over once past its deadline, once its handler here gave up on it (a write failed on the
// way), or once the process that handles it has not been seen running for INSTANCE_GONE_MS.

/** Margin after the handler's own limits before the sweeper takes over. */
export const SWEEP_GRACE_MS = 10_000;
/**
 * A process not seen for this long is gone (killed, crashed): its undecided records are settled at
 * once rather than at their deadline. Several missed beats, so a busy process is not taken for dead
 * (and if it were, the resolution insert still decides each once).
 */
export const INSTANCE_GONE_MS = 20_000;

/** A record a sweeper may take over: its key, its deadline, the process handling it. */
export interface Journaled {
  _id: string;
  expiresAt: Date;
  instance?: string;
}

export interface Handlers {
  /** Nobody here works on it any more: settle it at the next sweep or ask, not at its deadline. */
  giveUp(key: string): void;
  /** It was settled. */
  forget(key: string): void;
  /** Whether its handler is gone for good: given up here, or its process has died. */
  gone(record: Journaled): Promise<boolean>;
  /**
   * The records of `pending` whose handler surely gave up, at most `limit`. `whole`: `pending` is
   * every pending record, so keys given up here and no longer among them (settled elsewhere) are
   * forgotten.
   */
  overdue<T extends Journaled>(pending: T[], whole: boolean, limit: number): Promise<T[]>;
}

export function createHandlers({ instanceId, lastSeen, now }: { instanceId: string; lastSeen: (instance: string) => Promise<Date | null>; now: () => Date }): Handlers {
  const givenUp = new Set<string>();

  async function gone(record: Journaled): Promise<boolean> {
    if (givenUp.has(record._id)) return true;
    if (!record.instance || record.instance === instanceId) return false;
    const seenAt = await lastSeen(record.instance);
    return seenAt === null || now().getTime() - seenAt.getTime() > INSTANCE_GONE_MS;
  }

  return {
    giveUp: (key) => void givenUp.add(key),
    forget: (key) => void givenUp.delete(key),
    gone,
    async overdue(pending, whole, limit) {
      if (whole) {
        const stillPending = new Set(pending.map((record) => record._id));
        for (const key of givenUp) if (!stillPending.has(key)) givenUp.delete(key);
      }
      const overdue: typeof pending = [];
      // One look per process and sweep.
      const processes = new Map<string, Promise<boolean>>();
      for (const record of pending) {
        if (record.expiresAt < now() || givenUp.has(record._id)) overdue.push(record);
        else if (record.instance && record.instance !== instanceId) {
          if (!processes.has(record.instance)) processes.set(record.instance, gone(record));
          if (await processes.get(record.instance)) overdue.push(record);
        }
        if (overdue.length >= limit) break;
      }
      return overdue;
    },
  };
}
