import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { RateLimitSettings } from '../config';

export const RATE_LIMITED_MESSAGE = 'คำขอมากเกินไป กรุณาลองใหม่อีกครั้งในภายหลัง';

function limiter(options: {
  name: string;
  windowMs: number;
  limit: number;
  keyGenerator?: (req: Request) => string;
  skip?: (req: Request) => boolean;
}): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    // IETF draft 8: `RateLimit-Policy` and `RateLimit`, one named entry per limiter.
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: options.name,
    // At the edge a client may send X-Forwarded-For itself; it is ignored unless TRUST_PROXY says
    // the peer is a proxy, so its presence is not a misconfiguration worth an error log.
    validate: { xForwardedForHeader: false },
    ...(options.keyGenerator ? { keyGenerator: options.keyGenerator } : {}),
    ...(options.skip ? { skip: options.skip } : {}),
    handler: (_req, res) => {
      res.status(429).json({ message: RATE_LIMITED_MESSAGE });
    },
  });
}

/** Every request from one address (probes excluded, so a busy machine still reports health). */
export function perIpLimit(settings: RateLimitSettings): RequestHandler {
  return limiter({
    name: 'ip',
    windowMs: settings.windowMs,
    limit: settings.perIp,
    skip: (req) => req.path === '/healthz' || req.path === '/readyz',
  });
}

/** Sign-in and the development identity provider, per address: the cheapest place to guess. */
export function authLimit(settings: RateLimitSettings): RequestHandler {
  return limiter({ name: 'auth', windowMs: settings.windowMs, limit: settings.authPerIp });
}

/** Each signed-in member's API calls, wherever they come from (mount after the session check). */
export function perUserLimit(settings: RateLimitSettings): RequestHandler {
  return limiter({
    name: 'user',
    windowMs: settings.windowMs,
    limit: settings.perUser,
    keyGenerator: (req) => `user:${req.actor?.id ?? ''}`,
    skip: (req) => !req.actor,
  });
}
