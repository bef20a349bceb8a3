import type { Chat, ChatMemory, ChatPersona, ChatSummary, Message } from '@lakorn/contracts';
import { quotaDay, type Actor, type Outbox, type QuotaSlots } from '@lakorn/service-kit';
import type { AlternativeStore } from '../data/alternativeStore';
import type { ChatStore, MessagePosition } from '../data/chatStore';
import type { ChatDoc, MessageDoc } from '../data/models';
import type { PersonaStore } from '../data/personaStore';
import type { RatingStore } from '../data/ratingStore';
import { chatBlockOf, chatCharacterOf, type CatalogReader, type CharacterDirectory } from './characters';
import { storeGreetings, viewsWithAnswers } from './alternatives';
import { CharacterNotFound, ChatBlocked, ChatNotFound, ChatQuotaReached, InvalidCursor, NotOwnPersona } from './errors';
import { newId } from './ids';
import type { PaidRoom } from './paidRoom';
import { withRatings } from './ratings';
import { personaView } from './views';

// Chat rooms (spec §2 library and chat screens, §3 "Chat", §4 chat open, persona per chat, memory).
// Only the owner reaches a chat or anything in it: for anyone else it does not exist (404).

export interface Chats {
  /** Opens a room; `catalog` is the catalog as this member sees it, for a character not copied yet. */
  create(actor: Actor, input: { characterId: string; newChat: boolean }, catalog: CatalogReader): Promise<Chat>;
  get(actor: Actor, id: string): Promise<Chat>;
  /** The chat document when the actor owns it, else ChatNotFound. */
  owned(actor: Actor, id: string): Promise<ChatDoc>;
  /**
   * ChatBlocked when the chat's character is hidden, or 18+ for a member who has not confirmed
   * (chatBlockOf): sends, regenerates and branches ask this before anything is recorded or debited.
   */
  assertOpen(actor: Actor, chat: ChatDoc): Promise<void>;
  ofUser(actor: Actor): Promise<ChatSummary[]>;
  ofCharacter(actor: Actor, characterId: string): Promise<ChatSummary[]>;
  remove(actor: Actor, id: string): Promise<void>;
  messages(actor: Actor, chatId: string): Promise<Message[]>;
  /** The newest `limit` messages before the cursor, oldest first, and the next (older) page's cursor. */
  messagesPage(actor: Actor, chatId: string, page: { limit?: number; before?: string }): Promise<{ messages: Message[]; nextCursor: string | null }>;
  memory(actor: Actor, chatId: string): Promise<ChatMemory>;
  /** Saves the note, paid past its paid room (`shownCost`: what the client showed; PaidRoom.save). */
  setMemory(actor: Actor, chatId: string, memory: string, shownCost?: number): Promise<ChatMemory>;
  persona(actor: Actor, chatId: string): Promise<ChatPersona>;
  setPersona(actor: Actor, chatId: string, personaId: string): Promise<ChatPersona>;
  clearPersona(actor: Actor, chatId: string): Promise<void>;
  /**
   * Opens an empty room that continues `source` (a branch): the same character, and a slot of
   * today's new chats as any new room takes; the caller copies the history into it.
   */
  openBranch(actor: Actor, source: ChatDoc, lastMessage: string): Promise<ChatDoc>;
  /** catalog.character.deleted: the tombstone first, then the character's chats; answers how many. */
  removeOfCharacter(characterId: string): Promise<number>;
  /** Forgets the new-chat quota slots of days before yesterday (a day's allowance is over at its end). */
  forgetPastDays(): Promise<void>;
}

/** The default page size when only a cursor is given (the chat screen loads 50 at a time). */
const DEFAULT_PAGE = 50;

// A page cursor names the oldest message given: its place in the chat and its id. Clients treat
// it as opaque.
const encodeCursor = (p: MessagePosition) => `${p.seq}.${p.id}`;
function decodeCursor(cursor: string): MessagePosition {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{1,200})$/.exec(cursor);
  if (!match) throw new InvalidCursor();
  return { seq: Number(match[1]), id: match[2]! };
}

export interface ChatsDeps {
  store: ChatStore;
  personas: PersonaStore;
  characters: CharacterDirectory;
  /** New chats a member may open per Bangkok day (contracts QUOTAS.chatsPerDay), one slot each. */
  quotas: QuotaSlots;
  chatsPerDay: number;
  /** Messages' answers (swipes, alternate greetings), shown in the message list. */
  alternatives: AlternativeStore;
  /** The member's thumbs on replies, shown in the message list. */
  ratings: Pick<RatingStore, 'ofChat' | 'ofPages'>;
  /** Where chat.chat.started waits until it is published (ARCHITECTURE §4). */
  outbox: Pick<Outbox, 'enqueue'>;
  /** Takes the memory note's coins. */
  paidRoom: PaidRoom;
  now?: () => Date;
}

/** The note as the API gives it: with its paid room when it has one. */
const memoryView = (memory: string, paid: number): ChatMemory => (paid > 0 ? { memory, paid } : { memory });

export function createChats({ store, personas, characters, quotas, chatsPerDay, alternatives, ratings, outbox, paidRoom, now = () => new Date() }: ChatsDeps): Chats {
  async function owned(actor: Actor, id: string): Promise<ChatDoc> {
    const chat = await store.getChat(id);
    if (!chat || chat.userId !== actor.id) throw new ChatNotFound();
    return chat;
  }

  /** The chats with their characters as the latest snapshots show them. */
  async function summaries(actor: Actor, docs: ChatDoc[]): Promise<ChatSummary[]> {
    const snapshots = await characters.getMany(docs.map((d) => d.characterId));
    return docs.map((doc) => {
      const snapshot = snapshots.get(doc.characterId);
      return {
        id: doc._id,
        userId: doc.userId,
        characterId: doc.characterId,
        character: snapshot ? chatCharacterOf(snapshot) : doc.character,
        lastMessage: doc.lastMessage,
        lastUpdated: doc.lastUpdated.toISOString(),
        createdAt: doc.createdAt.toISOString(),
        blocked: chatBlockOf(actor, snapshot ?? null),
      };
    });
  }

  /** A new room takes a slot of today's allowance (contracts QUOTAS.chatsPerDay); reopening one takes none. */
  async function claimNewRoom(actor: Actor, id: string, at: Date): Promise<void> {
    if (!(await quotas.claim(`chats:${actor.id}:${quotaDay(at)}`, chatsPerDay, id))) throw new ChatQuotaReached();
  }

  /** A new room is announced (creator stats count chats started); the outbox drops a repeat by its id. */
  async function chatStarted(doc: ChatDoc): Promise<void> {
    const payload = { chatId: doc._id, characterId: doc.characterId, userId: doc.userId, at: doc.createdAt.toISOString() };
    await outbox.enqueue({ name: 'chat.chat.started', payload, messageId: `chat.chat.started:${doc._id}` });
  }

  async function withMemory(actor: Actor, doc: ChatDoc): Promise<Chat> {
    const [summary] = await summaries(actor, [doc]);
    return { ...summary!, memory: await store.getMemory(doc._id) };
  }

  return {
    owned,

    async assertOpen(actor, chat) {
      const block = chatBlockOf(actor, await characters.get(chat.characterId));
      if (block) throw new ChatBlocked(block);
    },

    async forgetPastDays() {
      // As catalog's upload and wallet's promo slots: two days back keeps yesterday's, whatever the clock's zone.
      await quotas.prune('chats:', new Date(now().getTime() - 2 * 24 * 3_600_000));
    },

    async create(actor, { characterId, newChat }, catalog) {
      const character = await characters.visibleTo(actor, characterId, catalog);
      if (!character) throw new CharacterNotFound();
      if (!newChat) {
        const [latest] = await store.chatsOfUserForCharacter(actor.id, characterId);
        if (latest) return withMemory(actor, latest);
      }
      const at = now();
      const id = newId();
      await claimNewRoom(actor, id, at);
      const doc: ChatDoc = {
        _id: id,
        userId: actor.id,
        characterId,
        character: chatCharacterOf(character),
        lastMessage: character.firstMessage,
        lastUpdated: at,
        createdAt: at,
      };
      await store.insertChat(doc);
      // spec §3: the character's first message opens the conversation.
      if (character.firstMessage.trim() !== '') {
        const greeting: MessageDoc = {
          _id: newId(),
          chatId: doc._id,
          userId: actor.id,
          characterId,
          content: character.firstMessage,
          isUser: false,
          timestamp: at,
          persona: null,
          offline: false,
        };
        await store.insertMessage(greeting);
        // Card V2 alternate_greetings: the greeting's other answers, chosen for free (PUT …/selected).
        await storeGreetings(alternatives, store, greeting, character.alternateGreetings);
      }
      // A deletion event handled while this room was made has already swept the character's chats.
      if (await characters.isDeleted(characterId)) {
        await store.removeChat(doc._id);
        throw new CharacterNotFound();
      }
      await chatStarted(doc);
      return { ...(await summaries(actor, [doc]))[0]!, memory: '' };
    },

    async get(actor, id) {
      return withMemory(actor, await owned(actor, id));
    },

    async ofUser(actor) {
      return summaries(actor, await store.chatsOfUser(actor.id));
    },

    async ofCharacter(actor, characterId) {
      return summaries(actor, await store.chatsOfUserForCharacter(actor.id, characterId));
    },

    async remove(actor, id) {
      await owned(actor, id);
      await store.removeChat(id);
    },

    async messages(actor, chatId) {
      await owned(actor, chatId);
      const [docs, rated] = await Promise.all([store.messagesOfChat(chatId), ratings.ofChat(chatId)]);
      return withRatings(await viewsWithAnswers(docs, () => alternatives.ofChat(chatId)), docs, rated);
    },

    async messagesPage(actor, chatId, { limit = DEFAULT_PAGE, before }) {
      const position = before === undefined ? null : decodeCursor(before);
      await owned(actor, chatId);
      const page = await store.messagesBefore(chatId, limit, position);
      const oldest = page.messages[0];
      const pages = page.messages.map((d) => d.page ?? '');
      const [views, rated] = await Promise.all([
        viewsWithAnswers(page.messages, (docs) => alternatives.ofPages(docs.map((d) => d.page ?? ''))),
        ratings.ofPages(pages),
      ]);
      return {
        messages: withRatings(views, page.messages, rated),
        nextCursor: page.more && oldest ? encodeCursor({ seq: oldest.seq ?? 0, id: oldest._id }) : null,
      };
    },

    async memory(actor, chatId) {
      await owned(actor, chatId);
      const note = await store.memoryNote(chatId);
      return memoryView(note.memory, note.paid);
    },

    async setMemory(actor, chatId, memory, shownCost) {
      await owned(actor, chatId);
      const blank = memory.trim() === '';
      const text = blank ? '' : memory;
      const note = await store.memoryNote(chatId);
      const save = { of: { kind: 'memory' as const, id: chatId }, text, paid: note.paid, shownCost };
      return paidRoom.save(actor, save, async (paid, savedBy) => {
        // spec §4: saving empty text deletes the memory; a paid room stays with the chat, so the
        // note written again up to it is free.
        if (blank && paid === 0) await store.deleteMemory(chatId);
        else await store.setMemory(chatId, actor.id, text, paid, savedBy);
        return memoryView(text, paid);
      });
    },

    async persona(actor, chatId) {
      await owned(actor, chatId);
      const personaId = await store.getChatPersona(chatId);
      if (!personaId) return { personaId: null, persona: null };
      const persona = await personas.get(personaId);
      // A persona deleted since it was chosen: the chat is back to the main identity.
      if (!persona || persona.userId !== actor.id) return { personaId: null, persona: null };
      return { personaId, persona: personaView(persona) };
    },

    async setPersona(actor, chatId, personaId) {
      await owned(actor, chatId);
      const persona = await personas.get(personaId);
      if (!persona || persona.userId !== actor.id) throw new NotOwnPersona();
      await store.setChatPersona(chatId, actor.id, personaId);
      return { personaId, persona: personaView(persona) };
    },

    async clearPersona(actor, chatId) {
      await owned(actor, chatId);
      await store.deleteChatPersona(chatId);
    },

    async openBranch(actor, source, lastMessage) {
      if (await characters.isDeleted(source.characterId)) throw new CharacterNotFound();
      const at = now();
      const id = newId();
      await claimNewRoom(actor, id, at);
      const doc: ChatDoc = {
        _id: id,
        userId: actor.id,
        characterId: source.characterId,
        character: source.character,
        lastMessage,
        lastUpdated: at,
        createdAt: at,
      };
      await store.insertChat(doc);
      // A branch is a new room with the same character: it counts as a chat started.
      await chatStarted(doc);
      return doc;
    },

    async removeOfCharacter(characterId) {
      // Tombstone first: a room being opened right now sees it and undoes itself (create above).
      await characters.applyDeleted(characterId);
      return store.removeChatsOfCharacter(characterId);
    },
  };
}
