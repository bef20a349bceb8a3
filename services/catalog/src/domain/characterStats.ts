import { CHARACTER_STATS_SERIES_DAYS, type CharacterStats, type CharacterStatsCounts, type ChatStarted, type MessageRated, type MessageSent } from '@lakorn/contracts';
import { quotaDay, type Actor } from '@lakorn/service-kit';
import type { StatDayCounts, StatDayDoc, StatFactDoc, StatsStore } from '../data/statsStore';
import { statDayId } from '../data/statsStore';

// Creator stats (README "Creator stats"; GET /api/characters/{id}/stats, owner and admins only):
// chats started, messages received, distinct members, likes, thumbs up and down, for the last 7
// and 30 Bangkok days and all time, and a daily series. Counted from unique-insert facts
// (data/statsStore.ts), so a replayed or raced event counts once and a re-rating moves its thumb.

const DAY_MS = 86_400_000;
/**
 * A day's derived counts are trusted once derived this long after its last touch: a touch is
 * written after its fact, so any fact older than that was visible to the derivation (this covers
 * FerretDB's non-atomic touch writes and the clocks of several instances).
 */
export const STATS_SETTLE_MS = 5_000;

const zero = (): StatDayCounts => ({ chatsStarted: 0, messagesReceived: 0, likes: 0, thumbsUp: 0, thumbsDown: 0, newMembers: 0 });

/** A day's counts from its facts. */
export function deriveDay(facts: StatFactDoc[]): { counts: StatDayCounts; members: string[] } {
  const counts = zero();
  const members = new Set<string>();
  for (const fact of facts) {
    if (fact.kind === 'chat') {
      counts.chatsStarted += 1;
      members.add(fact.userId);
    } else if (fact.kind === 'message') {
      counts.messagesReceived += 1;
      members.add(fact.userId);
    } else if (fact.kind === 'like') counts.likes += 1;
    else if (fact.kind === 'member') counts.newMembers += 1;
    else if (fact.value === 1) counts.thumbsUp += 1;
    else if (fact.value === -1) counts.thumbsDown += 1;
  }
  return { counts, members: [...members] };
}

export interface CharacterStatsDeps {
  store: StatsStore;
  /** The character's owner, or null when there is none (the catalog's own document). */
  ownerOf: (characterId: string) => Promise<string | null>;
  /** Throws the catalog's refusal when the actor may not see the character (404), else resolves. */
  assertVisible: (actor: Actor, characterId: string) => Promise<void>;
  /** Every like the character has (the discover index's derived count): all time includes likes from before stats. */
  likeCount: (characterId: string) => number;
  /** Refusal for someone else's character the actor may see. */
  notOwner: () => Error;
  /** Refusal for a character that is not there. */
  notFound: () => Error;
  now?: () => Date;
}

export type CharacterStatsBook = ReturnType<typeof createCharacterStats>;

export function createCharacterStats({ store, ownerOf, assertVisible, likeCount, notOwner, notFound, now = () => new Date() }: CharacterStatsDeps) {
  async function record(fact: Omit<StatFactDoc, 'day' | 'cday'>): Promise<void> {
    const day = quotaDay(fact.at);
    await store.insertFact({ ...fact, day, cday: statDayId(fact.characterId, day) });
    // Touched after the insert, replay or not: a crash between the two is mended by the redelivery.
    await store.touch(fact.characterId, day, now());
  }

  /** A member seen with the character (the first time counts them; all time is the sum of firsts). */
  const memberSeen = (characterId: string, userId: string, at: Date) => record({ _id: `member:${characterId}:${userId}`, characterId, kind: 'member', userId, at });

  async function derived(characterId: string, day: string, startedAt: Date): Promise<StatDayDoc> {
    const { counts, members } = deriveDay(await store.factsOfDay(characterId, day));
    const doc: StatDayDoc = { _id: statDayId(characterId, day), characterId, day, counts, members, derivedAt: startedAt };
    await store.putDay(doc);
    return doc;
  }

  /** The owner and admins only; someone else's character is 403 when they may see it, else 404. */
  async function assertMayRead(actor: Actor, characterId: string): Promise<void> {
    const owner = await ownerOf(characterId);
    if (owner === null) throw notFound();
    if (owner === actor.id || actor.isAdmin) return;
    await assertVisible(actor, characterId);
    throw notOwner();
  }

  return {
    /** chat.chat.started */
    async chatStarted({ chatId, characterId, userId, at }: ChatStarted): Promise<void> {
      const when = new Date(at);
      await record({ _id: `chat:${chatId}`, characterId, kind: 'chat', userId, at: when });
      await memberSeen(characterId, userId, when);
    },

    /** chat.message.sent */
    async messageSent({ messageId, characterId, userId, at }: MessageSent): Promise<void> {
      const when = new Date(at);
      await record({ _id: `message:${messageId}`, characterId, kind: 'message', userId, at: when });
      await memberSeen(characterId, userId, when);
    },

    /**
     * chat.message.rated: the answer's latest thumb wins (events may arrive in any order), so a
     * re-rating moves the thumb to its value and day, and a replay or an older event changes nothing.
     */
    async messageRated({ messageId, alternative, characterId, userId, value, at }: MessageRated): Promise<void> {
      const when = new Date(at);
      const day = quotaDay(when);
      const fact: StatFactDoc = { _id: `rating:${messageId}:${alternative}`, characterId, day, cday: statDayId(characterId, day), kind: 'rating', userId, value, at: when };
      if ((await store.insertFact(fact)) === 'exists') {
        const stored = await store.getFact(fact._id);
        if (stored && stored.at.getTime() < when.getTime()) {
          // Lost to a newer one written meanwhile: that one stands, as it should.
          await store.replaceFact(stored, fact);
          if (stored.day !== day) await store.touch(characterId, stored.day, now());
        }
      }
      await store.touch(characterId, day, now());
    },

    /** A like the catalog just stored (the first of that member for that character). */
    likeGiven: (characterId: string, userId: string, at: Date) => record({ _id: `like:${characterId}:${userId}`, characterId, kind: 'like', userId, at }),

    forget: (characterId: string) => store.removeCharacter(characterId),

    /**
     * identity.user.deleted: the member's data goes (ARCHITECTURE §4), so their chats, messages,
     * likes and thumbs leave the creators' numbers, as their chats leave chat; the days they were on
     * are touched, so the next read derives them again. A redelivery finds nothing left.
     */
    async forgetMember(userId: string): Promise<void> {
      const days = new Map((await store.removeMember(userId)).map((d) => [`${d.characterId}:${d.day}`, d]));
      for (const { characterId, day } of days.values()) await store.touch(characterId, day, now());
    },

    async of(actor: Actor, characterId: string): Promise<CharacterStats> {
      await assertMayRead(actor, characterId);
      const startedAt = now();
      const [touches, stored] = await Promise.all([store.touchesOf(characterId), store.daysOf(characterId)]);
      const days = new Map(stored.map((d) => [d.day, d]));
      // Days touched since they were derived (usually today alone) are derived again from their facts.
      const stale = touches.filter((t) => {
        const day = days.get(t.day);
        return !day || day.derivedAt.getTime() <= t.touchedAt.getTime() + STATS_SETTLE_MS;
      });
      for (const day of await Promise.all(stale.map((t) => derived(characterId, t.day, startedAt)))) days.set(day.day, day);

      const series = Array.from({ length: CHARACTER_STATS_SERIES_DAYS }, (_, i) => quotaDay(new Date(startedAt.getTime() - (CHARACTER_STATS_SERIES_DAYS - 1 - i) * DAY_MS)));
      const sum = (names: Iterable<string>): CharacterStatsCounts => {
        const total = zero();
        const members = new Set<string>();
        for (const name of names) {
          const day = days.get(name);
          if (!day) continue;
          for (const key of Object.keys(total) as Array<keyof StatDayCounts>) total[key] += day.counts[key];
          for (const member of day.members) members.add(member);
        }
        const { newMembers: _firsts, ...counts } = total;
        return { ...counts, members: members.size };
      };
      const all = sum(days.keys());
      const allFirsts = [...days.values()].reduce((n, d) => n + d.counts.newMembers, 0);
      return {
        characterId,
        windows: {
          days7: sum(series.slice(-7)),
          days30: sum(series),
          // All time: members are each counted on their first day; likes include those given before stats were kept.
          all: { ...all, members: allFirsts, likes: Math.max(all.likes, likeCount(characterId)) },
        },
        daily: series.map((day) => ({ day, ...sum([day]) })),
        at: startedAt.toISOString(),
      };
    },
  };
}

/**
 * The catalog with its stats kept in step: a like it stores is counted as given that day, and a
 * character it deletes takes its stats along.
 */
export function withStats<C extends { like(actor: Actor, id: string): Promise<{ alreadyLiked: boolean }>; remove(actor: Actor, id: string): Promise<void> }>(
  stats: Pick<CharacterStatsBook, 'likeGiven' | 'forget'>,
  catalog: C,
  now: () => Date = () => new Date(),
): C {
  return {
    ...catalog,
    async like(actor: Actor, id: string) {
      const result = await catalog.like(actor, id);
      if (!result.alreadyLiked) await stats.likeGiven(id, actor.id, now());
      return result;
    },
    async remove(actor: Actor, id: string) {
      await catalog.remove(actor, id);
      await stats.forget(id);
    },
  };
}
