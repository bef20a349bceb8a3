import type { ChatStore } from '../data/chatStore';
import type { PersonaStore } from '../data/personaStore';
import type { SendStore } from '../data/sendStore';

// The members chat knows of, from identity's events (ARCHITECTURE §4): their usernames (the
// prompt's main identity, ARCHITECTURE §7) and, once deleted, nothing of theirs stays.

export interface Members {
  /** identity.user.registered / .updated: the name a prompt calls the member by. */
  named(userId: string, username: string): Promise<void>;
  /** identity.user.deleted: removes the member's chats, messages, memory, personas and sends; answers how many chats. */
  remove(userId: string): Promise<number>;
}

export function createMembers({ chats, personas, sends }: { chats: ChatStore; personas: PersonaStore; sends: SendStore }): Members {
  return {
    named: (userId, username) => chats.setUsername(userId, username),
    async remove(userId) {
      const removed = await chats.removeChatsOfUser(userId);
      await personas.removeOfUser(userId);
      await sends.removeOfUser(userId);
      await chats.removeUser(userId);
      return removed;
    },
  };
}
