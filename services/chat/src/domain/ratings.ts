import type { Message, RatingValue } from '@lakorn/contracts';
import type { Actor, Outbox } from '@lakorn/service-kit';
import type { ChatStore } from '../data/chatStore';
import type { MessageDoc, RatingDoc } from '../data/models';
import { ratingId, type RatingStore } from '../data/ratingStore';
import type { Chats } from './chats';
import { ChatNotFound, MessageNotFound, NotRateable } from './errors';

// Ratings (chat README "Ratings"): a member's thumb on a character's reply in their own chat. It
// belongs to the answer that is selected when it is given (the message's `selectedAlt`, 0 for a
// reply with one answer), so another answer starts unrated and selecting back shows the first
// one's thumb again. Each change is announced (chat.message.rated) for the creator's stats.

export interface Ratings {
  /** Sets (1, -1) or clears (0) the member's thumb on the selected answer; answers the value now. */
  rate(actor: Actor, messageId: string, value: RatingValue): Promise<RatingValue>;
}

/** The answer of a message that counts now: its swipe number, 0 while it has one answer. */
export const selectedAnswer = (doc: Pick<MessageDoc, 'selectedAlt'>) => doc.selectedAlt ?? 0;

/** Views with the member's thumb on each message's selected answer (`docs` are the views' documents). */
export function withRatings(views: Message[], docs: MessageDoc[], ratings: RatingDoc[]): Message[] {
  if (ratings.length === 0) return views;
  const byId = new Map(ratings.map((r) => [r._id, r.value]));
  const docOf = new Map(docs.map((d) => [d._id, d]));
  return views.map((view) => {
    const doc = docOf.get(view.id);
    const value = doc && !doc.isUser ? byId.get(ratingId(doc._id, selectedAnswer(doc))) : undefined;
    return value === undefined ? view : { ...view, rating: value };
  });
}

export function createRatings({
  store,
  chatStore,
  chats,
  outbox,
  now = () => new Date(),
}: {
  store: RatingStore;
  chatStore: Pick<ChatStore, 'getMessage'>;
  chats: Pick<Chats, 'owned'>;
  outbox: Pick<Outbox, 'enqueue'>;
  now?: () => Date;
}): Ratings {
  return {
    async rate(actor, messageId, value) {
      const message = await chatStore.getMessage(messageId);
      if (!message) throw new MessageNotFound();
      // Another member's message does not exist for this one, as their chat does not.
      await chats.owned(actor, message.chatId).catch((error: unknown) => {
        throw error instanceof ChatNotFound ? new MessageNotFound() : error;
      });
      if (message.isUser) throw new NotRateable();
      const n = selectedAnswer(message);
      const previous: RatingValue = (await store.get(messageId, n))?.value ?? 0;
      // The same thumb again changes nothing and is not announced again.
      if (previous === value) return value;
      const at = now();
      if (value === 0) await store.clear(messageId, n);
      else {
        await store.set({
          _id: ratingId(messageId, n),
          messageId,
          n,
          chatId: message.chatId,
          userId: actor.id,
          characterId: message.characterId,
          page: message.page ?? '',
          value,
          at,
        });
      }
      const payload = { messageId, alternative: n, characterId: message.characterId, userId: actor.id, value, previous, at: at.toISOString() };
      await outbox.enqueue({ name: 'chat.message.rated', payload, messageId: `chat.message.rated:${ratingId(messageId, n)}:${at.getTime()}` });
      return value;
    },
  };
}
