import { MEMORY_LIMITS, type Pin } from '@lakorn/contracts';
import type { Actor } from '@lakorn/service-kit';
import type { ChatStore } from '../data/chatStore';
import type { PinDoc } from '../data/models';
import type { PinStore } from '../data/pinStore';
import type { Chats } from './chats';
import { ChatNotFound, MessageNotFound, PinLimitReached, PinTokensExceeded } from './errors';
import { estimateTokens } from './prompt';

// Pinned messages (README "Memory that keeps up"): a member pins any message of their chat so it
// stays in the prompt whatever the window drops; at most MEMORY_LIMITS.pinsPerChat pins and
// MEMORY_LIMITS.pinTokens tokens together, counted by the prompt's own estimate. The count is an
// insert into a slot (unique (chatId, slot 1..10), ARCHITECTURE §2); the token total is checked
// before the insert and again after it, and a pin that a racing one pushed over the total is
// withdrawn, so the kept pins never exceed it.

export interface Pins {
  /** GET /api/chats/{id}/pins: in the chat's order. */
  list(actor: Actor, chatId: string): Promise<Pin[]>;
  /** POST /api/messages/{id}/pin: the pin (`created` false when the message was pinned already). */
  pin(actor: Actor, messageId: string): Promise<{ pin: Pin; created: boolean }>;
  /** DELETE /api/messages/{id}/pin (nothing to do when it is not pinned). */
  unpin(actor: Actor, messageId: string): Promise<void>;
  /** The pins a prompt carries, in the chat's order. */
  forPrompt(chatId: string): Promise<PinDoc[]>;
  /** A pinned message's text changed (an edit, another answer chosen): the pin follows it, or goes when the pins cannot hold it. */
  edited(messageId: string, content: string): Promise<void>;
  /** A rewind removed these messages: their pins go. */
  rewound(chatId: string, removedIds: string[]): Promise<void>;
  /** A branch copied messages (source id → copy id): the copies are pinned as the originals were. */
  branched(source: string, target: string, copiedIds: Map<string, string>): Promise<void>;
}

export const pinView = (doc: PinDoc): Pin => ({
  messageId: doc._id,
  chatId: doc.chatId,
  content: doc.content,
  isUser: doc.isUser,
  timestamp: doc.timestamp.toISOString(),
  tokens: doc.tokens,
  pinnedAt: doc.pinnedAt.toISOString(),
});

const tokensOf = (pins: PinDoc[]) => pins.reduce((sum, p) => sum + p.tokens, 0);

export function createPins({ store, messages, chats, now = () => new Date() }: { store: PinStore; messages: Pick<ChatStore, 'getMessage'>; chats: Pick<Chats, 'owned'>; now?: () => Date }): Pins {
  /** A message of one of the actor's chats; else MessageNotFound. */
  async function ownedMessage(actor: Actor, messageId: string) {
    const message = await messages.getMessage(messageId);
    if (!message || message.userId !== actor.id) throw new MessageNotFound();
    await chats.owned(actor, message.chatId).catch((error: unknown) => {
      throw error instanceof ChatNotFound ? new MessageNotFound() : error;
    });
    return message;
  }

  return {
    async list(actor, chatId) {
      await chats.owned(actor, chatId);
      return (await store.ofChat(chatId)).map(pinView);
    },

    async pin(actor, messageId) {
      const message = await ownedMessage(actor, messageId);
      const tokens = estimateTokens(message.content);
      for (let attempt = 0; attempt < MEMORY_LIMITS.pinsPerChat; attempt++) {
        const pins = await store.ofChat(message.chatId);
        const already = pins.find((p) => p._id === messageId);
        if (already) return { pin: pinView(already), created: false };
        if (pins.length >= MEMORY_LIMITS.pinsPerChat) throw new PinLimitReached();
        if (tokensOf(pins) + tokens > MEMORY_LIMITS.pinTokens) throw new PinTokensExceeded();
        const taken = new Set(pins.map((p) => p.slot));
        const slot = Array.from({ length: MEMORY_LIMITS.pinsPerChat }, (_, i) => i + 1).find((n) => !taken.has(n))!;
        const doc: PinDoc = {
          _id: messageId,
          chatId: message.chatId,
          userId: actor.id,
          slot,
          seq: message.seq ?? 0,
          content: message.content,
          isUser: message.isUser,
          timestamp: message.timestamp,
          tokens,
          pinnedAt: now(),
        };
        // A refused insert: a racing pin took the slot (or pinned this message): look again.
        if ((await store.insert(doc)) === 'exists') continue;
        // Racing pins may each have fitted alone: whoever finds the total exceeded withdraws.
        if (tokensOf(await store.ofChat(message.chatId)) > MEMORY_LIMITS.pinTokens) {
          await store.remove(messageId);
          throw new PinTokensExceeded();
        }
        return { pin: pinView(doc), created: true };
      }
      throw new PinLimitReached();
    },

    async unpin(actor, messageId) {
      await ownedMessage(actor, messageId);
      await store.remove(messageId);
    },

    forPrompt: (chatId) => store.ofChat(chatId),

    async edited(messageId, content) {
      const pin = await store.get(messageId);
      if (!pin) return;
      const tokens = estimateTokens(content);
      // A pin only repeats its message's text, so it is free (README "Paying for text that reaches
      // the model"): it follows the edit while the pins still fit together, and past the total it
      // goes, never keeping an older text beside the new one in the prompt.
      const others = (await store.ofChat(pin.chatId)).filter((p) => p._id !== messageId);
      if (tokensOf(others) + tokens <= MEMORY_LIMITS.pinTokens) await store.setContent(messageId, content, tokens);
      else await store.remove(messageId);
    },

    async rewound(chatId, removedIds) {
      // The chat's pins (a handful) against the removed ids, never one delete per removed message.
      const removed = new Set(removedIds);
      await Promise.all((await store.ofChat(chatId)).filter((p) => removed.has(p._id)).map((p) => store.remove(p._id)));
    },

    async branched(source, target, copiedIds) {
      for (const pin of await store.ofChat(source)) {
        const copy = copiedIds.get(pin._id);
        if (copy) await store.insert({ ...pin, _id: copy, chatId: target, pinnedAt: now() });
      }
    },
  };
}
