import { createHash } from 'node:crypto';
import { CHARACTER_IMAGE_PATH, CharacterInput, SYSTEM_CREATOR } from '@lakorn/contracts';
import type { Actor, Logger } from '@lakorn/service-kit';
import type { ImageStore } from '../../data/imageStore';
import type { StarterCastStore } from '../../data/starterCastStore';
import type { Catalog } from '../characters';
import { CharacterNotFound } from '../errors';
import { STARTER_CAST, type StarterCastMember } from './cast';
import { drawPortrait, PORTRAIT_VERSION } from './portrait';

// Seeding the starter cast (README "The starter cast"): on every catalog start, unless
// SEED_STARTER_CAST=false, each member of the cast is made sure of, as the system creator's
// public character. Idempotent across restarts and instances starting together:
// - a member's character has a fixed id (from its slug), so the unique _id lets one copy exist;
// - each content (the character's fields with its picture) is written by whoever inserts its
//   claim "<slug>:<hash>" first, so a restart writes nothing and an edited cast updates the same
//   character once (a new version, through the same path as a creator's edit);
// - the picture is drawn here (domain/starterCast/portrait.ts) and stored in the image store like
//   an upload, under a name made from its drawing, only when that name is not stored yet.
// The system creator holds no quota and is a creator like any other otherwise: admins hide its
// characters the way they hide anyone's.

/** The system creator acting (it never signs in; nothing else acts as it). */
export const SYSTEM_ACTOR = { id: SYSTEM_CREATOR.id, uid: SYSTEM_CREATOR.id, email: '', isAdmin: false, isOwner: false, adult: false } as Actor;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The character id of a cast member: the same on every install and every start. */
export const starterCastCharacterId = (slug: string) => sha256(`lakorn-starter-cast:${slug}`).slice(0, 24);

/** The stored picture's file name: made from what is drawn, so a new drawing is a new file. */
export const starterCastImageName = (member: StarterCastMember) =>
  `${sha256(JSON.stringify({ version: PORTRAIT_VERSION, slug: member.slug, portrait: member.portrait })).slice(0, 32)}.png`;

/** What the member's character is stored as, and the hash that names this content. */
export function starterCastContent(member: StarterCastMember): { input: CharacterInput; contentHash: string; imageName: string } {
  const imageName = starterCastImageName(member);
  const input = CharacterInput.parse({ ...member.character, isPublic: true, isSpicy: false, profileUrl: `${CHARACTER_IMAGE_PATH}${imageName}` });
  return { input, imageName, contentHash: sha256(JSON.stringify(input)).slice(0, 16) };
}

export interface StarterCastDeps {
  catalog: Catalog;
  images: ImageStore;
  seeds: StarterCastStore;
  logger: Logger;
  now?: () => Date;
  /** The cast to seed (tests pass an edited one). */
  cast?: readonly StarterCastMember[];
}

export interface StarterCastOutcome {
  created: number;
  updated: number;
  unchanged: number;
  imagesDrawn: number;
}

export function createStarterCastSeeder(deps: StarterCastDeps) {
  const { catalog, images, seeds } = deps;
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger.child({ component: 'starter-cast' });

  /** Stores the member's picture unless it is there; true when it was drawn. */
  async function ensurePicture(member: StarterCastMember, imageName: string, characterId: string): Promise<boolean> {
    if (await images.ownerOf(imageName)) return false;
    const bytes = drawPortrait(member.portrait, member.slug);
    await images.save({ fileName: imageName, contentType: 'image/png', bytes, metadata: { userId: SYSTEM_CREATOR.id, characterId } });
    return true;
  }

  async function exists(characterId: string): Promise<boolean> {
    try {
      await catalog.get(SYSTEM_ACTOR, characterId);
      return true;
    } catch (error) {
      if (error instanceof CharacterNotFound) return false;
      throw error;
    }
  }

  /** One member: created, updated to this content, or left as it is. */
  async function seedMember(member: StarterCastMember): Promise<{ outcome: 'created' | 'updated' | 'unchanged'; drawn: boolean }> {
    const id = starterCastCharacterId(member.slug);
    const { input, contentHash, imageName } = starterCastContent(member);
    const drawn = await ensurePicture(member, imageName, id);
    if (await seeds.claim(member.slug, contentHash, id, now())) {
      try {
        if ((await catalog.createSeeded(SYSTEM_ACTOR, id, input)) === 'created') return { outcome: 'created', drawn };
        await catalog.update(SYSTEM_ACTOR, id, input);
        return { outcome: 'updated', drawn };
      } catch (error) {
        // Unwritten: the next start claims this content again.
        await seeds.release(member.slug, contentHash);
        throw error;
      }
    }
    // Claimed by an earlier start or another instance; one that died before writing left no
    // character behind, which this start makes (the fixed id still allows one copy only).
    if (!(await exists(id)) && (await catalog.createSeeded(SYSTEM_ACTOR, id, input)) === 'created') return { outcome: 'created', drawn };
    return { outcome: 'unchanged', drawn };
  }

  return {
    /** Makes sure of every member of the cast; one that fails is logged and the rest go on. */
    async seed(): Promise<StarterCastOutcome> {
      const outcome: StarterCastOutcome = { created: 0, updated: 0, unchanged: 0, imagesDrawn: 0 };
      await catalog.setCreator(SYSTEM_CREATOR.id, SYSTEM_CREATOR.username);
      for (const member of deps.cast ?? STARTER_CAST) {
        try {
          const result = await seedMember(member);
          outcome[result.outcome] += 1;
          if (result.drawn) outcome.imagesDrawn += 1;
        } catch (error) {
          logger.warn({ err: error instanceof Error ? error.message : String(error), slug: member.slug }, 'could not seed a starter cast member');
        }
      }
      return outcome;
    },
  };
}

export type StarterCastSeeder = ReturnType<typeof createStarterCastSeeder>;
