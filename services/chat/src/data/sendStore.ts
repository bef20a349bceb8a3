import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from '@lakorn/service-kit';
import { chatCollections, type PendingSendDoc, type ResolutionDoc, type SendDoc, type SendResultDoc } from './models';

export interface SendStore {
  /** Inserts the send and its pending marker; false when the key was used before (a repeat). */
  begin(send: SendDoc): Promise<boolean>;
  get(key: string): Promise<SendDoc | null>;
  /** Inserts the resolution; answers the one that stands (this one, or the one inserted first). */
  resolve(resolution: ResolutionDoc): Promise<{ won: boolean; resolution: ResolutionDoc }>;
  resolutionOf(messageId: string): Promise<ResolutionDoc | null>;
  /** Records the answer for repeats and drops the pending marker. */
  finish(key: string, result: SendResultDoc): Promise<void>;
  /** Pending sends whose handler has surely given up. */
  expired(now: Date, limit: number): Promise<PendingSendDoc[]>;
  removeOfUser(userId: string): Promise<void>;
}

export function sendStore(connection: Connection): SendStore {
  const { sends, pendingSends, resolutions } = chatCollections(connection);
  return {
    async begin(send) {
      try {
        await sends.insertOne(send);
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
      await pendingSends.insertOne({ _id: send._id, messageId: send.messageId, userId: send.userId, expiresAt: send.expiresAt });
      return true;
    },
    get: (key) => sends.findOne({ _id: key }),
    async resolve(resolution) {
      try {
        await resolutions.insertOne(resolution);
        return { won: true, resolution };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const standing = await resolutions.findOne({ _id: resolution._id });
      if (!standing) throw new Error(`resolution of ${resolution._id} refused but not found`);
      return { won: false, resolution: standing };
    },
    resolutionOf: (messageId) => resolutions.findOne({ _id: messageId }),
    async finish(key, result) {
      await sends.updateOne({ _id: key }, { $set: { result } });
      await pendingSends.deleteOne({ _id: key });
    },
    expired: (now, limit) => pendingSends.find({ expiresAt: { $lt: now } }).limit(limit).toArray(),
    async removeOfUser(userId) {
      await pendingSends.deleteMany({ userId });
      await sends.deleteMany({ userId });
    },
  };
}
