import { POPULAR_WINDOW_DAYS } from '@lakorn/contracts';

// Discover's popular order (GET /api/characters/public?sort=popular): a character's popularity is
// the number of distinct members who chatted with it in the last POPULAR_WINDOW_DAYS Bangkok days,
// today included. The truth is one activity document per (character, member, Bangkok day) whose
// unique _id refuses a second insert (ARCHITECTURE §2), so a replayed or raced chat.message.sent
// counts once; this is what the discover index keeps of them: for each character, each member's
// latest active day. Adding the same day twice changes nothing, so applying an activity again
// (another instance's log, a restart's reload) is harmless, whatever the order.

const DAY_MS = 86_400_000;
/** Bangkok is UTC+7 all year (no daylight saving): its day of an instant is plain arithmetic. */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** The Bangkok day of an instant as days since 1970-01-01. */
export function bangkokDayNumber(at: Date | number): number {
  return Math.floor(((typeof at === 'number' ? at : at.getTime()) + BANGKOK_OFFSET_MS) / DAY_MS);
}

/** A day number as the activity documents name it (yyyy-MM-dd, a Bangkok day). */
export function dayName(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** yyyy-MM-dd back to its day number (NaN if it is not one). */
export function dayNumber(name: string): number {
  return Date.parse(`${name}T00:00:00Z`) / DAY_MS;
}

/** The Bangkok days the popular window covers on `today` (newest first), as documents name them. */
export function windowDays(today: number): string[] {
  return Array.from({ length: POPULAR_WINDOW_DAYS }, (_, back) => dayName(today - back));
}

export class Popularity {
  /** characterId → member → the latest Bangkok day they chatted with it. */
  private readonly latest = new Map<string, Map<string, number>>();
  /** characterId → members whose latest day is inside the window (the popularity). */
  private readonly counts = new Map<string, number>();
  private today: number;

  constructor(private readonly now: () => number) {
    this.today = bangkokDayNumber(now());
  }

  private get windowStart(): number {
    return this.today - POPULAR_WINDOW_DAYS + 1;
  }

  /**
   * Records that `userId` chatted with `characterId` on Bangkok day `day`. Returns whether the
   * character's popularity changed (its place in the popular order must move).
   */
  add(characterId: string, userId: string, day: number): boolean {
    let members = this.latest.get(characterId);
    if (!members) this.latest.set(characterId, (members = new Map()));
    const before = members.get(userId);
    if (before !== undefined && before >= day) return false;
    members.set(userId, day);
    const counted = (d: number | undefined) => d !== undefined && d >= this.windowStart;
    if (counted(day) && !counted(before)) {
      this.counts.set(characterId, (this.counts.get(characterId) ?? 0) + 1);
      return true;
    }
    return false;
  }

  count(characterId: string): number {
    return this.counts.get(characterId) ?? 0;
  }

  /** Characters with any activity in the window. */
  active(): IterableIterator<string> {
    return this.counts.keys();
  }

  /**
   * Moves the window to the current Bangkok day. When the day changed, members whose latest day
   * left the window stop counting (and are forgotten): returns the characters whose count changed.
   */
  roll(): string[] {
    const today = bangkokDayNumber(this.now());
    if (today === this.today) return [];
    this.today = today;
    const changed: string[] = [];
    for (const [characterId, members] of this.latest) {
      for (const [userId, day] of members) if (day < this.windowStart) members.delete(userId);
      const count = members.size === 0 ? 0 : [...members.values()].filter((day) => day >= this.windowStart).length;
      if (members.size === 0) this.latest.delete(characterId);
      if (count !== this.count(characterId)) changed.push(characterId);
      if (count === 0) this.counts.delete(characterId);
      else this.counts.set(characterId, count);
    }
    return changed;
  }

  /** The current Bangkok day (after roll()). */
  get day(): number {
    return this.today;
  }

  /** A character is gone: its activity goes with it. */
  removeCharacter(characterId: string): void {
    this.latest.delete(characterId);
    this.counts.delete(characterId);
  }

  /** A deleted member's activity goes (identity.user.deleted): returns the characters whose count changed. */
  removeMember(userId: string): string[] {
    const changed: string[] = [];
    for (const [characterId, members] of this.latest) {
      const day = members.get(userId);
      if (day === undefined) continue;
      members.delete(userId);
      if (day >= this.windowStart) {
        changed.push(characterId);
        const count = this.count(characterId) - 1;
        if (count <= 0) this.counts.delete(characterId);
        else this.counts.set(characterId, count);
      }
    }
    return changed;
  }

  clear(): void {
    this.latest.clear();
    this.counts.clear();
  }
}
