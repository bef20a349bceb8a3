import { InvalidCursor } from './errors';

// Discover's orders besides the random one (GET /api/characters/public?sort=popular|new|liked):
// each is the public characters kept sorted by (score descending, createdAt descending, id), so a
// page is a binary search to the cursor and then a walk, as for the random order; its cost does
// not grow with the catalog (bench/README.md "scale"). A score change (a like, a member chatting)
// moves one character: found by the score it was sorted under, taken out and put back.

/** What an order needs of an index entry. */
export interface Orderable {
  id: string;
  /** ISO time: its string order is its time order. */
  createdAt: string;
}

/** A page's continuation in a sorted order: the last card's key. */
export interface OrderKey {
  score: number;
  createdAt: string;
  id: string;
}

function compare(a: OrderKey, b: OrderKey): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export class SortedOrder<E extends Orderable> {
  private list: E[] = [];
  /** The score each entry is sorted under (its score may have moved since; see rescore). */
  private readonly sortedUnder = new Map<E, number>();
  private bulk = false;

  /**
   * @param letter names the order in its cursors, so a cursor of one order is refused by another.
   * @param score the entry's score now (0 for all: newest first).
   */
  constructor(
    readonly letter: string,
    private readonly score: (entry: E) => number,
  ) {}

  get entries(): readonly E[] {
    return this.list;
  }

  private keyOf(entry: E): OrderKey {
    return { score: this.sortedUnder.get(entry) ?? 0, createdAt: entry.createdAt, id: entry.id };
  }

  /** While true, insert appends and endBulk sorts once (a start-up load of 100 000 characters). */
  beginBulk(): void {
    this.bulk = true;
  }

  endBulk(keep: (entry: E) => boolean): void {
    this.bulk = false;
    this.list = this.list.filter((entry) => {
      if (keep(entry)) return true;
      this.sortedUnder.delete(entry);
      return false;
    });
    this.resort();
  }

  /** Every entry's score taken again and the order sorted (a bulk change: a deleted member's likes). */
  resort(): void {
    for (const entry of this.list) this.sortedUnder.set(entry, this.score(entry));
    this.list.sort((a, b) => compare(this.keyOf(a), this.keyOf(b)));
  }

  insert(entry: E): void {
    this.sortedUnder.set(entry, this.score(entry));
    if (this.bulk) this.list.push(entry);
    else this.list.splice(this.lowerBound(this.keyOf(entry)), 0, entry);
  }

  remove(entry: E): void {
    if (!this.sortedUnder.has(entry)) return;
    if (!this.bulk) {
      const at = this.lowerBound(this.keyOf(entry));
      if (this.list[at] === entry) this.list.splice(at, 1);
    }
    this.sortedUnder.delete(entry);
  }

  /** The entry's score changed: it moves to its new place (nothing happens for one not in the order). */
  rescore(entry: E): void {
    const under = this.sortedUnder.get(entry);
    if (under === undefined || under === this.score(entry) || this.bulk) return;
    this.remove(entry);
    this.insert(entry);
  }

  clear(): void {
    this.list = [];
    this.sortedUnder.clear();
  }

  /** The position right after the cursor's key (where the next page starts). */
  after(key: OrderKey): number {
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(this.keyOf(this.list[mid] as E), key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private lowerBound(key: OrderKey): number {
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(this.keyOf(this.list[mid] as E), key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** `<letter>.<score>.<createdAt ms>.<id>` (base 36). */
  cursorOf(entry: E): string {
    const { score } = this.keyOf(entry);
    return `${this.letter}.${score.toString(36)}.${Date.parse(entry.createdAt).toString(36)}.${entry.id}`;
  }

  decodeCursor(cursor: string): OrderKey {
    const match = /^([a-z])\.([0-9a-z]{1,9})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{1,100})$/.exec(cursor);
    if (!match || match[1] !== this.letter) throw new InvalidCursor();
    const score = parseInt(match[2] ?? '', 36);
    const ms = parseInt(match[3] ?? '', 36);
    if (!Number.isSafeInteger(score) || !Number.isSafeInteger(ms) || Number.isNaN(new Date(ms).getTime())) throw new InvalidCursor();
    return { score, createdAt: new Date(ms).toISOString(), id: match[4] ?? '' };
  }
}
