import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from '@lakorn/service-kit';
import { chatCollections, type ChatDoc, type MessageDoc } from './models';

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

  /** Inserts a message; false when a message with its id exists (a finished delivery repeated). */
  insertMessage(doc: MessageDoc): Promise<boolean>;
  messagesOfChat(chatId: string): Promise<MessageDoc[]>;
  /** The newest `limit` messages of a chat, oldest first (the prompt's history). */
  recentMessages(chatId: string, limit: number): Promise<MessageDoc[]>;

  getMemory(chatId: string): Promise<string>;
  setMemory(chatId: string, userId: string, memory: string): Promise<void>;
  deleteMemory(chatId: string): Promise<void>;

  getChatPersona(chatId: string): Promise<string | null>;
  setChatPersona(chatId: string, userId: string, personaId: string): Promise<void>;
  deleteChatPersona(chatId: string): Promise<void>;

  setUsername(userId: string, username: string): Promise<void>;
  getUsername(userId: string): Promise<string | null>;
  removeUser(userId: string): Promise<void>;
}

const byTimeThenId = (a: MessageDoc, b: MessageDoc) =>
  a.timestamp.getTime() - b.timestamp.getTime() || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

export function chatStore(connection: Connection): ChatStore {
  const { chats, messages, memories, chatPersonas, users } = chatCollections(connection);

  async function removeChats(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await messages.deleteMany({ chatId: { $in: ids } });
    await memories.deleteMany({ _id: { $in: ids } });
    await chatPersonas.deleteMany({ _id: { $in: ids } });
    await chats.deleteMany({ _id: { $in: ids } });
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
      return ids.length;
    },

    async insertMessage(doc) {
      try {
        await messages.insertOne(doc);
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    async messagesOfChat(chatId) {
      return (await messages.find({ chatId }).toArray()).sort(byTimeThenId);
    },
    async recentMessages(chatId, limit) {
      const newest = await messages.find({ chatId }).sort({ timestamp: -1, _id: -1 }).limit(limit).toArray();
      return newest.sort(byTimeThenId);
    },

    async getMemory(chatId) {
      return (await memories.findOne({ _id: chatId }))?.memory ?? '';
    },
    async setMemory(chatId, userId, memory) {
      await memories.replaceOne({ _id: chatId }, { userId, memory, updatedAt: new Date() }, { upsert: true });
    },
    async deleteMemory(chatId) {
      await memories.deleteOne({ _id: chatId });
    },

    async getChatPersona(chatId) {
      return (await chatPersonas.findOne({ _id: chatId }))?.personaId ?? null;
    },
    async setChatPersona(chatId, userId, personaId) {
      await chatPersonas.replaceOne({ _id: chatId }, { userId, personaId, updatedAt: new Date() }, { upsert: true });
    },
    async deleteChatPersona(chatId) {
      await chatPersonas.deleteOne({ _id: chatId });
    },

    async setUsername(userId, username) {
      await users.replaceOne({ _id: userId }, { username, updatedAt: new Date() }, { upsert: true });
    },
    async getUsername(userId) {
      return (await users.findOne({ _id: userId }))?.username ?? null;
    },
    async removeUser(userId) {
      await users.deleteOne({ _id: userId });
    },
  };
}
