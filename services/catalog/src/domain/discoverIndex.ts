import { z } from 'zod';
import { CharacterSnapshot, isAdultCharacter, personalityPreview, type CharacterSummary, type Genre } from '@lakorn/contracts';
import type { DiscoverSort } from '@lakorn/contracts';
import { SortedOrder } from './discoverOrders';
import { InvalidCursor } from './errors';
import { uploadedFileName } from './images';
import { dayNumber, Popularity } from './popularity';
import { matches, searchQuery, searchText, type SearchText } from './searchText';

// The discover index: every character's card fields, its search text, the likes and the creators'
// names, in memory. Why in memory: FerretDB v1.24 on SQLite answers every query by scanning the
// table (it pushes down only `_id` equality, and not onto its index), so a search over 100k
// characters took ~29 s there and even a lookup by _id ~0.4 s (bench/README.md). Held here, the
// public listing, search, a member's characters, like status and counts cost microseconds to a
// few tens of milliseconds on either database; the database stays the truth and the index is
// rebuilt from it at start (and kept in step across instances by discoverSync.ts).
//
// Order (spec §2 "random order"): each character gets a random 32-bit `rank` at creation; a
// session sends a random `seed` and sees the characters by rank rotated to start at that seed.
// A page is then a contiguous run of that order, so paging with a cursor (the last rank and id)
// stays stable while characters come and go, and each session starts somewhere else.

/**
 * What the index is built from: a stored character without its long texts (personality stays,
 * search reads it). Its fields are the snapshot's (packages/contracts), so they are declared once;
 * discoverSync.ts parses other instances' listings with it.
 */
// The lorebook, alternate greetings and creator notes are never listed (nor loaded, nor snapshotted).
export const ListingSource = CharacterSnapshot.omit({
  appearance: true,
  firstMessage: true,
  background: true,
  exampleMessages: true,
  alternateGreetings: true,
  creatorNotesMultilingual: true,
  lorebook: true,
}).extend({
  rank: z.number().int(),
  version: z.number().int(),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
});
export type ListingSource = z.infer<typeof ListingSource>;

/**
 * A character as the index holds it: its list card (`likes` and `creatorUsername` are filled in
 * as it is read, they change without the character), its order key and its search text.
 */
type Entry = CharacterSummary & { rank: number; search: SearchText };

/** A card's JSON, in two parts (DiscoverIndex.cardJson). */
interface CardJson {
  head: Buffer;
  tail: Buffer;
  /** The like count and creator's name `tail` was made with. */
  likes: number;
  creator: string;
}

/** Cards whose JSON the index keeps ready: ~0.5 KB each, so ~5 MB at most, whatever the catalog's size. */
export const CARD_JSON_KEPT = 10_000;
const PAGE_OPEN = Buffer.from('{"characters":[');
const COMMA = Buffer.from(',');

/**
 * One character as a persisted snapshot holds it (discoverSnapshot.ts): its card, order key,
 * search text and likers, positional to keep 100 000 of them small.
 */
export type SnapshotRecord = [
  id: string,
  userId: string,
  name: string,
  age: string,
  gender: CharacterSummary['gender'],
  genre: Genre,
  isPublic: 0 | 1,
  isSpicy: 0 | 1,
  description: string,
  personalityPreview: string,
  profileUrl: string,
  rank: number,
  version: number,
  createdAt: string,
  updatedAt: string,
  searchFolded: 0 | 1,
  searchText: string,
  likers: string[],
  // Moderation, appended (a snapshot written before it lacks them: visible, following isSpicy).
  hidden?: 0 | 1,
  hiddenReason?: string | null,
  adultOverride?: boolean | null,
];

/**
 * Who is looking (README "Moderation and the age gate"): hidden characters are shown to their owner
 * and admins only; 18+ ones (isAdultCharacter) to their owner, admins and members who confirmed
 * their age (`adult`, the session's claim); a member no longer sees what they reported.
 */
export interface Viewer {
  id: string;
  isAdmin?: boolean;
  adult?: boolean;
}

/** Whether `viewer` may see a character (by id): theirs, or public, not hidden and not 18+ for them. */
export function isShownTo(c: Pick<CharacterSummary, 'userId' | 'isPublic' | 'isSpicy'> & { hidden?: boolean; adultOverride?: boolean | null }, viewer: Viewer): boolean {
  if (c.userId === viewer.id || viewer.isAdmin === true) return true;
  return c.isPublic && c.hidden !== true && (viewer.adult === true || !isAdultCharacter(c));
}

/** Whether a character may be listed for `viewer` (discover, search, popular, a creator's page). */
function isListedFor(c: Entry, viewer: Viewer, reported: ReadonlySet<string> | undefined): boolean {
  // Admins browse as members do: a hidden character is out of every listing at once.
  return c.isPublic && !c.hidden && (viewer.adult === true || !isAdultCharacter(c)) && reported?.has(c.id) !== true;
}

export interface PageRequest {
  /** Who is looking: hidden, 18+ (unless confirmed) and reported characters are left out (absent: not confirmed). */
  viewer?: Viewer;
  /** A genre, or undefined for all (spec §2 category 'all'). */
  genre?: Genre;
  q?: string;
  /** The caller's id: spec §5 excludes one's own characters from discover. */
  excludeUserId: string;
  seed: number;
  cursor?: string;
  limit: number;
  /** The order (contracts DISCOVER_SORTS); the session's random order when absent. */
  sort?: DiscoverSort;
}

export interface Page {
  characters: CharacterSummary[];
  nextCursor: string | null;
}

const UINT32 = 2 ** 32;
/** Removed characters stay refused this long, so a late change from another instance cannot revive one. */
const TOMBSTONE_MS = 60 * 60 * 1000;

function compareKey(a: { rank: number; id: string }, rank: number, id: string): number {
  if (a.rank !== rank) return a.rank - rank;
  return a.id < id ? -1 : a.id > id ? 1 : 0;
}

export function encodeCursor(entry: { rank: number; id: string }): string {
  return `${entry.rank.toString(36)}.${entry.id}`;
}

export function decodeCursor(cursor: string): { rank: number; id: string } {
  const match = /^([0-9a-z]{1,7})\.([A-Za-z0-9_-]{1,100})$/.exec(cursor);
  const rank = match ? parseInt(match[1] ?? '', 36) : NaN;
  if (!match || !Number.isInteger(rank) || rank < 0 || rank >= UINT32) throw new InvalidCursor();
  return { rank, id: match[2] ?? '' };
}

export class DiscoverIndex {
  private readonly byId = new Map<string, Entry>();
  /** Public characters sorted by (rank, id); during a bulk load, in arrival order (see load). */
  private publicByRank: Entry[] = [];
  private bulk = false;
  private changeCount = 0;
  private readonly byUser = new Map<string, Set<string>>();
  private readonly likes = new Map<string, Set<string>>();
  private readonly creators = new Map<string, string>();
  private readonly tombstones = new Map<string, number>();
  /** Member → the characters they reported (never listed for them again). */
  private readonly reports = new Map<string, Set<string>>();
  /** Each kept card's JSON, by entry: a new version is a new entry, so its old JSON is never served. */
  private readonly cards = new Map<Entry, CardJson>();
  /** Distinct members chatting with each character in the last 7 Bangkok days (popularity.ts). */
  private readonly popularity: Popularity;
  /** The sorted orders (discoverOrders.ts): ties go to the newer character. */
  private readonly orders: Record<Exclude<DiscoverSort, 'random'>, SortedOrder<Entry>>;

  constructor(private readonly now: () => number = Date.now) {
    this.popularity = new Popularity(now);
    this.orders = {
      popular: new SortedOrder('p', (entry) => this.popularity.count(entry.id)),
      new: new SortedOrder('n', () => 0),
      liked: new SortedOrder('l', (entry) => this.likeCount(entry.id)),
    };
  }

  private get sortedOrders(): Array<SortedOrder<Entry>> {
    return Object.values(this.orders);
  }

  get size(): number {
    return this.byId.size;
  }

  get publicSize(): number {
    return this.publicByRank.length;
  }

  /** Grows with every change: whether the index changed since a snapshot was written. */
  get changes(): number {
    return this.changeCount;
  }

  /** Empties the index (a start that gave up on a snapshot half-way loads from the database). */
  clear(): void {
    this.byId.clear();
    this.publicByRank = [];
    this.byUser.clear();
    this.likes.clear();
    this.creators.clear();
    this.tombstones.clear();
    this.cards.clear();
    for (const order of this.sortedOrders) order.clear();
    this.popularity.clear();
    this.changeCount += 1;
  }

  /**
   * Fills the index in bulk (the start-up load, before any request): `fill` adds characters
   * through `add`, and the public order is sorted once at the end. Inserting each at its place
   * instead moves half of the order every time, ~15 s of CPU at 100 000 characters on this
   * machine (bench/README.md "scale").
   */
  async load<T>(fill: (add: (source: ListingSource) => boolean) => Promise<T>): Promise<T> {
    this.bulk = true;
    for (const order of this.sortedOrders) order.beginBulk();
    try {
      return await fill((source) => this.upsert(source));
    } finally {
      this.bulk = false;
      // A character added twice (a replaced entry) or detached meanwhile is no longer in byId.
      this.publicByRank = this.publicByRank.filter((entry) => this.byId.get(entry.id) === entry);
      this.publicByRank.sort((a, b) => compareKey(a, b.rank, b.id));
      for (const order of this.sortedOrders) order.endBulk((entry) => this.byId.get(entry.id) === entry);
    }
  }

  /** Adds or replaces a character; an older version than the one held is ignored. Returns whether it applied. */
  upsert(source: ListingSource): boolean {
    if (this.isTombstoned(source.id)) return false;
    const current = this.byId.get(source.id);
    if (current && current.version >= source.version) return false;
    if (current) this.detach(current);
    this.put({
      id: source.id,
      userId: source.userId,
      name: source.name,
      age: source.age,
      gender: source.gender,
      genre: source.genre,
      isPublic: source.isPublic,
      isSpicy: source.isSpicy,
      description: source.description,
      personalityPreview: personalityPreview(source.personality),
      hidden: source.hidden ?? false,
      hiddenReason: source.hiddenReason ?? null,
      adultOverride: source.adultOverride ?? null,
      profileUrl: source.profileUrl,
      likes: 0,
      creatorUsername: '',
      rank: source.rank,
      version: source.version,
      createdAt: source.createdAt.toISOString(),
      updatedAt: source.updatedAt.toISOString(),
      search: searchText(source),
    });
    return true;
  }

  /** Every character with its likers, for a persisted snapshot (restore puts them back). */
  *records(): Generator<SnapshotRecord> {
    for (const e of this.byId.values()) {
      const likers = [...(this.likes.get(e.id) ?? [])];
      yield [e.id, e.userId, e.name, e.age, e.gender, e.genre, e.isPublic ? 1 : 0, e.isSpicy ? 1 : 0, e.description, e.personalityPreview,
        e.profileUrl, e.rank, e.version, e.createdAt, e.updatedAt, e.search.folded ? 1 : 0, e.search.text, likers, e.hidden ? 1 : 0, e.hiddenReason,
        e.adultOverride];
    }
  }

  /** Every creator's name, for a persisted snapshot. */
  creatorNames(): Array<[string, string]> {
    return [...this.creators];
  }

  /** Puts back a character of `records()` (inside `load`); a newer version held already wins. */
  restore(record: SnapshotRecord): void {
    const [id, userId, name, age, gender, genre, isPublic, isSpicy, description, preview, profileUrl, rank, version, createdAt, updatedAt, folded, text, likers,
      hidden, hiddenReason, adultOverride] = record;
    const current = this.byId.get(id);
    if (this.isTombstoned(id) || (current && current.version >= version)) return;
    if (current) this.detach(current);
    this.put({
      id, userId, name, age, gender, genre, isPublic: isPublic === 1, isSpicy: isSpicy === 1, description, personalityPreview: preview, profileUrl,
      likes: 0, creatorUsername: '', rank, version, createdAt, updatedAt, search: { text, folded: folded === 1 },
      hidden: hidden === 1, hiddenReason: hiddenReason ?? null, adultOverride: adultOverride ?? null,
    });
    for (const liker of likers) this.addLike(id, liker);
  }

  private put(entry: Entry): void {
    this.changeCount += 1;
    this.byId.set(entry.id, entry);
    let own = this.byUser.get(entry.userId);
    if (!own) this.byUser.set(entry.userId, (own = new Set()));
    own.add(entry.id);
    if (!entry.isPublic) return;
    for (const order of this.sortedOrders) order.insert(entry);
    if (this.bulk) this.publicByRank.push(entry);
    else this.publicByRank.splice(this.lowerBound(entry.rank, entry.id), 0, entry);
  }

  remove(id: string): void {
    this.changeCount += 1;
    this.tombstones.set(id, this.now());
    const entry = this.byId.get(id);
    if (entry) this.detach(entry);
    this.likes.delete(id);
    this.popularity.removeCharacter(id);
    this.pruneTombstones();
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  ownerOf(id: string): string | undefined {
    return this.byId.get(id)?.userId;
  }

  /** Whether `viewer` may see the character: public, or theirs (spec §6); hidden and 18+ as isShownTo says. */
  isVisibleTo(id: string, viewer: Viewer): boolean {
    const entry = this.byId.get(id);
    return entry !== undefined && isShownTo(entry, viewer);
  }

  /** A member reported a character: it is no longer listed for them. Returns whether it is new. */
  addReport(characterId: string, userId: string): boolean {
    let reported = this.reports.get(userId);
    if (!reported) this.reports.set(userId, (reported = new Set()));
    if (reported.has(characterId)) return false;
    reported.add(characterId);
    return true;
  }

  /** The characters a member reported. */
  reportedBy(userId: string): ReadonlySet<string> | undefined {
    return this.reports.get(userId);
  }

  summary(id: string): CharacterSummary | undefined {
    const entry = this.byId.get(id);
    return entry ? this.toSummary(entry) : undefined;
  }

  /** One member's characters, newest first: all of them for the member, the public ones for others. */
  listForUser(userId: string, viewerOrId: Viewer | string): CharacterSummary[] {
    const viewer = typeof viewerOrId === 'string' ? { id: viewerOrId } : viewerOrId;
    const ids = this.byUser.get(userId);
    if (!ids) return [];
    const entries: Entry[] = [];
    const reported = this.reports.get(viewer.id);
    for (const id of ids) {
      const entry = this.byId.get(id);
      if (entry && (userId === viewer.id || isListedFor(entry, viewer, reported))) entries.push(entry);
    }
    entries.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
    return entries.map((entry) => this.toSummary(entry));
  }

  /** Ids of one member's characters (all of them). */
  idsOfUser(userId: string): string[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** The uploaded images (file names) some character shows: what the orphan sweep keeps. */
  imagesInUse(): Set<string> {
    const files = new Set<string>();
    for (const entry of this.byId.values()) {
      const file = uploadedFileName(entry.profileUrl);
      if (file) files.add(file);
    }
    return files;
  }

  /** Other characters showing this image (so deleting one character does not break another). */
  isImageShared(profileUrl: string, exceptId: string): boolean {
    if (profileUrl === '') return false;
    for (const entry of this.byId.values()) if (entry.id !== exceptId && entry.profileUrl === profileUrl) return true;
    return false;
  }

  /**
   * A page of public characters in the session's order. Cost: the entries walked until `limit`
   * matches are found, so at most one pass over the public characters for a rare search.
   */
  page(request: PageRequest): Page {
    const { found, nextCursor } = this.walk(request);
    return { characters: found.map((entry) => this.toSummary(entry)), nextCursor };
  }

  /**
   * The same page as `page()`, as the UTF-8 JSON the listing answers. Each card's JSON is made once
   * per character version and kept (cardJson), so a page is joined from ready bytes instead of
   * copying 20 cards into objects, serialising them and encoding Thai text to UTF-8 on every
   * request: those steps were ~1/3 of a listing request's CPU (bench/README.md "gateway").
   */
  pageJson(request: PageRequest): Buffer {
    const { found, nextCursor } = this.walk(request);
    const parts: Buffer[] = [PAGE_OPEN];
    for (let i = 0; i < found.length; i++) {
      if (i > 0) parts.push(COMMA);
      const card = this.cardJson(found[i] as Entry);
      parts.push(card.head, card.tail);
    }
    parts.push(Buffer.from(`],"nextCursor":${JSON.stringify(nextCursor)}}`));
    return Buffer.concat(parts);
  }

  private walk(request: PageRequest): { found: Entry[]; nextCursor: string | null } {
    const sort = request.sort ?? 'random';
    if (sort === 'popular') this.rollDay();
    const order = sort === 'random' ? null : this.orders[sort];
    const all = order ? order.entries : this.publicByRank;
    const n = all.length;
    const seed = request.seed % UINT32;
    // A sorted order is walked from its top; the random one from the session's seed, round.
    const start = order ? 0 : this.lowerBound(seed, '');
    let offset = 0;
    if (request.cursor !== undefined && order) {
      offset = order.after(order.decodeCursor(request.cursor));
    } else if (request.cursor !== undefined) {
      const cursor = decodeCursor(request.cursor);
      const through = this.upperBound(cursor.rank, cursor.id);
      // Entries up to and including the cursor in rotated order (rank ≥ seed first, then the rest).
      offset = cursor.rank >= seed ? through - start : n - start + through;
    }
    const query = request.q ? searchQuery(request.q) : null;
    // No viewer given: a member who has not confirmed their age (the safe side).
    const viewer = request.viewer ?? { id: request.excludeUserId };
    const reported = this.reports.get(viewer.id);
    const found: Entry[] = [];
    let more = false;
    for (let p = offset; p < n; p++) {
      const entry = all[(start + p) % n];
      if (!entry) continue;
      if (entry.userId === request.excludeUserId) continue;
      if (!isListedFor(entry, viewer, reported)) continue;
      if (request.genre && entry.genre !== request.genre) continue;
      if (query && !matches(entry.search, query)) continue;
      if (found.length === request.limit) {
        more = true;
        break;
      }
      found.push(entry);
    }
    const last = found[found.length - 1];
    return { found, nextCursor: more && last ? (order ? order.cursorOf(last) : encodeCursor(last)) : null };
  }

  /**
   * A card as JSON bytes: `head`, the character's own fields (made once per version, as the entry
   * is replaced by a new version), and `tail`, its like count and creator's name (remade when
   * either changed) with its version and dates. The last CARD_JSON_KEPT cards made are kept.
   */
  private cardJson(entry: Entry): CardJson {
    let card = this.cards.get(entry);
    if (!card) {
      const { rank: _rank, search: _search, likes: _likes, creatorUsername: _creator, version: _version, createdAt: _created, updatedAt: _updated, ...own } =
        entry;
      card = { head: Buffer.from(`${JSON.stringify(own).slice(0, -1)},`), tail: COMMA, likes: -1, creator: '' };
      this.cards.set(entry, card);
      // Oldest first out: a Map iterates in insertion order.
      if (this.cards.size > CARD_JSON_KEPT) this.cards.delete(this.cards.keys().next().value as Entry);
    }
    const likes = this.likeCount(entry.id);
    const creator = this.creatorName(entry.userId);
    if (card.likes !== likes || card.creator !== creator) {
      card.tail = Buffer.from(
        `"likes":${likes},"creatorUsername":${JSON.stringify(creator)},"version":${entry.version},` +
          `"createdAt":${JSON.stringify(entry.createdAt)},"updatedAt":${JSON.stringify(entry.updatedAt)}}`,
      );
      card.likes = likes;
      card.creator = creator;
    }
    return card;
  }

  /** Records a like; returns whether it is new. The count is the number of distinct likers. */
  addLike(characterId: string, userId: string): boolean {
    let likers = this.likes.get(characterId);
    if (!likers) this.likes.set(characterId, (likers = new Set()));
    if (likers.has(userId)) return false;
    likers.add(userId);
    this.changeCount += 1;
    const entry = this.byId.get(characterId);
    if (entry) this.orders.liked.rescore(entry);
    return true;
  }

  /**
   * Records that a member chatted with a character on a Bangkok day (yyyy-MM-dd; an activity
   * document, popularity.ts). Idempotent: the same member, character and day again change nothing.
   */
  addActivity(characterId: string, userId: string, day: string): void {
    const number = dayNumber(day);
    if (!Number.isInteger(number)) return;
    this.rollDay();
    if (!this.popularity.add(characterId, userId, number)) return;
    this.changeCount += 1;
    const entry = this.byId.get(characterId);
    if (entry) this.orders.popular.rescore(entry);
  }

  /** Distinct members who chatted with the character in the popular window. */
  popularityOf(characterId: string): number {
    this.rollDay();
    return this.popularity.count(characterId);
  }

  /** At Bangkok midnight the oldest day leaves the window: the characters it counted move down. */
  private rollDay(): void {
    for (const id of this.popularity.roll()) {
      const entry = this.byId.get(id);
      if (entry) this.orders.popular.rescore(entry);
    }
  }

  hasLiked(characterId: string, userId: string): boolean {
    return this.likes.get(characterId)?.has(userId) ?? false;
  }

  likeCount(characterId: string): number {
    return this.likes.get(characterId)?.size ?? 0;
  }

  /** A deleted member's likes go (identity.user.deleted). */
  removeLikesOf(userId: string): void {
    this.changeCount += 1;
    for (const likers of this.likes.values()) likers.delete(userId);
    this.orders.liked.resort();
    for (const id of this.popularity.removeMember(userId)) {
      const entry = this.byId.get(id);
      if (entry) this.orders.popular.rescore(entry);
    }
  }

  setCreator(userId: string, username: string): void {
    this.changeCount += 1;
    this.creators.set(userId, username);
  }

  removeCreator(userId: string): void {
    this.changeCount += 1;
    this.creators.delete(userId);
  }

  creatorName(userId: string): string {
    return this.creators.get(userId) ?? '';
  }

  private toSummary(entry: Entry): CharacterSummary {
    const { rank: _rank, search: _search, ...card } = entry;
    return { ...card, likes: this.likeCount(entry.id), creatorUsername: this.creatorName(entry.userId) };
  }

  private detach(entry: Entry): void {
    this.byId.delete(entry.id);
    this.cards.delete(entry);
    const own = this.byUser.get(entry.userId);
    own?.delete(entry.id);
    if (own && own.size === 0) this.byUser.delete(entry.userId);
    // In a bulk load the order is not sorted yet; load's end drops entries no longer in byId.
    if (entry.isPublic) for (const order of this.sortedOrders) order.remove(entry);
    if (entry.isPublic && !this.bulk) {
      const at = this.lowerBound(entry.rank, entry.id);
      if (this.publicByRank[at] === entry) this.publicByRank.splice(at, 1);
    }
  }

  /** First position whose (rank, id) is ≥ the given key. */
  private lowerBound(rank: number, id: string): number {
    let lo = 0;
    let hi = this.publicByRank.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareKey(this.publicByRank[mid] as Entry, rank, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First position whose (rank, id) is > the given key. */
  private upperBound(rank: number, id: string): number {
    let lo = 0;
    let hi = this.publicByRank.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareKey(this.publicByRank[mid] as Entry, rank, id) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private isTombstoned(id: string): boolean {
    const at = this.tombstones.get(id);
    return at !== undefined && this.now() - at < TOMBSTONE_MS;
  }

  private pruneTombstones(): void {
    if (this.tombstones.size < 1000) return;
    const cutoff = this.now() - TOMBSTONE_MS;
    for (const [id, at] of this.tombstones) if (at < cutoff) this.tombstones.delete(id);
  }
}
