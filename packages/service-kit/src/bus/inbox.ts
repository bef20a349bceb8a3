import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from '../data/mongo';

// The idempotent-consumer inbox of ARCHITECTURE §4: consumers never depend on a message arriving
// once, so a handler whose effect has no natural unique key (unlike the ledger's opId) runs through
// an inbox keyed by the AMQP messageId.
//
// At-least-once caveat: the messageId is recorded only after fn succeeds (a failed fn must run
// again on redelivery). A crash between fn's write and the record, or the same message handled by
// two consumers at the same moment, runs fn twice. Where exactly once matters, make fn's own write
// refuse a repeat (a unique index on the business key) and treat the inbox as the fast path.

export interface Inbox {
  /** Runs fn unless messageId was processed before; resolves true when fn ran now. */
  process(messageId: string, fn: () => Promise<void>): Promise<boolean>;
}

interface InboxDocument {
  _id: string;
  processedAt: Date;
}

export function createInbox(connection: Connection, name = 'inbox'): Inbox {
  const inbox = connection.collection<InboxDocument>(name);
  return {
    async process(messageId, fn) {
      if (typeof messageId !== 'string' || messageId === '') throw new TypeError('inbox: messageId is required');
      if (await inbox.findOne({ _id: messageId }, { projection: { _id: 1 } })) return false;
      await fn();
      try {
        await inbox.insertOne({ _id: messageId, processedAt: new Date() });
      } catch (error) {
        // Another delivery of the same message finished first (see the caveat above).
        if (!isDuplicateKeyError(error)) throw error;
      }
      return true;
    },
  };
}
