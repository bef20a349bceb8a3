import { collectionOf, insertOnce } from '@lakorn/service-kit';
import type { ChatModels, PinDoc } from './models';

// Pinned messages: read by equality on the chat (at most MEMORY_LIMITS.pinsPerChat documents, the
// unique (chatId, slot) index says so) or by the message's id.

export interface PinStore {
  /** The chat's pins in the chat's order. */
  ofChat(chatId: string): Promise<PinDoc[]>;
  get(messageId: string): Promise<PinDoc | null>;
  /** Inserts into its slot: 'exists' when the slot (or the message's pin) is taken. */
  insert(doc: PinDoc): Promise<'inserted' | 'exists'>;
  remove(messageId: string): Promise<void>;
  /** A pinned message's text changed (an edit): the pin's copy follows. */
  setContent(messageId: string, content: string, tokens: number): Promise<void>;
}

const bySeq = (a: PinDoc, b: PinDoc) => a.seq - b.seq || a.timestamp.getTime() - b.timestamp.getTime() || (a._id < b._id ? -1 : 1);

export function createPinStore(models: ChatModels): PinStore {
  const pins = collectionOf(models.pins);
  return {
    ofChat: async (chatId) => (await pins.find({ chatId }).toArray()).sort(bySeq),
    get: (messageId) => pins.findOne({ _id: messageId }),
    insert: (doc) => insertOnce(() => pins.insertOne(doc)),
    remove: async (messageId) => void (await pins.deleteOne({ _id: messageId })),
    async setContent(messageId, content, tokens) {
      // Only this call and the pin's insert write a pin: the replace cannot lose another change.
      const pin = await pins.findOne({ _id: messageId });
      if (pin) await pins.replaceOne({ _id: messageId }, { ...pin, content, tokens });
    },
  };
}
