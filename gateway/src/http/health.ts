import { Router } from 'express';
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

/**
 * GET /healthz: the gateway process answers. GET /readyz: every service answers its own /readyz
 * (its database and broker), so the gateway is ready only when the whole API is.
 */
export function healthRoutes(services: Record<ServiceName, string>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const entries = Object.entries(services) as Array<[ServiceName, string]>;
    const results = await Promise.all(entries.map(async ([name, url]) => [name, await isReady(url)] as const));
    const ok = results.every(([, ready]) => ready);
    res.setHeader('Cache-Control', 'no-store');
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', checks: Object.fromEntries(results) });
  });
  return router;
}
