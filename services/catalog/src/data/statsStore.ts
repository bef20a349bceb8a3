import type { Connection } from 'mongoose';
import { collectionOf, insertOnce, modelOf, putById, schemaOf } from '@lakorn/service-kit';

// Creator stats (README "Creator stats"). Three collections, each with one kind of writer:
// - stat_facts: one document per thing that happened (a chat started, a message, a like, a member
//   first seen, the latest thumb on an answer), `_id` the event's own key, so a replayed or raced
//   event is refused by the unique _id and counts once (ARCHITECTURE §2). `cday` is
//   "<characterId>:<Bangkok day>": a day's facts are one equality read.
// - stat_touches: per (character, day), when a fact of that day last arrived (the consumers).
// - stat_days: per (character, day), the day's counts derived from its facts (the readers), valid
//   while derived after the day's last touch. So a read costs the character's day documents plus
//   a re-derivation of the days touched since (usually today), never a scan of every message.

export type StatFactKind = 'chat' | 'message' | 'like' | 'member' | 'rating';

export interface StatFactDoc {
  _id: string;
  characterId: string;
  day: string;
  cday: string;
  kind: StatFactKind;
  userId: string;
  /** rating: the answer's thumb now (1, -1; 0 cleared). */
  value?: number;
  at: Date;
}

export interface StatTouchDoc {
  _id: string;
  characterId: string;
  day: string;
  touchedAt: Date;
}

export interface StatDayCounts {
  chatsStarted: number;
  messagesReceived: number;
  likes: number;
  thumbsUp: number;
  thumbsDown: number;
  /** Members first seen with the character that day (all-time distinct members is their sum). */
  newMembers: number;
}

export interface StatDayDoc {
  _id: string;
  characterId: string;
  day: string;
  counts: StatDayCounts;
  /** Members who opened a chat or sent a message that day. */
  members: string[];
  /** When the facts these were derived from began to be read. */
  derivedAt: Date;
}

export const statDayId = (characterId: string, day: string) => `${characterId}:${day}`;

export function statsModels(connection: Connection) {
  const byCharacter = { characterId: String };
  return {
    facts: modelOf<StatFactDoc>(connection, 'StatFact', () => schemaOf('stat_facts', { ...byCharacter, cday: String, userId: String }, [[{ cday: 1 }], [{ characterId: 1 }], [{ userId: 1 }]])),
    touches: modelOf<StatTouchDoc>(connection, 'StatTouch', () => schemaOf('stat_touches', byCharacter, [[{ characterId: 1 }]])),
    days: modelOf<StatDayDoc>(connection, 'StatDay', () => schemaOf('stat_days', byCharacter, [[{ characterId: 1 }]])),
  };
}

export interface StatsStore {
  /** Inserts a fact; 'exists' when its key was recorded before (a replay or a race). */
  insertFact(doc: StatFactDoc): Promise<'inserted' | 'exists'>;
  getFact(id: string): Promise<StatFactDoc | null>;
  /** Replaces a fact still as `expected` was read (a rating's newer thumb); false if it changed meanwhile. */
  replaceFact(expected: StatFactDoc, next: StatFactDoc): Promise<boolean>;
  /** A day of a character had a fact arrive (or a replay of one) at `at`. */
  touch(characterId: string, day: string, at: Date): Promise<void>;
  touchesOf(characterId: string): Promise<StatTouchDoc[]>;
  daysOf(characterId: string): Promise<StatDayDoc[]>;
  /** A day's facts: one equality read on its key. */
  factsOfDay(characterId: string, day: string): Promise<StatFactDoc[]>;
  putDay(doc: StatDayDoc): Promise<void>;
  /** A member's facts (identity.user.deleted), read then removed: the days they were on, to derive again. */
  removeMember(userId: string): Promise<Array<Pick<StatFactDoc, 'characterId' | 'day'>>>;
  /** A deleted character's stats go with it. */
  removeCharacter(characterId: string): Promise<void>;
}

export function createStatsStore(connection: Connection): StatsStore {
  const models = statsModels(connection);
  const facts = collectionOf(models.facts);
  const touches = collectionOf(models.touches);
  const days = collectionOf(models.days);
  return {
    insertFact: (doc) => insertOnce(() => facts.insertOne(doc)),
    getFact: (id) => facts.findOne({ _id: id }),
    async replaceFact(expected, next) {
      const { _id, ...fields } = next;
      return (await facts.replaceOne({ _id, at: expected.at }, fields)).matchedCount === 1;
    },
    touch: (characterId, day, at) => putById(touches, { _id: statDayId(characterId, day), characterId, day, touchedAt: at }),
    touchesOf: (characterId) => touches.find({ characterId }).toArray(),
    daysOf: (characterId) => days.find({ characterId }).toArray(),
    factsOfDay: (characterId, day) => facts.find({ cday: statDayId(characterId, day) }).toArray(),
    putDay: (doc) => putById(days, doc),
    async removeMember(userId) {
      const theirs = await facts.find({ userId }, { projection: { characterId: 1, day: 1 } }).toArray();
      await facts.deleteMany({ userId });
      return theirs.map(({ characterId, day }) => ({ characterId, day }));
    },
    async removeCharacter(characterId) {
      await facts.deleteMany({ characterId });
      await touches.deleteMany({ characterId });
      await days.deleteMany({ characterId });
    },
  };
}
