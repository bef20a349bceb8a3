import { z } from 'zod';
import { baseConfigSchema, envBoolean, parseConfig } from '@lakorn/service-kit';

export const catalogConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().positive().default(4002),
  /** Bytes of character images kept in memory, so a popular image is read from GridFS once. */
  IMAGE_CACHE_BYTES: z.coerce.number().int().min(0).default(64 * 1024 * 1024),
  /**
   * How often each instance reads the other instances' discover changes (the index is per process;
   * see src/domain/discoverIndex.ts). A single instance reads nothing new and costs nothing.
   */
  DISCOVER_SYNC_INTERVAL_MS: z.coerce.number().int().positive().default(2_000),
  /**
   * How often an instance persists its discover index while it changes, so a start reads the
   * snapshot instead of every character (src/domain/discoverSnapshot.ts); 0 never writes one.
   */
  DISCOVER_SNAPSHOT_INTERVAL_MS: z.coerce.number().int().min(0).default(5 * 60_000),
  /**
   * Seeds the starter cast at start (src/domain/starterCast/): the system creator's all-ages
   * characters a fresh install opens with. false leaves the catalog as its members made it.
   */
  SEED_STARTER_CAST: envBoolean.default(true),
});

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env) => parseConfig(catalogConfigSchema, env);
