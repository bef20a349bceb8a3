import { isAdultCharacter, type CharacterSnapshot, type ChatBlock, type ChatCharacter } from '@lakorn/contracts';
import type { Actor } from '@lakorn/service-kit';
import type { CharacterStore } from '../data/characterStore';

// Chat keeps its own copy of the characters it shows and prompts with (ARCHITECTURE §4: snapshots
// from catalog.character.updated, highest version kept). A character the copy does not know yet
// (a chat opened right after its creation, before the event arrived) is asked of the catalog as the
// member (a CatalogReader bound to their session), so the catalog's visibility rule decides.

/** The catalog as one member sees it (data/catalogClient.ts asks its HTTP API). */
export interface CatalogReader {
  /** The character and its version, or null when the catalog does not show it to this member. */
  character(id: string): Promise<{ snapshot: CharacterSnapshot; version: number } | null>;
}

/** Readers bound to a caller's session: routes make one per request; the domain never sees the token. */
export interface CatalogClient {
  as(sessionToken: string | undefined): CatalogReader;
}

/** spec §3: the character as a chat shows it. */
export function chatCharacterOf(snapshot: CharacterSnapshot): ChatCharacter {
  return {
    id: snapshot.id,
    name: snapshot.name,
    genre: snapshot.genre,
    description: snapshot.description,
    profileUrl: snapshot.profileUrl,
  };
}

/**
 * Why a chat with this character takes nothing more from this member (README "Hidden and 18+
 * characters"), or null. Owners and admins are never blocked by a hidden character (it answers 404
 * to everyone else); owners always see their own 18+ characters; anyone else needs the session's
 * `adult`.
 */
export function chatBlockOf(actor: Actor, character: CharacterSnapshot | null): ChatBlock | null {
  if (!character || character.userId === actor.id) return null;
  if (character.hidden === true && !actor.isAdmin) return 'hidden';
  if (isAdultCharacter(character) && actor.adult !== true) return 'adult';
  return null;
}

export interface CharacterDirectory {
  /** The character if the actor may chat with it (public or their own), else null. */
  visibleTo(actor: Actor, id: string, catalog: CatalogReader): Promise<CharacterSnapshot | null>;
  /** The stored copy, whoever asks (existing chats keep working with it). */
  get(id: string): Promise<CharacterSnapshot | null>;
  getMany(ids: string[]): Promise<Map<string, CharacterSnapshot>>;
  applyUpdated(snapshot: CharacterSnapshot, version: number): Promise<void>;
  applyDeleted(id: string): Promise<void>;
  isDeleted(id: string): Promise<boolean>;
}

export function createCharacterDirectory(store: CharacterStore): CharacterDirectory {
  // Public, or theirs; and, for a new chat, not hidden from them nor 18+ before they confirmed.
  const visible = (actor: Actor, c: CharacterSnapshot) => (c.isPublic || c.userId === actor.id) && chatBlockOf(actor, c) === null;
  return {
    async visibleTo(actor, id, catalog) {
      if (await store.isDeleted(id)) return null;
      const stored = await store.get(id);
      if (stored && visible(actor, stored.snapshot)) return stored.snapshot;
      // Unknown here, or private in our copy (which may be older than a change to public): ask
      // the catalog, which applies its own rule for this member.
      const fetched = await catalog.character(id);
      if (!fetched) return null;
      const outcome = await store.putIfNewer(fetched.snapshot, fetched.version);
      if (outcome === 'deleted') return null;
      return visible(actor, fetched.snapshot) ? fetched.snapshot : null;
    },
    async get(id) {
      return (await store.get(id))?.snapshot ?? null;
    },
    async getMany(ids) {
      const found = await store.getMany(ids);
      return new Map([...found].map(([id, stored]) => [id, stored.snapshot]));
    },
    async applyUpdated(snapshot, version) {
      await store.putIfNewer(snapshot, version);
    },
    async applyDeleted(id) {
      await store.markDeleted(id);
    },
    isDeleted: (id) => store.isDeleted(id),
  };
}
