import type { KeyObject } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response, type Router } from 'express';
import { ERROR_CODES } from '@lakorn/contracts';
import type { Logger } from '../logger';
import { sessionMiddleware } from '../auth/session';
import { DomainError } from '../domain/errors';
import { databaseUnreachable } from '../data/unreachable';
import { BODY_TOO_LARGE_MESSAGE, HttpError } from './errors';
import { createMetrics, metricsAccess, metricsEndpoint, type ServiceMetrics } from '../metrics/metrics';
import { exactGets } from './exactGets';
import { personalNoStore } from './noStore';
import { requestContext } from './requestLog';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<boolean> | boolean;
}

export interface HttpAppOptions {
  logger: Logger;
  /** Verifies session tokens on every request (sets req.actor). */
  sessionPublicKey: string | KeyObject;
  /** The service's routers, mounted at the root (their paths are the spec's full /api/... paths). */
  routers: Router[];
  readiness?: ReadinessCheck[];
  /** JSON body limit (the gateway caps bodies too). */
  jsonLimit?: string;
  /** Routes that need the raw body (webhooks) are mounted before the JSON parser. */
  rawRouters?: Router[];
  /** The service's one map from its domain errors to HTTP (`routes/errors.ts`). */
  domainErrors?: DomainErrorMap;
  /** The registry /metrics serves and requests are observed in (the runtime's); unset: the app's own. */
  metrics?: ServiceMetrics;
}

/** Maps a domain error to the HTTP answer the spec gives it; undefined when it is not one of ours. */
export type DomainErrorMap = (error: DomainError) => HttpError | undefined;

/**
 * The express app of a service: request ids, logs, JSON bodies, the session, health endpoints,
 * and errors as `{message, code}`. No listen and no globals, so supertest can drive it.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  // The gateway logs every API call at info (ARCHITECTURE §5: it is the one entry point); a
  // service's own line would repeat it, so it is debug unless the service failed.
  const metrics = options.metrics ?? createMetrics();
  app.use(requestContext(options.logger, (req, status) => {
    if (status >= 500) return 'warn';
    return req.path === '/healthz' || req.path === '/readyz' || req.path === '/metrics' ? null : 'debug';
  }, { metrics, scoped: true }));
  // The session cookie is read from the header by readSessionToken; no cookie parser is needed.
  app.use(sessionMiddleware(options.sessionPublicKey));
  app.use(personalNoStore);

  // One layer for the probes (exactGets says why not three routes).
  app.use(
    exactGets({
      '/healthz': (_req, res) => {
        res.json({ status: 'ok' });
      },
      '/metrics': [metricsAccess(metrics.accessToken), metricsEndpoint(metrics)],
      '/readyz': async (_req, res) => {
        const results = await Promise.all(
          (options.readiness ?? []).map(async (r) => [r.name, await Promise.resolve(r.check()).catch(() => false)] as const),
        );
        const ok = results.every(([, up]) => up);
        res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', checks: Object.fromEntries(results) });
      },
    }),
  );

  for (const router of options.rawRouters ?? []) app.use(router);
  app.use(express.json({ limit: options.jsonLimit ?? '100kb' }));
  for (const router of options.routers) app.use(router);

  app.use((_req: Request, res: Response) => {
    res.status(404).json({ message: 'Not found', code: ERROR_CODES.notFound });
  });
  app.use(errorHandler(options.logger, options.domainErrors));
  return app;
}

function errorHandler(logger: Logger, domainErrors: DomainErrorMap | undefined) {
  // Express recognises an error handler by its four parameters.
  return (thrown: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    const error = thrown instanceof DomainError ? (domainErrors?.(thrown) ?? thrown) : thrown;
    if (error instanceof HttpError) {
      res.status(error.status).json({ message: error.message, ...(error.code ? { code: error.code } : {}), ...error.extra });
      return;
    }
    const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // body-parser: malformed JSON (400) or a body over the limit (413).
      const message = status === 413 ? BODY_TOO_LARGE_MESSAGE : 'Invalid request body';
      res.status(status).json({ message, code: ERROR_CODES.validation });
      return;
    }
    if (databaseUnreachable(error)) {
      // Not a bug: the database is down or restarting (ARCHITECTURE §6: 503 while a dependency
      // cannot be reached); the client may try again.
      logger.warn({ err: (error as Error).message, reqId: req.headers['x-request-id'] }, 'database unreachable');
      res.status(503).json({ message: 'Service temporarily unavailable', code: ERROR_CODES.unavailable });
      return;
    }
    logger.error({ err: error, reqId: req.headers['x-request-id'] }, 'unhandled error');
    res.status(500).json({ message: 'Internal server error' });
  };
}
