import type { KeyObject } from 'node:crypto';
import type { Express } from 'express';
import { createHttpApp, type Logger, type ReadinessCheck, type ServiceMetrics } from '@lakorn/service-kit';
import { chatRoutes } from './routes/chats';
import { chatErrors } from './routes/errors';
import { historyRoutes } from './routes/history';
import { memoryRoutes } from './routes/memory';
import { messageRoutes } from './routes/messages';
import { personaRoutes } from './routes/personas';
import { ratingRoutes } from './routes/ratings';
import type { ChatService } from './service';

export interface ChatAppDeps {
  logger: Logger;
  sessionPublicKey: string | KeyObject;
  service: Pick<ChatService, 'chats' | 'sends' | 'personas' | 'catalog' | 'summaries' | 'pins' | 'answers' | 'history' | 'ratings'>;
  readiness?: ReadinessCheck[];
  /** The runtime's metrics, served at /metrics (service-kit README "Metrics"). */
  metrics?: ServiceMetrics;
  /** How often a quiet reply stream writes a comment (default contracts STREAM_PING_MS). */
  streamPingMs?: number;
}

/** The chat service's express app (no listen): rooms, messages, personas, memory. */
export function createApp({ logger, sessionPublicKey, service, readiness, metrics, streamPingMs }: ChatAppDeps): Express {
  return createHttpApp({
    logger,
    sessionPublicKey,
    readiness,
    metrics,
    routers: [
      chatRoutes({ chats: service.chats, catalog: service.catalog }),
      messageRoutes({ chats: service.chats, sends: service.sends, answers: service.answers, logger, streamPingMs }),
      personaRoutes({ personas: service.personas }),
      memoryRoutes({ summaries: service.summaries, pins: service.pins }),
      historyRoutes({ history: service.history }),
      ratingRoutes({ ratings: service.ratings }),
    ],
    domainErrors: chatErrors,
  });
}
