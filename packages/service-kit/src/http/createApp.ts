import { createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import cookieParser from 'cookie-parser';
import express, { type Express, type NextFunction, type Request, type Response, type Router } from 'express';
import { pinoHttp } from 'pino-http';
import { ERROR_CODES } from '@lakorn/contracts';
import type { Logger } from '../logger';
import { sessionMiddleware } from '../auth/session';
import { HttpError } from './errors';

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
}

/**
 * The express app of a service: request ids, logs, JSON bodies, the session, health endpoints,
 * and errors as `{message, code}`. No listen and no globals, so supertest can drive it.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('x-request-id', id);
    next();
  });
  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId: (req) => String(req.headers['x-request-id']),
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(cookieParser());
  // Parse the PEM once: re-parsing it for every token check is the costliest step of a request.
  const publicKey = typeof options.sessionPublicKey === 'string' ? createPublicKey(options.sessionPublicKey) : options.sessionPublicKey;
  app.use(sessionMiddleware(publicKey));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      (options.readiness ?? []).map(async (r) => [r.name, await Promise.resolve(r.check()).catch(() => false)] as const),
    );
    const ok = results.every(([, up]) => up);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', checks: Object.fromEntries(results) });
  });

  for (const router of options.rawRouters ?? []) app.use(router);
  app.use(express.json({ limit: options.jsonLimit ?? '100kb' }));
  for (const router of options.routers) app.use(router);

  app.use((_req: Request, res: Response) => {
    res.status(404).json({ message: 'Not found', code: ERROR_CODES.notFound });
  });
  app.use(errorHandler(options.logger));
  return app;
}

function errorHandler(logger: Logger) {
  // Express recognises an error handler by its four parameters.
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (error instanceof HttpError) {
      res.status(error.status).json({ message: error.message, ...(error.code ? { code: error.code } : {}), ...error.extra });
      return;
    }
    const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // body-parser: malformed JSON (400) or a body over the limit (413).
      const message = status === 413 ? 'Request body too large' : 'Invalid request body';
      res.status(status).json({ message, code: ERROR_CODES.validation });
      return;
    }
    logger.error({ err: error, reqId: req.headers['x-request-id'] }, 'unhandled error');
    res.status(500).json({ message: 'Internal server error' });
  };
}
