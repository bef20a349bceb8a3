import { Character, type CharacterSnapshot, type ChatCharacter } from '@lakorn/contracts';
import { unavailable, type Actor } from '@lakorn/service-kit';
import type { CharacterStore } from '../data/characterStore';

// Chat keeps its own copy of the characters it shows and prompts with (ARCHITECTURE §4: snapshots
// from catalog.character.updated, highest version kept). A character the copy does not know yet
// (a chat opened right after its creation, before the event arrived) is fetched from the catalog
// with the member's own session, so the catalog's visibility rule decides.

/** GET <CATALOG_URL>/api/characters/{id} as the member: the character, or null when not visible. */
export interface CatalogClient {
  fetchCharacter(id: string, sessionToken: string): Promise<{ snapshot: CharacterSnapshot; version: number } | null>;
}

export function httpCatalogClient(baseUrl: string, timeoutMs = 5_000): CatalogClient {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    async fetchCharacter(id, sessionToken) {
      let response: Response;
      try {
        response = await fetch(`${root}/api/characters/${encodeURIComponent(id)}`, {
          headers: { Authorization: `Bearer ${sessionToken}`, Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw unavailable('The character catalog is unreachable');
      }
      if (response.status === 404 || response.status === 400 || response.status === 403) return null;
      if (!response.ok) throw unavailable(`The character catalog answered ${response.status}`);
      const parsed = Character.safeParse(await response.json());
      if (!parsed.success) throw unavailable('The character catalog answered an unexpected body');
      const c = parsed.data;
      return {
        version: c.version,
        snapshot: {
          id: c.id,
          userId: c.userId,
          name: c.name,
          age: c.age,
          gender: c.gender,
          genre: c.genre,
          appearance: c.appearance,
          personality: c.personality,
          firstMessage: c.firstMessage,
          background: c.background,
          exampleMessages: c.exampleMessages,
          isPublic: c.isPublic,
          isSpicy: c.isSpicy,
          description: c.description,
          profileUrl: c.profileUrl,
          updatedAt: c.updatedAt,
        },
      };
    },
  };
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

export interface CharacterDirectory {
  /** The character if the actor may chat with it (public or their own), else null. */
  visibleTo(actor: Actor, id: string, sessionToken: string | undefined): Promise<CharacterSnapshot | null>;
  /** The stored copy, whoever asks (existing chats keep working with it). */
  get(id: string): Promise<CharacterSnapshot | null>;
  getMany(ids: string[]): Promise<Map<string, CharacterSnapshot>>;
  applyUpdated(snapshot: CharacterSnapshot, version: number): Promise<void>;
  applyDeleted(id: string): Promise<void>;
  isDeleted(id: string): Promise<boolean>;
}

export function createCharacterDirectory(store: CharacterStore, catalog: CatalogClient): CharacterDirectory {
  const visible = (actor: Actor, c: CharacterSnapshot) => c.isPublic || c.userId === actor.id;
  return {
    async visibleTo(actor, id, sessionToken) {
      if (await store.isDeleted(id)) return null;
      const stored = await store.get(id);
      if (stored && visible(actor, stored.snapshot)) return stored.snapshot;
      // Unknown here, or private in our copy (which may be older than a change to public): ask
      // the catalog, which applies its own rule for this member.
      if (!sessionToken) return null;
      const fetched = await catalog.fetchCharacter(id, sessionToken);
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
