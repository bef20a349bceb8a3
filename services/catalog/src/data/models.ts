import { mongo, Schema, type Connection, type Model } from 'mongoose';
import { Character } from '@lakorn/contracts';
import { collectionOf, contractFields, modelOf, QUOTA_SLOT_FIELDS, QUOTA_SLOT_INDEXES, schemaOf, type QuotaSlotDoc } from '@lakorn/service-kit';

// The catalog's own database (lakorn_catalog). Only this folder imports mongoose.
//
// FerretDB v1.24 (SQLite) uses no index when it reads: the only filter it hands to SQLite is
// `{_id: <string>}`, and even that is matched with an expression its _id index does not cover, so
// every read scans the table (bench/README.md has the figures). Reads that must be fast are served
// from the in-memory discover index (domain/discoverIndex.ts), and every query here is either a
// start-up stream, a write, or filtered by `_id` alone. Indexes still matter on MongoDB, and unique
// ones carry the invariants on both (ARCHITECTURE §2): an insert against a unique index is the one
// atomic refusal.

/**
 * A stored character: the API's `Character` (packages/contracts, one definition of its fields)
 * under `_id`, with Dates for times and without what is derived (likes, the creator's name).
 */
export type CharacterDoc = Omit<Character, 'id' | 'likes' | 'creatorUsername' | 'createdAt' | 'updatedAt' | ModerationField> &
  Partial<Pick<Character, ModerationField>> & {
  _id: string;
  /** A random uint32 fixed at creation: the discover order is this rank rotated by a session seed. */
  rank: number;
  /** 1 at creation, +1 per edit; claimed through `character_versions` before it is written. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * Moderation (README "Moderation and the age gate"): absent on characters stored before it, which
 * are visible and follow isSpicy (domain/moderation.ts moderationOf reads them).
 */
type ModerationField = 'hidden' | 'hiddenReason' | 'adultOverride';

/**
 * The claim of a version number (`_id` "<characterId>:<version>"). An edit may write version v+1
 * only after inserting this claim, so two concurrent edits can never both become v+1 and the event
 * with the highest version always carries the stored state (FerretDB updates are not atomic).
 */
export interface VersionClaimDoc {
  _id: string;
  characterId: string;
  version: number;
  claimedAt: Date;
}

/** One like: `_id` "<characterId>:<userId>" makes it once per user; counts are derived from these. */
export interface LikeDoc {
  _id: string;
  characterId: string;
  userId: string;
  createdAt: Date;
}

/** A creator's username, kept from identity.user.registered / identity.user.updated. */
export interface CreatorDoc {
  _id: string;
  username: string;
  updatedAt: Date;
}

/**
 * A change another catalog instance must apply to its in-memory index (domain/discoverSync.ts).
 * Insert-only; `_id` is unique per change, old ones are pruned.
 */
export interface DiscoverChangeDoc {
  _id: string;
  at: Date;
  instance: string;
  change: Record<string, unknown>;
}

/**
 * The discover index persisted, so a start reads tens of documents instead of every character
 * (domain/discoverSnapshot.ts): `_id` 'current' names the snapshot to read.
 */
export interface DiscoverSnapshotDoc {
  _id: string;
  snapshot: string;
  blocks: number;
  characters: number;
  /** Every change logged from this time on may be missing from the snapshot: a start replays them. */
  coveredUntil: Date;
  /** The snapshot this one replaced; its blocks go when the next one is written. */
  previous: { snapshot: string; blocks: number } | null;
}

/** One block of a snapshot (`_id` "<snapshot>:<n>"): gzipped JSON of its records. */
export interface DiscoverSnapshotBlockDoc {
  _id: string;
  data: Buffer;
}

/**
 * One seeding of a starter cast member's content (`_id` "<slug>:<content hash>"): inserted by the
 * instance that writes that content, so a restart or a second instance never writes it again
 * (domain/starterCast/seed.ts).
 */
export interface StarterCastSeedDoc {
  _id: string;
  characterId: string;
  seededAt: Date;
}

/**
 * A member chatted with a character on a Bangkok day (`_id` "<characterId>:<userId>:<day>", day
 * yyyy-MM-dd), from chat.message.sent: the unique _id counts each (character, member, day) once
 * however often the event is replayed or raced (ARCHITECTURE §2). Discover's popular order counts
 * the distinct members of the last 7 days (domain/popularity.ts).
 */
export interface ActivityDoc {
  _id: string;
  characterId: string;
  userId: string;
  day: string;
  at: Date;
}

export const IMAGE_BUCKET = 'character_images';

/**
 * The owner fields a stored image's GridFS file document also carries at its top level (beside
 * GridFS's own `metadata`): FerretDB pushes only top-level equality down to an index, so a
 * character's or a member's images are found by these, never by a scan of every image
 * (README "Index twins").
 */
export interface ImageFileOwnerDoc {
  userId: string;
  characterId: string | null;
}

export interface CatalogModels {
  characters: Model<CharacterDoc>;
  versionClaims: Model<VersionClaimDoc>;
  likes: Model<LikeDoc>;
  creators: Model<CreatorDoc>;
  discoverChanges: Model<DiscoverChangeDoc>;
  discoverSnapshots: Model<DiscoverSnapshotDoc>;
  discoverSnapshotBlocks: Model<DiscoverSnapshotBlockDoc>;
  /** Members' characters and today's upload bytes (contracts QUOTAS), one slot per unit. */
  quotaSlots: Model<QuotaSlotDoc>;
  /** Who chatted with which character on which Bangkok day (the popular order). */
  activity: Model<ActivityDoc>;
  /** Which content of each starter cast member is stored. */
  starterCastSeeds: Model<StarterCastSeedDoc>;
  /** GridFS's files collection of IMAGE_BUCKET, declared for its owner indexes only (ImageFileOwnerDoc). */
  imageFiles: Model<ImageFileOwnerDoc>;
  /** Character images (ARCHITECTURE §8b): GridFS's files and chunks collections of IMAGE_BUCKET. */
  images: mongo.GridFSBucket;
}

const requiredString = { type: String, required: true };
const requiredDate = { type: Date, required: true };

export function catalogModels(connection: Connection): CatalogModels {
  const { db } = connection;
  if (!db) throw new Error('catalogModels needs a connected database');
  return {
    characters: modelOf<CharacterDoc>(connection, 'Character', () =>
      schemaOf(
        'characters',
        {
          // The fields the API shows are declared once, by the contract (packages/contracts).
          ...contractFields(
            Character.omit({
              id: true, likes: true, creatorUsername: true, alternateGreetings: true, creatorNotesMultilingual: true, lorebook: true,
              hidden: true, hiddenReason: true, adultOverride: true,
            }).shape,
          ),
          hidden: { type: Boolean },
          hiddenReason: { type: String },
          adultOverride: { type: Boolean },
          // Lists and objects (their shapes are the contract's: CharacterInput validates them).
          alternateGreetings: { type: [String], default: undefined },
          creatorNotesMultilingual: Schema.Types.Mixed,
          lorebook: Schema.Types.Mixed,
          rank: { type: Number, required: true },
          createdAt: requiredDate,
          updatedAt: requiredDate,
        },
        [{ userId: 1 }],
      ),
    ),
    versionClaims: modelOf<VersionClaimDoc>(connection, 'VersionClaim', () =>
      schemaOf('character_versions', { characterId: requiredString, version: { type: Number, required: true }, claimedAt: requiredDate }, [
        { characterId: 1 },
      ]),
    ),
    likes: modelOf<LikeDoc>(connection, 'Like', () =>
      schemaOf('likes', { characterId: requiredString, userId: requiredString, createdAt: requiredDate }, [{ characterId: 1 }, { userId: 1 }]),
    ),
    creators: modelOf<CreatorDoc>(connection, 'Creator', () => schemaOf('creators', { username: requiredString, updatedAt: requiredDate })),
    discoverChanges: modelOf<DiscoverChangeDoc>(connection, 'DiscoverChange', () =>
      schemaOf(
        'discover_changes',
        { at: requiredDate, instance: requiredString, change: { type: Schema.Types.Mixed, required: true } },
        [{ at: 1 }],
        { minimize: false },
      ),
    ),
    discoverSnapshots: modelOf<DiscoverSnapshotDoc>(connection, 'DiscoverSnapshot', () =>
      schemaOf('discover_snapshots', {
        snapshot: requiredString,
        blocks: { type: Number, required: true },
        characters: { type: Number, required: true },
        coveredUntil: requiredDate,
        previous: { type: Schema.Types.Mixed, default: null },
      }),
    ),
    discoverSnapshotBlocks: modelOf<DiscoverSnapshotBlockDoc>(connection, 'DiscoverSnapshotBlock', () =>
      schemaOf('discover_snapshot_blocks', { data: { type: Buffer, required: true } }),
    ),
    quotaSlots: modelOf<QuotaSlotDoc>(connection, 'QuotaSlot', () => schemaOf('quota_slots', QUOTA_SLOT_FIELDS, QUOTA_SLOT_INDEXES)),
    // Read by day (a start loads the window's 7 days), removed by character and by member.
    activity: modelOf<ActivityDoc>(connection, 'Activity', () =>
      schemaOf('character_activity', { characterId: requiredString, userId: requiredString, day: requiredString, at: requiredDate }, [
        { day: 1 },
        { characterId: 1 },
        { userId: 1 },
      ]),
    ),
    starterCastSeeds: modelOf<StarterCastSeedDoc>(connection, 'StarterCastSeed', () =>
      schemaOf('starter_cast_seeds', { characterId: requiredString, seededAt: requiredDate }),
    ),
    images: new mongo.GridFSBucket(db, { bucketName: IMAGE_BUCKET }),
    imageFiles: modelOf<ImageFileOwnerDoc>(connection, 'ImageFile', () =>
      schemaOf(`${IMAGE_BUCKET}.files`, { _id: Schema.Types.ObjectId, userId: String, characterId: String }, [{ userId: 1 }, { characterId: 1 }], { strict: false }),
    ),
  };
}

/** The models' driver collections, typed by their documents: what the benchmarks seed through. */
export function catalogCollections(connection: Connection) {
  const models = catalogModels(connection);
  return {
    characters: collectionOf(models.characters),
    versionClaims: collectionOf(models.versionClaims),
    likes: collectionOf(models.likes),
    creators: collectionOf(models.creators),
    discoverChanges: collectionOf(models.discoverChanges),
    discoverSnapshots: collectionOf(models.discoverSnapshots),
    activity: collectionOf(models.activity),
  };
}
