import { randomBytes, randomInt } from 'node:crypto';
import {
  isAdultCharacter,
  Lorebook,
  toCharacterSnapshot,
  type Character,
  type CharacterInput,
  type CharacterAllowance,
  type CharacterShare,
  type CharacterSummary,
  type LikeResult,
  type LikeStatus,
  type PublicCharactersQuery,
} from '@lakorn/contracts';
import { insertOnce, type Actor, type Logger, type Outbox, type QuotaSlots } from '@lakorn/service-kit';
import type { CharacterListingDoc, CharacterStore } from '../data/characterStore';
import type { CreatorStore } from '../data/creatorStore';
import type { ImageStore } from '../data/imageStore';
import type { LikeStore } from '../data/likeStore';
import type { CharacterDoc } from '../data/models';
import { toCard, type ExportedCard } from './characterCard';
import { isShownTo, ListingSource, type DiscoverIndex } from './discoverIndex';
import type { DiscoverSync } from './discoverSync';
import { CharacterNotFound, EditInProgress, NotCharacterOwner, QuotaReached, SpicyNeedsAge } from './errors';
import { uploadedFileName } from './images';

// The catalog's rules: characters (spec §3, §5, §6), likes (spec §4 "Like") and the creators'
// names. Reads come from the discover index; writes go to the database first, then the index,
// then the outbox (catalog.character.updated / .deleted, ARCHITECTURE §4) and the discover log.

export interface CatalogDeps {
  characters: CharacterStore;
  likes: LikeStore;
  creators: CreatorStore;
  images: ImageStore;
  index: DiscoverIndex;
  outbox: Pick<Outbox, 'enqueue'>;
  sync: Pick<DiscoverSync, 'record'>;
  /** Slots of each member's characters (contracts QUOTAS.charactersTotal: a total, not per day). */
  quotas: QuotaSlots;
  charactersTotal: number;
  logger: Logger;
  now?: () => Date;
}

/** How long an edit waits for a concurrent edit of the same character before answering 409. */
const EDIT_WAIT_MS = 3_000;
/** A version claim this old whose version never got written belongs to a writer that died. */
const STALE_CLAIM_MS = 30_000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const newCharacterId = () => randomBytes(12).toString('hex');
const newRank = () => randomInt(0, 2 ** 32);

type CharacterFields = Omit<CharacterInput, 'userId'>;

/** What an admin's moderation changes on a character. */
export type ModerationChange = Partial<Pick<CharacterDoc, 'hidden' | 'hiddenReason' | 'adultOverride'>>;

/** The input's fields; one a client left out (alternate greetings, creator notes, lorebook) is not among them. */
function fieldsOf(input: CharacterInput): CharacterFields {
  const { userId: _actorRef, ...fields } = input;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as CharacterFields;
}

/** What a new character has where its input said nothing (an update keeps what is stored). */
const newCharacterExtras = () => ({ alternateGreetings: [], creatorNotesMultilingual: {}, lorebook: Lorebook.parse({}) });

const LISTING_FIELDS = Object.keys(ListingSource.shape).filter((field) => field !== 'id') as Array<Exclude<keyof ListingSource, 'id'>>;

/** The index's listing of a stored character: the ListingSource fields, `_id` as id. */
export function listingOf(doc: CharacterListingDoc): ListingSource {
  const listing: Record<string, unknown> = { id: doc._id };
  // A field the stored character lacks (written before it existed: hidden, hiddenReason,
  // adultOverride) stays absent: as undefined it would reach the discover log as null, which the
  // other instances' change schema refuses, and they would never see the character.
  for (const field of LISTING_FIELDS) if (doc[field] !== undefined) listing[field] = doc[field];
  return listing as ListingSource;
}

export type Catalog = ReturnType<typeof createCatalog>;

const characterQuota = (userId: string) => `characters:${userId}`;

export function createCatalog(deps: CatalogDeps) {
  const { characters, likes, creators, images, index, outbox, sync } = deps;
  const logger = deps.logger.child({ component: 'catalog' });
  const now = deps.now ?? (() => new Date());

  /**
   * The character as `viewer` sees it: the lorebook is the creator's (their world notes, maybe
   * their plot), so only they and admins see it; everyone else gets the character without it.
   */
  function toCharacter(doc: CharacterDoc, viewer: Actor): Character {
    const { lorebook: _lorebook, ...shown } = snapshotOf(doc);
    return {
      ...(viewer.id === doc.userId || viewer.isAdmin ? snapshotOf(doc) : shown),
      // A character stored before moderation existed is visible and follows isSpicy.
      hidden: doc.hidden ?? false,
      hiddenReason: doc.hiddenReason ?? null,
      adultOverride: doc.adultOverride ?? null,
      cardExtras: doc.cardExtras,
      likes: index.likeCount(doc._id),
      creatorUsername: index.creatorName(doc.userId),
      version: doc.version,
      createdAt: doc.createdAt.toISOString(),
    };
  }

  /** A stored character's snapshot; the lorebook of one stored before lorebooks existed is empty. */
  function snapshotOf(doc: CharacterDoc) {
    return { ...toCharacterSnapshot(doc), lorebook: doc.lorebook ?? Lorebook.parse({}) };
  }

  /** Index, outbox, log: what follows every stored create or edit. */
  async function afterWrite(doc: CharacterDoc): Promise<void> {
    const listing = listingOf(doc);
    index.upsert(listing);
    // The event and the discover log are independent writes: side by side, one round trip's wait.
    const logged = sync.record({ kind: 'character', character: listing });
    await outbox.enqueue({
      // The event always carries the lorebook: chat's prompt draws on it (ARCHITECTURE §7).
      name: 'catalog.character.updated',
      payload: { character: snapshotOf(doc), version: doc.version },
      messageId: `catalog.character.updated:${doc._id}:${doc.version}`,
    });
    await logged;
  }

  /** The character as `actor` may see it (public, or theirs), else CharacterNotFound (spec §6: private is private). */
  async function visible(actor: Actor, id: string): Promise<CharacterDoc> {
    // The index answers "someone else's private character" without a read; a character it does
    // not know yet (written on another instance a moment ago) is read from the database.
    if (index.has(id) && !index.isVisibleTo(id, actor)) throw new CharacterNotFound();
    const doc = await characters.get(id);
    // Hidden: 404 to all but the owner and admins; 18+: 404 until the member confirmed their age.
    if (!doc || !isShownTo(doc, actor)) throw new CharacterNotFound();
    return doc;
  }

  /** As visible(), answered by the index alone when it knows the character (likes read nothing else). */
  async function assertVisible(actor: Actor, id: string): Promise<void> {
    if (!index.has(id)) await visible(actor, id);
    else if (!index.isVisibleTo(id, actor)) throw new CharacterNotFound();
  }

  /**
   * A spicy character is written only by an owner who confirmed being 18 or older (README
   * "Moderation and the age gate").
   */
  function assertMayWriteSpicy(actor: Actor, input: CharacterInput): void {
    if (input.isSpicy && actor.adult !== true) throw new SpicyNeedsAge();
  }

  /**
   * Writes an admin's moderation (hidden and its reason, the 18+ override) as a new version, as an
   * edit is written: the index at once, the discover log for the other instances (within their
   * sync interval), and catalog.character.updated so chat blocks its chats.
   */
  async function moderate(id: string, change: ModerationChange): Promise<CharacterDoc> {
    const deadline = now().getTime() + EDIT_WAIT_MS;
    for (;;) {
      const current = await characters.get(id);
      if (!current) throw new CharacterNotFound();
      const version = await claimNextVersion(id, current.version);
      if (version === null) {
        if (now().getTime() > deadline) throw new EditInProgress();
        await sleep(25 + Math.random() * 50);
        continue;
      }
      const doc: CharacterDoc = { ...current, ...change, version, updatedAt: now() };
      let replaced: boolean;
      try {
        replaced = await characters.replace(doc);
      } catch (error) {
        await characters.removeClaim(id, version).catch(() => undefined);
        throw error;
      }
      if (!replaced) throw new CharacterNotFound();
      await afterWrite(doc);
      characters.removeClaim(id, version - 1).catch(() => undefined);
      return doc;
    }
  }

  async function owned(actor: Actor, id: string): Promise<CharacterDoc> {
    const doc = await visible(actor, id);
    if (doc.userId !== actor.id) throw new NotCharacterOwner();
    return doc;
  }

  /**
   * The next version number for an edit of a character stored at `current`, claimed by an insert
   * against a unique _id; null while another edit holds the next number. A claim older than
   * STALE_CLAIM_MS whose version was never written is skipped (its writer died).
   */
  async function claimNextVersion(id: string, current: number): Promise<number | null> {
    for (let version = current + 1; version <= current + 5; version++) {
      if (await characters.claimVersion(id, version, now())) return version;
      const claimedAt = await characters.claimedAt(id, version);
      if (claimedAt && now().getTime() - claimedAt.getTime() < STALE_CLAIM_MS) return null;
    }
    return null;
  }

  /**
   * Deletes a character and everything that hangs on it; the deleted event goes out first. Its
   * likes are derived data nobody can see once the character is gone, so a request does not wait
   * for them (on FerretDB that delete scans every like); a consumer does.
   */
  async function removeCharacter(doc: CharacterDoc, cleanup: 'wait' | 'background'): Promise<void> {
    // Event first: a crash after it leaves a character the owner can delete again, never chats
    // that outlive their character (ARCHITECTURE §4, chat deletes that character's chats).
    await outbox.enqueue({
      name: 'catalog.character.deleted',
      payload: { characterId: doc._id, userId: doc.userId },
      messageId: `catalog.character.deleted:${doc._id}`,
    });
    await characters.remove(doc._id);
    index.remove(doc._id);
    // Its place in the owner's allowance is free again.
    await deps.quotas.release(doc._id);
    await sync.record({ kind: 'character-removed', id: doc._id });
    await images.removeForCharacter(doc._id);
    const file = uploadedFileName(doc.profileUrl);
    if (file && !index.isImageShared(doc.profileUrl, doc._id)) {
      const owner = await images.ownerOf(file);
      if (owner?.userId === doc.userId) await images.remove(file);
    }
    const rest = Promise.all([likes.removeForCharacter(doc._id), characters.removeClaims(doc._id)]);
    if (cleanup === 'wait') await rest;
    else {
      rest.catch((error: unknown) =>
        // Left behind, they are ignored (likes of unknown characters are not loaded) and tiny.
        logger.warn({ err: errorText(error), characterId: doc._id }, 'could not remove a deleted character’s likes'),
      );
    }
  }

  return {
    /** Builds the index from the database (at start, before serving). */
    async load(): Promise<{ characters: number; likes: number; creators: number }> {
      // The three reads run side by side; likes are counted once every character is known, so
      // the likes of a deleted character (left by a crash, or not yet cleaned up) are not.
      const liked: Array<[string, string]> = [];
      const [characterCount, likeCount, creatorCount] = await index.load((add) =>
        Promise.all([
          characters.streamListings((doc) => add(listingOf(doc))),
          likes.streamAll((characterId, userId) => liked.push([characterId, userId])),
          creators.streamAll((userId, username) => index.setCreator(userId, username)),
        ]),
      );
      for (const [characterId, userId] of liked) if (index.has(characterId)) index.addLike(characterId, userId);
      return { characters: characterCount, likes: likeCount, creators: creatorCount };
    },

    async create(actor: Actor, input: CharacterInput): Promise<Character> {
      assertMayWriteSpicy(actor, input);
      const id = newCharacterId();
      // Characters made before quotas existed hold no slot: they count as used all the same.
      const quota = characterQuota(actor.id);
      const existing = index.idsOfUser(actor.id).length;
      if (!(await deps.quotas.claim(quota, deps.charactersTotal, id, { existing }))) throw new QuotaReached('characters');
      const at = now();
      const doc: CharacterDoc = {
        _id: id,
        userId: actor.id,
        ...newCharacterExtras(),
        ...fieldsOf(input),
        rank: newRank(),
        version: 1,
        createdAt: at,
        updatedAt: at,
      };
      try {
        await characters.insert(doc);
      } catch (error) {
        await deps.quotas.release(id);
        throw error;
      }
      await afterWrite(doc);
      return toCharacter(doc, actor);
    },

    /**
     * A character of the system creator under a fixed id (the starter cast, domain/starterCast):
     * no quota; 'exists' when it was stored before, by an earlier start or by another instance
     * racing this one (the unique _id decides, so there is never a second copy).
     */
    async createSeeded(actor: Actor, id: string, input: CharacterInput): Promise<'created' | 'exists'> {
      const at = now();
      // Visible, following isSpicy, said outright: a listing with these fields absent would carry
      // them as null into the discover log, which the other instances' change schema refuses.
      const moderation = { hidden: false, hiddenReason: null, adultOverride: null };
      const doc: CharacterDoc = { _id: id, userId: actor.id, ...newCharacterExtras(), ...moderation, ...fieldsOf(input), rank: newRank(), version: 1, createdAt: at, updatedAt: at };
      if ((await insertOnce(() => characters.insert(doc))) === 'exists') return 'exists';
      await afterWrite(doc);
      return 'created';
    },

    /** How many more characters the member may create (shown where characters are made). */
    async allowance(actor: Actor): Promise<CharacterAllowance> {
      const used = Math.max(index.idsOfUser(actor.id).length, await deps.quotas.used(characterQuota(actor.id)));
      return { max: deps.charactersTotal, left: Math.max(0, deps.charactersTotal - used) };
    },

    /** The uploaded images some character shows (the orphan sweep keeps them). */
    imagesInUse(): Set<string> {
      return index.imagesInUse();
    },

    async get(actor: Actor, id: string): Promise<Character> {
      return toCharacter(await visible(actor, id), actor);
    },

    /** An admin's moderation of a character (routes check the role); answers it as admins see it. */
    async moderate(actor: Actor, id: string, change: ModerationChange): Promise<Character> {
      return toCharacter(await moderate(id, change), actor);
    },

    /** The character as stored (the moderation queue names it), whoever asks; null when gone. */
    async stored(id: string): Promise<CharacterDoc | null> {
      return characters.get(id);
    },

    /** A member reported a character: it leaves their listings here at once, elsewhere within a sync. */
    async noteReport(characterId: string, userId: string, record = true): Promise<void> {
      if (index.addReport(characterId, userId) && record) await sync.record({ kind: 'report', characterId, userId });
    },

    /**
     * What the gateway's share page (/c/{id}) shows in a link preview: only a public, visible,
     * all-ages character; anything else is absent, so the page never names it (gateway
     * README "Share pages"). Read from the database, not the index: the gateway caches the answer.
     */
    async share(id: string): Promise<CharacterShare> {
      const doc = await characters.get(id);
      if (!doc || !doc.isPublic || doc.hidden === true || isAdultCharacter(doc)) throw new CharacterNotFound();
      return { id: doc._id, name: doc.name, description: doc.description, imageUrl: doc.profileUrl };
    },

    /** spec §6: only the creator edits. Concurrent edits get consecutive versions, never the same one. */
    async update(actor: Actor, id: string, input: CharacterInput): Promise<Character> {
      assertMayWriteSpicy(actor, input);
      const deadline = now().getTime() + EDIT_WAIT_MS;
      for (;;) {
        const current = await owned(actor, id);
        const version = await claimNextVersion(id, current.version);
        if (version === null) {
          if (now().getTime() > deadline) throw new EditInProgress();
          await sleep(25 + Math.random() * 50);
          continue;
        }
        const doc: CharacterDoc = { ...current, ...fieldsOf(input), version, updatedAt: now() };
        let replaced: boolean;
        try {
          replaced = await characters.replace(doc);
        } catch (error) {
          // The version was never written: its claim goes at once, or every edit after this
          // failure would wait for it and be refused until the claim is stale (STALE_CLAIM_MS).
          await characters.removeClaim(id, version).catch((cleanup: unknown) =>
            logger.warn({ err: errorText(cleanup), characterId: id, version }, 'could not release the claim of a failed edit'),
          );
          throw error;
        }
        if (!replaced) throw new CharacterNotFound();
        await afterWrite(doc);
        // The previous claim has done its work; losing this clean-up costs a tiny document.
        characters.removeClaim(id, version - 1).catch((error: unknown) =>
          logger.warn({ err: errorText(error), characterId: id, version: version - 1 }, 'could not remove a used version claim'),
        );
        return toCharacter(doc, actor);
      }
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await removeCharacter(await owned(actor, id), 'background');
    },

    /** The discover page as its JSON bytes (a PublicCharactersPage; DiscoverIndex.pageJson says why bytes). */
    listPublicJson(actor: Actor, query: PublicCharactersQuery): Buffer {
      const q = query.q?.trim();
      return index.pageJson({
        genre: query.genre === undefined || query.genre === 'all' ? undefined : query.genre,
        q: q ? q : undefined,
        excludeUserId: actor.id,
        viewer: actor,
        seed: query.seed ?? 0,
        cursor: query.cursor,
        limit: query.limit,
        sort: query.sort,
      });
    },

    /** All of one's own characters; only the public ones of anyone else. */
    listForUser(actor: Actor, userId: string): CharacterSummary[] {
      return index.listForUser(userId === actor.uid ? actor.id : userId, actor);
    },

    async likeStatus(actor: Actor, id: string): Promise<LikeStatus> {
      await assertVisible(actor, id);
      return { hasLiked: index.hasLiked(id, actor.id) };
    },

    /**
     * spec §4 Like: once per user, enforced by the unique like _id; the count is the number of
     * distinct likers (derived from the like documents at start, then from each accepted insert).
     */
    async like(actor: Actor, id: string): Promise<LikeResult> {
      await assertVisible(actor, id);
      const inserted = await likes.insert(id, actor.id, now());
      // Refused or not, the like is stored: make sure the index counts it (it may have come
      // through another instance a moment ago).
      index.addLike(id, actor.id);
      if (inserted) await sync.record({ kind: 'like', characterId: id, userId: actor.id });
      return { alreadyLiked: !inserted, likes: index.likeCount(id) };
    },

    /** The V2 card of one's own character (beyond the spec, ARCHITECTURE §6 extensions). */
    async card(actor: Actor, id: string): Promise<{ card: ExportedCard; name: string }> {
      const doc = await owned(actor, id);
      const character = toCharacter(doc, actor);
      return { card: toCard(character), name: character.name };
    },

    /** Whether the character exists and belongs to the actor (uploads for it, card pictures). */
    async assertOwner(actor: Actor, id: string): Promise<void> {
      await owned(actor, id);
    },

    /** identity.user.registered / identity.user.updated: the name shown on their public characters. */
    async setCreator(userId: string, username: string): Promise<void> {
      await creators.upsert(userId, username, now());
      index.setCreator(userId, username);
      await sync.record({ kind: 'creator', userId, username });
    },

    /** identity.user.deleted: their characters (each with its deleted event), likes and images go. */
    async removeUser(userId: string): Promise<{ characters: number }> {
      let removed = 0;
      // The database too: a character written on another instance a moment ago may not be indexed here yet.
      const ids = new Set([...index.idsOfUser(userId), ...(await characters.idsOfUser(userId))]);
      for (const id of ids) {
        const doc = await characters.get(id);
        if (doc) {
          await removeCharacter(doc, 'wait');
          removed += 1;
        } else {
          index.remove(id);
        }
      }
      await likes.removeForUser(userId);
      index.removeLikesOf(userId);
      await images.removeForUser(userId);
      await creators.remove(userId);
      index.removeCreator(userId);
      await sync.record({ kind: 'user-removed', userId });
      return { characters: removed };
    },
  };
}
