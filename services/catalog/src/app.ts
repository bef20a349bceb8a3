import type { KeyObject } from 'node:crypto';
import type { Express } from 'express';
import { CHARACTER_BODY_LIMIT_BYTES } from '@lakorn/contracts';
import { createHttpApp, type Logger, type ReadinessCheck, type ServiceMetrics } from '@lakorn/service-kit';
import type { CharacterImages } from './domain/characterImages';
import type { CharacterStatsBook } from './domain/characterStats';
import type { Catalog } from './domain/characters';
import { characterRoutes } from './routes/characters';
import { imageRoutes } from './routes/images';
import { catalogErrors } from './routes/errors';
import type { Moderation } from './domain/moderation';
import { moderationRoutes } from './routes/moderation';
import { shareRoutes } from './routes/share';
import { statsRoutes } from './routes/stats';
import { uploadRoutes } from './routes/uploads';

export interface CatalogAppDeps {
  logger: Logger;
  sessionPublicKey: string | KeyObject;
  catalog: Catalog;
  images: CharacterImages;
  /** Reports and the admin's moderation (absent in harnesses that do not serve them). */
  moderation?: Moderation;
  /** Creator stats (GET /api/characters/{id}/stats); absent in harnesses that do not serve them. */
  stats?: Pick<CharacterStatsBook, 'of'>;
  readiness?: ReadinessCheck[];
  /** The runtime's metrics, served at /metrics (service-kit README "Metrics"). */
  metrics?: ServiceMetrics;
}

/** The catalog's express app (no listen): characters, likes, images and character cards. */
export function createApp(deps: CatalogAppDeps): Express {
  return createHttpApp({
    logger: deps.logger,
    sessionPublicKey: deps.sessionPublicKey,
    readiness: deps.readiness,
    metrics: deps.metrics,
    domainErrors: catalogErrors,
    // A character with a full lorebook; the gateway caps every other path far lower (bodies.ts).
    jsonLimit: `${CHARACTER_BODY_LIMIT_BYTES}b`,
    routers: [imageRoutes({ images: deps.images }), uploadRoutes({ images: deps.images }), characterRoutes({ catalog: deps.catalog }), shareRoutes({ catalog: deps.catalog }), ...(deps.stats ? [statsRoutes({ stats: deps.stats })] : []),
      ...(deps.moderation ? [moderationRoutes({ moderation: deps.moderation })] : [])],
  });
}
