import type { EventPayload } from '@lakorn/contracts';
import type { Logger } from '@lakorn/service-kit';
import type { ActivityStore } from '../data/activityStore';
import type { DiscoverIndex } from './discoverIndex';
import type { DiscoverSync } from './discoverSync';
import { bangkokDayNumber, dayName, windowDays } from './popularity';

// Discover's popular order from chat.message.sent (chat's outbox): each (character, member,
// Bangkok day) is one activity document, inserted against its unique _id, so a replayed or raced
// event counts once (ARCHITECTURE §2). The discover index holds the last 7 days' (popularity.ts);
// other instances apply them from the discover log within a poll (DISCOVER_SYNC_INTERVAL_MS), and a
// start reads the window's 7 days back by the indexed `day`, never the whole collection.

export interface ActivityDeps {
  store: ActivityStore;
  index: DiscoverIndex;
  sync: Pick<DiscoverSync, 'record'>;
  logger: Logger;
  now?: () => Date;
}

export type PopularActivity = ReturnType<typeof createPopularActivity>;

export function createPopularActivity(deps: ActivityDeps) {
  const { store, index, sync } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    /** chat.message.sent: the member chatted with the character on the Bangkok day of `at`. */
    async messageSent(event: EventPayload<'chat.message.sent'>): Promise<void> {
      const at = new Date(event.at);
      const when = Number.isNaN(at.getTime()) ? now() : at;
      const day = dayName(bangkokDayNumber(when));
      const inserted = await store.insert(event.characterId, event.userId, day, when);
      // Refused or not, it is stored: make sure this index counts it (idempotent).
      index.addActivity(event.characterId, event.userId, day);
      if (inserted) await sync.record({ kind: 'activity', characterId: event.characterId, userId: event.userId, day });
    },

    /** The window's days read back into the index (a start, after its characters are in). */
    async load(): Promise<{ activity: number }> {
      let activity = 0;
      for (const day of windowDays(bangkokDayNumber(now()))) {
        activity += await store.ofDay(day, (characterId, userId) => index.addActivity(characterId, userId, day));
      }
      return { activity };
    },

    /** identity.user.deleted: the member's activity goes (the index dropped it with their likes). */
    async removeUser(userId: string): Promise<void> {
      await store.removeForUser(userId);
    },
  };
}
