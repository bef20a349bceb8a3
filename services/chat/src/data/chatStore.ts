import { collectionOf, insertOnce, putById } from '@lakorn/service-kit';
import { alternativeId } from './alternativeStore';
import { MESSAGE_PAGE_SIZE, messageFields, pageKey, pageNumberOf } from './messagePages';
import type { ChatDoc, ChatModels, MessageDoc } from './models';

/** Where a page of a chat's messages ends: the oldest message already given (exclusive). */
export interface MessagePosition {
  seq: number;
  id: string;
}

export interface ChatStore {
  insertChat(doc: ChatDoc): Promise<void>;
  getChat(id: string): Promise<ChatDoc | null>;
  chatsOfUser(userId: string): Promise<ChatDoc[]>;
  chatsOfUserForCharacter(userId: string, characterId: string): Promise<ChatDoc[]>;
  setLastMessage(chatId: string, lastMessage: string, at: Date): Promise<void>;
  /** Removes a chat with its messages, memory and persona choice. */
  removeChat(chatId: string): Promise<void>;
  /** Removes every chat of a character (catalog.character.deleted); answers how many. */
  removeChatsOfCharacter(characterId: string): Promise<number>;
  /** Removes every chat, message, memory and persona choice of a member (identity.user.deleted). */
  removeChatsOfUser(userId: string): Promise<number>;

  /**
   * Inserts a message at the chat's next place; false when a message with its id exists (a
   * finished delivery repeated).
   */
  insertMessage(doc: Omit<MessageDoc, 'seq' | 'page'>): Promise<boolean>;
  messagesOfChat(chatId: string): Promise<MessageDoc[]>;
  /** The newest `limit` messages of a chat, oldest first (the prompt's history). */
  recentMessages(chatId: string, limit: number): Promise<MessageDoc[]>;
  /**
   * The newest `limit` messages before `before` (all when absent), oldest first, and whether
   * older ones remain. Reads only the pages those messages are in.
   */
  messagesBefore(chatId: string, limit: number, before: MessagePosition | null): Promise<{ messages: MessageDoc[]; more: boolean }>;

  /** One message by id (null when there is none). */
  getMessage(id: string): Promise<MessageDoc | null>;
  /**
   * A message's new text (an edit): the message's own, and its selected answer's when it has
   * several; its paid room rises to `paid` (never falls: racing edits keep the higher).
   */
  editMessage(message: MessageDoc, content: string, paid: number, savedBy?: string): Promise<void>;
  /**
   * A message and every later one of its chat, in the chat's order, and the message just before it
   * (null when it is the first): only the pages from its own to the newest are read.
   */
  messagesFrom(chatId: string, from: MessageDoc): Promise<{ from: MessageDoc[]; previous: MessageDoc | null }>;
  /** Every message of a chat up to and including `to`, in order: only the pages up to its own are read. */
  messagesUpTo(chatId: string, to: MessageDoc): Promise<MessageDoc[]>;
  /**
   * Removes a chat's newest messages (as messagesFrom gave them) with their answers, page by page,
   * and sets the chat's highest place to `head` (the place the next message follows).
   */
  removeNewest(chatId: string, removed: MessageDoc[], head: number): Promise<void>;
  /**
   * Copies messages into another chat (a branch) at places 1..n in their order, under new ids, with
   * their answers; answers the new ids by the original ones.
   */
  copyHistory(chatId: string, docs: MessageDoc[], newMessageId: () => string): Promise<Map<string, string>>;


  /** The messages at places lo..hi of a chat, in order: only the pages holding them are read (a summary's turns). */
  placesBetween(chatId: string, lo: number, hi: number): Promise<MessageDoc[]>;

  getMemory(chatId: string): Promise<string>;
  /** The memory note with its paid room ('' and 0 when none). */
  memoryNote(chatId: string): Promise<{ memory: string; paid: number; savedBy?: string }>;
  /** `savedBy`: the paid save writing it (MemoryDoc). */
  setMemory(chatId: string, userId: string, memory: string, paid?: number, savedBy?: string): Promise<void>;
  deleteMemory(chatId: string): Promise<void>;

  getChatPersona(chatId: string): Promise<string | null>;
  setChatPersona(chatId: string, userId: string, personaId: string): Promise<void>;
  deleteChatPersona(chatId: string): Promise<void>;

  setUsername(userId: string, username: string): Promise<void>;
  getUsername(userId: string): Promise<string | null>;
  removeUser(userId: string): Promise<void>;
}

const byId = (a: { _id: string }, b: { _id: string }) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
const byTimeThenId = (a: MessageDoc, b: MessageDoc) => a.timestamp.getTime() - b.timestamp.getTime() || byId(a, b);
/** A chat's order: by place; two sends racing in one chat may share a place, then by time and id. */
const byPlace = (a: MessageDoc, b: MessageDoc) => (a.seq ?? 0) - (b.seq ?? 0) || byTimeThenId(a, b);
/** Documents a branch's copy writes per insert. */
const COPY_BATCH = 500;
const isBefore = (m: MessageDoc, p: MessagePosition) => (m.seq ?? 0) < p.seq || ((m.seq ?? 0) === p.seq && m._id < p.id);

export function createChatStore(models: ChatModels): ChatStore {
  const chats = collectionOf(models.chats);
  const messages = collectionOf(models.messages);
  const messageHeads = collectionOf(models.messageHeads);
  const memories = collectionOf(models.memories);
  const chatPersonas = collectionOf(models.chatPersonas);
  const users = collectionOf(models.users);
  const alternatives = collectionOf(models.alternatives);
  const summaries = collectionOf(models.summaries);
  const summaryCheckpoints = collectionOf(models.summaryCheckpoints);
  const pins = collectionOf(models.pins);
  const ratings = collectionOf(models.ratings);

  /**
   * The highest place given in a chat. A chat whose messages were stored before places existed
   * gets them here, once, in time order (two readers doing it at once write the same places).
   */
  async function headOf(chatId: string): Promise<number> {
    const head = await messageHeads.findOne({ _id: chatId });
    if (head) return head.seq;
    const stored = (await messages.find({ chatId }).toArray()).sort(byTimeThenId);
    let seq = 0;
    for (const message of stored) {
      seq += 1;
      if (message.seq !== seq) await messages.updateOne({ _id: message._id }, { $set: messageFields(chatId, seq) });
    }
    await raiseHead(chatId, seq);
    return seq;
  }

  async function raiseHead(chatId: string, seq: number): Promise<void> {
    // The head is a cache of the highest place: a lost race leaves it a place behind, and the
    // readers below also read the page after the head's when the head is at a page's end.
    await messageHeads.updateOne({ _id: chatId }, { $max: { seq } }, { upsert: true });
  }

  /** The messages of the pages holding places lo..hi (each page one equality read, together). */
  async function pagesHolding(chatId: string, lo: number, hi: number): Promise<MessageDoc[]> {
    const numbers: number[] = [];
    for (let n = pageNumberOf(Math.max(lo, 0)); n <= pageNumberOf(hi); n++) numbers.push(n);
    const pages = await Promise.all(numbers.map((n) => messages.find({ page: pageKey(chatId, n) }).toArray()));
    return pages.flat();
  }

  /** The newest `count` messages up to place `hi` (and one past a stale head), before `before`. */
  async function newestUpTo(chatId: string, hi: number, count: number, before: MessagePosition | null): Promise<{ messages: MessageDoc[]; more: boolean }> {
    // Past the head only when the head sits at the end of its page (see raiseHead).
    const top = before ? hi : pageNumberOf(hi + 1) !== pageNumberOf(hi) ? hi + 1 : hi;
    // A cursor's own place mostly holds the message it names, which is not given again.
    let lo = Math.max(1, hi - count + (before ? 0 : 1));
    const seen = new Map<string, MessageDoc>();
    const add = (docs: MessageDoc[]) => {
      for (const m of docs) if (!before || isBefore(m, before)) seen.set(m._id, m);
    };
    add(await pagesHolding(chatId, lo, top));
    // Places shared by racing sends can leave the window short: widen it a page at a time.
    while (seen.size < count && lo > 1) {
      const below = lo - 1;
      lo = Math.max(1, lo - MESSAGE_PAGE_SIZE);
      add(await pagesHolding(chatId, lo, below));
    }
    const found = [...seen.values()].sort(byPlace);
    const taken = found.slice(-count);
    return { messages: taken, more: found.length > taken.length || (taken[0]?.seq ?? 0) > 1 };
  }

  /** Sets a chat's highest place (a rewind lowers it: the next message takes the first freed place). */
  async function setHead(chatId: string, seq: number): Promise<void> {
    await messageHeads.updateOne({ _id: chatId }, { $set: { seq } }, { upsert: true });
  }

  /** A message's place, given on its chat's first read when it was stored before places existed. */
  async function placeOf(message: MessageDoc): Promise<number> {
    if (message.seq !== undefined) return message.seq;
    await headOf(message.chatId);
    return (await messages.findOne({ _id: message._id }))?.seq ?? 0;
  }

  /** Documents grouped by their page key (each group one equality-keyed write). */
  function byPage<T extends { page?: string }>(docs: T[]): Map<string, T[]> {
    const pages = new Map<string, T[]>();
    for (const doc of docs) {
      const key = doc.page ?? '';
      pages.set(key, [...(pages.get(key) ?? []), doc]);
    }
    return pages;
  }

  async function removeChats(ids: string[]): Promise<void> {
    // One chat at a time, each by equality: FerretDB pushes no `$in` down, so `chatId: {$in}` would
    // read every message of every member (ARCHITECTURE §2).
    for (const id of ids) {
      await messages.deleteMany({ chatId: id });
      await memories.deleteOne({ _id: id });
      await chatPersonas.deleteOne({ _id: id });
      await messageHeads.deleteOne({ _id: id });
      await alternatives.deleteMany({ chatId: id });
      // The chat's summary, its checkpoints and its pins go with it.
      await summaries.deleteOne({ _id: id });
      await summaryCheckpoints.deleteMany({ chatId: id });
      await pins.deleteMany({ chatId: id });
      await ratings.deleteMany({ chatId: id });
      await chats.deleteOne({ _id: id });
    }
  }

  return {
    async insertChat(doc) {
      await chats.insertOne(doc);
    },
    getChat: (id) => chats.findOne({ _id: id }),
    chatsOfUser: (userId) => chats.find({ userId }).sort({ lastUpdated: -1, _id: 1 }).toArray(),
    chatsOfUserForCharacter: (userId, characterId) =>
      chats.find({ userId, characterId }).sort({ lastUpdated: -1, _id: 1 }).toArray(),
    async setLastMessage(chatId, lastMessage, at) {
      // Every send of the chat writes these two fields; a lost race only shows an older last line.
      await chats.updateOne({ _id: chatId }, { $set: { lastMessage, lastUpdated: at } });
    },
    async removeChat(chatId) {
      await removeChats([chatId]);
    },
    async removeChatsOfCharacter(characterId) {
      const ids = (await chats.find({ characterId }, { projection: { _id: 1 } }).toArray()).map((c) => c._id);
      await removeChats(ids);
      // Messages are keyed by character too, so none outlive a chat created during the deletion.
      await messages.deleteMany({ characterId });
      return ids.length;
    },
    async removeChatsOfUser(userId) {
      const ids = (await chats.find({ userId }, { projection: { _id: 1 } }).toArray()).map((c) => c._id);
      await removeChats(ids);
      await messages.deleteMany({ userId });
      await memories.deleteMany({ userId });
      await chatPersonas.deleteMany({ userId });
      await summaries.deleteMany({ userId });
      await summaryCheckpoints.deleteMany({ userId });
      await pins.deleteMany({ userId });
      await alternatives.deleteMany({ userId });
      await ratings.deleteMany({ userId });
      return ids.length;
    },

    async insertMessage(doc) {
      const seq = (await headOf(doc.chatId)) + 1;
      if ((await insertOnce(() => messages.insertOne({ ...doc, ...messageFields(doc.chatId, seq) }))) === 'exists') return false;
      await raiseHead(doc.chatId, seq);
      return true;
    },
    async messagesOfChat(chatId) {
      return (await messages.find({ chatId }).toArray()).sort(byTimeThenId);
    },
    async recentMessages(chatId, limit) {
      return (await newestUpTo(chatId, await headOf(chatId), limit, null)).messages;
    },
    async messagesBefore(chatId, limit, before) {
      const hi = before ? before.seq : await headOf(chatId);
      return newestUpTo(chatId, hi, limit, before);
    },

    async placesBetween(chatId, lo, hi) {
      if (hi < lo) return [];
      return (await pagesHolding(chatId, lo, hi)).filter((m) => (m.seq ?? 0) >= lo && (m.seq ?? 0) <= hi).sort(byPlace);
    },

    getMessage: (id) => messages.findOne({ _id: id }),
    async editMessage(message, content, paid, savedBy) {
      await messages.updateOne({ _id: message._id }, { $set: { content, edited: true, ...(savedBy ? { savedBy } : {}) }, $max: { paid } });
      // A reply with several answers shows its selected one: that is the text the member changed.
      if (message.alternativeCount !== undefined && message.selectedAlt !== undefined) {
        await alternatives.updateOne({ _id: alternativeId(message._id, message.selectedAlt) }, { $set: { content } });
      }
    },
    async messagesFrom(chatId, from) {
      const at = await placeOf(from);
      // The page past the head too: a lost race can leave the head a place behind (raiseHead).
      const found = (await pagesHolding(chatId, at, (await headOf(chatId)) + 1)).sort(byPlace);
      const index = found.findIndex((m) => m._id === from._id);
      if (index < 0) return { from: [], previous: null };
      // The message before it, when it shares a page read here; else the newest place before it.
      const previous = found[index - 1] ?? (at > 1 ? (await newestUpTo(chatId, at - 1, 1, null)).messages[0] ?? null : null);
      return { from: found.slice(index), previous };
    },
    async messagesUpTo(chatId, to) {
      const at = await placeOf(to);
      const found = (await pagesHolding(chatId, 0, at)).sort(byPlace);
      const index = found.findIndex((m) => m._id === to._id);
      return index < 0 ? [] : found.slice(0, index + 1);
    },
    async removeNewest(chatId, removed, head) {
      // One delete per page, by its key (an equality the index serves); the ids keep it to exactly
      // what was read, and the answers of those messages go with them.
      await Promise.all(
        [...byPage(removed)].map(async ([page, docs]) => {
          const ids = docs.map((m) => m._id);
          await messages.deleteMany({ page, _id: { $in: ids } });
          await alternatives.deleteMany({ page, messageId: { $in: ids } });
          await ratings.deleteMany({ page, messageId: { $in: ids } });
        }),
      );
      await setHead(chatId, head);
    },
    async copyHistory(chatId, docs, newMessageId) {
      const ids = new Map(docs.map((m) => [m._id, newMessageId()]));
      const copies = docs.map((m, i) => ({ ...m, _id: ids.get(m._id)!, chatId, ...messageFields(chatId, i + 1) }));
      // The answers of the copied messages, read from their pages (equality on the page key).
      const withAnswers = docs.filter((m) => m.alternativeCount !== undefined);
      const answers = (await Promise.all([...byPage(withAnswers).keys()].map((page) => alternatives.find({ page }).toArray()))).flat();
      const pageOfCopy = new Map(copies.map((c) => [c._id, c.page]));
      const answerCopies = answers
        .filter((a) => a.ready && ids.has(a.messageId))
        .map((a) => {
          const messageId = ids.get(a.messageId)!;
          return { ...a, _id: alternativeId(messageId, a.n), messageId, chatId, page: pageOfCopy.get(messageId)! };
        });
      for (let i = 0; i < copies.length; i += COPY_BATCH) await messages.insertMany(copies.slice(i, i + COPY_BATCH));
      for (let i = 0; i < answerCopies.length; i += COPY_BATCH) await alternatives.insertMany(answerCopies.slice(i, i + COPY_BATCH));
      await setHead(chatId, copies.length);
      return ids;
    },

    async getMemory(chatId) {
      return (await memories.findOne({ _id: chatId }))?.memory ?? '';
    },
    async memoryNote(chatId) {
      const doc = await memories.findOne({ _id: chatId });
      return { memory: doc?.memory ?? '', paid: doc?.paid ?? 0, ...(doc?.savedBy ? { savedBy: doc.savedBy } : {}) };
    },
    async setMemory(chatId, userId, memory, paid = 0, savedBy) {
      await putById(memories, { _id: chatId, userId, memory, ...(paid > 0 ? { paid } : {}), ...(savedBy ? { savedBy } : {}), updatedAt: new Date() });
    },
    async deleteMemory(chatId) {
      await memories.deleteOne({ _id: chatId });
    },

    async getChatPersona(chatId) {
      return (await chatPersonas.findOne({ _id: chatId }))?.personaId ?? null;
    },
    async setChatPersona(chatId, userId, personaId) {
      await putById(chatPersonas, { _id: chatId, userId, personaId, updatedAt: new Date() });
    },
    async deleteChatPersona(chatId) {
      await chatPersonas.deleteOne({ _id: chatId });
    },

    async setUsername(userId, username) {
      await putById(users, { _id: userId, username, updatedAt: new Date() });
    },
    async getUsername(userId) {
      return (await users.findOne({ _id: userId }))?.username ?? null;
    },
    async removeUser(userId) {
      await users.deleteOne({ _id: userId });
    },
  };
}
