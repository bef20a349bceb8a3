import type { Message } from '@lakorn/contracts';
import type { Actor } from '@lakorn/service-kit';
import { alternativeId, type AlternativeStore } from '../data/alternativeStore';
import type { ChatStore } from '../data/chatStore';
import type { RatingStore } from '../data/ratingStore';
import type { AlternativeDoc, MessageDoc } from '../data/models';
import type { Chats } from './chats';
import { ChatNotFound, MessageNotFound, NoSuchAlternative } from './errors';
import { messageView } from './views';

// A message's answers (chat README "Another answer"): a reply's swipes (asked for and paid through
// sends.regenerate) and a greeting's alternate greetings (Card V2 alternate_greetings, free). The
// message's `content` is the selected answer, so the history, the prompt and the next send use it.

export interface Answers {
  /** Chooses which answer of a message counts (free); NoSuchAlternative for an index it lacks. */
  select(actor: Actor, messageId: string, index: number): Promise<Message>;
}

const byN = (a: AlternativeDoc, b: AlternativeDoc) => a.n - b.n;

/** A message as the list shows it: with several ready answers, their texts in order and the selected one's index. */
export function answeredView(doc: MessageDoc, answers: AlternativeDoc[]): Message {
  const view = messageView(doc);
  const ready = answers.filter((a) => a.ready && a.messageId === doc._id).sort(byN);
  if (ready.length < 2) return view;
  return { ...view, alternatives: ready.map((a) => a.content), selected: Math.max(0, ready.findIndex((a) => a.n === doc.selectedAlt)) };
}

/**
 * Messages as the list shows them. Only messages with several answers have any to read, so a chat
 * without swipes costs no read more than before (infra hotPaths); `load` reads those messages' answers.
 */
export async function viewsWithAnswers(docs: MessageDoc[], load: (withAnswers: MessageDoc[]) => Promise<AlternativeDoc[]>): Promise<Message[]> {
  const withAnswers = docs.filter((d) => (d.alternativeCount ?? 0) > 1);
  const answers = withAnswers.length === 0 ? [] : await load(withAnswers);
  const byMessage = new Map<string, AlternativeDoc[]>();
  for (const answer of answers) byMessage.set(answer.messageId, [...(byMessage.get(answer.messageId) ?? []), answer]);
  return docs.map((doc) => answeredView(doc, byMessage.get(doc._id) ?? []));
}

export function createAnswers({ store, chatStore, chats, ratings, pins }: {
  store: AlternativeStore;
  chatStore: ChatStore;
  chats: Chats;
  ratings: Pick<RatingStore, 'get'>;
  /** A pinned message's text follows the chosen answer (domain/memory.ts). */
  pins?: { edited(messageId: string, content: string): Promise<void> };
}): Answers {
  return {
    async select(actor, messageId, index) {
      const message = await chatStore.getMessage(messageId);
      if (!message) throw new MessageNotFound();
      // Another member's message does not exist for this one, as their chat does not.
      const chat = await chats.owned(actor, message.chatId).catch((error: unknown) => {
        throw error instanceof ChatNotFound ? new MessageNotFound() : error;
      });
      const ready = (await store.ofMessage(messageId)).filter((a) => a.ready);
      // A message with one answer has only index 0, and choosing it changes nothing.
      if (ready.length < 2) {
        if (index !== 0) throw new NoSuchAlternative();
        return messageView(message);
      }
      const chosen = ready[index];
      if (!chosen) throw new NoSuchAlternative();
      await store.select(messageId, chosen.n, ready.length, chosen.content);
      // A pin is always its message's text (README "Paying for text that reaches the model").
      await pins?.edited(messageId, chosen.content);
      // The chat's last line is its latest message's text: the chosen answer when this is that message.
      if (chat.lastUpdated.getTime() === message.timestamp.getTime()) await chatStore.setLastMessage(chat._id, chosen.content, message.timestamp);
      // Each answer keeps its own thumb (chat README "Ratings"): the chosen one's is shown.
      const rating = (await ratings.get(messageId, chosen.n))?.value;
      const view = answeredView({ ...message, content: chosen.content, selectedAlt: chosen.n, alternativeCount: ready.length }, ready);
      return rating === undefined ? view : { ...view, rating };
    },
  };
}

/**
 * A new chat's greeting with the character's alternate greetings (Card V2): its answers 0 (the
 * first message) and 1.. (every other one the card has, contracts ALTERNATE_GREETINGS_MAX at most),
 * the first selected.
 */
export async function storeGreetings(store: AlternativeStore, chatStore: Pick<ChatStore, 'getMessage'>, greeting: MessageDoc, alternateGreetings: string[]): Promise<void> {
  const others = alternateGreetings.filter((text) => text.trim() !== '');
  if (others.length === 0) return;
  // The greeting's page key: places are given on insert (chatStore.insertMessage).
  const stored = (await chatStore.getMessage(greeting._id)) ?? greeting;
  const answers: AlternativeDoc[] = [greeting.content, ...others].map((content, n) => ({
    _id: alternativeId(greeting._id, n),
    messageId: greeting._id,
    n,
    chatId: greeting.chatId,
    userId: greeting.userId,
    page: stored.page ?? '',
    content,
    offline: false,
    ready: true,
    at: greeting.timestamp,
  }));
  await Promise.all(answers.map((answer) => store.claim(answer)));
  await store.select(greeting._id, 0, answers.length, greeting.content);
}
