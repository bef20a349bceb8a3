import type { Request, RequestHandler } from 'express';
import { ABUSE_MESSAGES, ERROR_CODES } from '@lakorn/contracts';
import { HttpError } from '@lakorn/service-kit';
import { isSameSiteOnly } from './routeTable';

/** `scheme://host[:port]` of a URL, as a browser writes it in `Origin`; undefined if it is none. */
function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses (403) a state-changing request whose `Origin` names another site (routeTable
 * SAME_SITE_ONLY_METHODS). The site's own origins are the one the request was addressed to
 * (scheme as `trust proxy` reads it, and Host) and `publicUrl`'s, where users reach the gateway
 * behind a proxy. `Origin: null` (a sandboxed frame, a privacy redirect) is another site.
 */
export function refuseCrossSite(publicUrl: string | undefined): RequestHandler {
  const publicOrigin = publicUrl === undefined ? undefined : originOf(publicUrl);
  const ownOrigin = (req: Request) => originOf(`${req.protocol}://${req.get('host') ?? ''}`);
  return (req, _res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined || !isSameSiteOnly(req.method)) return next();
    const sent = originOf(origin);
    if (sent !== undefined && (sent === publicOrigin || sent === ownOrigin(req))) return next();
    next(new HttpError(403, ABUSE_MESSAGES.crossSite, ERROR_CODES.forbidden));
  };
}
