import { Schema, type Connection, type Model, type mongo } from 'mongoose';
import type { Character } from '@lakorn/contracts';

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
export type CharacterDoc = Omit<Character, 'id' | 'likes' | 'creatorUsername' | 'createdAt' | 'updatedAt'> & {
  _id: string;
  /** A random uint32 fixed at creation: the discover order is this rank rotated by a session seed. */
  rank: number;
  /** 1 at creation, +1 per edit; claimed through `character_versions` before it is written. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

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

export const IMAGE_BUCKET = 'character_images';

export interface CatalogModels {
  characters: Model<CharacterDoc>;
  versionClaims: Model<VersionClaimDoc>;
  likes: Model<LikeDoc>;
  creators: Model<CreatorDoc>;
  discoverChanges: Model<DiscoverChangeDoc>;
}

const options = { versionKey: false } as const;

export function catalogModels(connection: Connection): CatalogModels {
  const existing = connection.models as Partial<Record<string, Model<unknown>>>;
  if (existing.Character) {
    return {
      characters: connection.model<CharacterDoc>('Character'),
      versionClaims: connection.model<VersionClaimDoc>('VersionClaim'),
      likes: connection.model<LikeDoc>('Like'),
      creators: connection.model<CreatorDoc>('Creator'),
      discoverChanges: connection.model<DiscoverChangeDoc>('DiscoverChange'),
    };
  }

  const character = new Schema<CharacterDoc>(
    {
      _id: { type: String, required: true },
      userId: { type: String, required: true },
      name: { type: String, required: true },
      age: { type: String, default: '' },
      gender: { type: String, required: true },
      genre: { type: String, required: true },
      appearance: { type: String, default: '' },
      personality: { type: String, required: true },
      firstMessage: { type: String, required: true },
      background: { type: String, default: '' },
      exampleMessages: { type: String, default: '' },
      isPublic: { type: Boolean, required: true },
      isSpicy: { type: Boolean, required: true },
      description: { type: String, default: '' },
      profileUrl: { type: String, default: '' },
      cardExtras: { type: String, default: '' },
      rank: { type: Number, required: true },
      version: { type: Number, required: true },
      createdAt: { type: Date, required: true },
      updatedAt: { type: Date, required: true },
    },
    { ...options, collection: 'characters' },
  );
  character.index({ userId: 1 });

  const versionClaim = new Schema<VersionClaimDoc>(
    {
      _id: { type: String, required: true },
      characterId: { type: String, required: true },
      version: { type: Number, required: true },
      claimedAt: { type: Date, required: true },
    },
    { ...options, collection: 'character_versions' },
  );
  versionClaim.index({ characterId: 1 });

  const like = new Schema<LikeDoc>(
    {
      _id: { type: String, required: true },
      characterId: { type: String, required: true },
      userId: { type: String, required: true },
      createdAt: { type: Date, required: true },
    },
    { ...options, collection: 'likes' },
  );
  like.index({ characterId: 1 });
  like.index({ userId: 1 });

  const creator = new Schema<CreatorDoc>(
    {
      _id: { type: String, required: true },
      username: { type: String, required: true },
      updatedAt: { type: Date, required: true },
    },
    { ...options, collection: 'creators' },
  );

  const discoverChange = new Schema<DiscoverChangeDoc>(
    {
      _id: { type: String, required: true },
      at: { type: Date, required: true },
      instance: { type: String, required: true },
      change: { type: Schema.Types.Mixed, required: true },
    },
    { ...options, collection: 'discover_changes', minimize: false },
  );
  discoverChange.index({ at: 1 });

  return {
    characters: connection.model<CharacterDoc>('Character', character),
    versionClaims: connection.model<VersionClaimDoc>('VersionClaim', versionClaim),
    likes: connection.model<LikeDoc>('Like', like),
    creators: connection.model<CreatorDoc>('Creator', creator),
    discoverChanges: connection.model<DiscoverChangeDoc>('DiscoverChange', discoverChange),
  };
}

export interface CatalogCollections {
  characters: mongo.Collection<CharacterDoc>;
  versionClaims: mongo.Collection<VersionClaimDoc>;
  likes: mongo.Collection<LikeDoc>;
  creators: mongo.Collection<CreatorDoc>;
  discoverChanges: mongo.Collection<DiscoverChangeDoc>;
}

/** The models' driver collections, typed by their documents (string _ids, no mongoose casting). */
export function catalogCollections(connection: Connection): CatalogCollections {
  const models = catalogModels(connection);
  const typed = <T extends { _id: string }>(model: Model<T>) => model.collection as unknown as mongo.Collection<T>;
  return {
    characters: typed(models.characters),
    versionClaims: typed(models.versionClaims),
    likes: typed(models.likes),
    creators: typed(models.creators),
    discoverChanges: typed(models.discoverChanges),
  };
}
