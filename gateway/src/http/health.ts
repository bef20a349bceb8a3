import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { ServiceName } from '../api/routeTable';

/** How long one service may take to answer its readiness probe. */
const PROBE_TIMEOUT_MS = 2_000;

async function isReady(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

const LIVE_BODY = JSON.stringify({ status: 'ok' });

/** GET or HEAD /healthz: the liveness probe, which load balancers and the runner ask every few seconds. */
export function isLivenessProbe(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return req.url === '/healthz' || (req.url?.startsWith('/healthz?') ?? false);
}

/**
 * The headers a middleware sets on every response, recorded once by running it against a stand-in
 * response: the security headers do not depend on the request, so the liveness answer carries the
 * same ones without running the middleware each time.
 */
export function headersSetBy(middleware: RequestHandler): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = value;
      return recorder;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
    locals: {},
  };
  let called = false;
  void middleware({ headers: {}, method: 'GET', url: '/healthz' } as never, recorder as never, () => {
    called = true;
  });
  if (!called) throw new Error('the header middleware did not finish synchronously');
  return headers;
}

/**
 * GET /healthz answered before the express app (the gateway process is up): the cheapest answer
 * the gateway gives, with its security headers (bench/gateway measures it against bare Node).
 */
export function answerLiveness(req: IncomingMessage, res: ServerResponse, headers: OutgoingHttpHeaders): void {
  res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(LIVE_BODY) });
  res.end(req.method === 'HEAD' ? undefined : LIVE_BODY);
}

/**
 * GET /readyz: every service answers its own /readyz (its database and broker), so the gateway
 * is ready only when the whole API is. (/healthz is answered before the app: answerLiveness.)
 */
export function readiness(services: Record<ServiceName, string>): RequestHandler {
  return async (_req, res) => {
    const entries = Object.entries(services) as Array<[ServiceName, string]>;
    const results = await Promise.all(entries.map(async ([name, url]) => [name, await isReady(url)] as const));
    const ok = results.every(([, ready]) => ready);
    res.setHeader('Cache-Control', 'no-store');
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', checks: Object.fromEntries(results) });
  };
}
