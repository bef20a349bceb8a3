import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import { createMetrics, createSessionVerifier, exactGets, metricsAccess, metricsEndpoint, readSessionToken, type Logger, type ServiceMetrics } from '@lakorn/service-kit';
import { apiRoutes, imageRoutes } from './api/apiRoutes';
import { createServiceProxies } from './api/serviceProxy';
import type { GatewayConfig } from './config';
import { errorHandler, notFoundJson } from './http/errors';
import { answerLiveness, headersSetBy, isLivenessProbe, readiness } from './http/health';
import { perIpLimit } from './http/rateLimits';
import { requestContext } from './http/requestContext';
import { refuseUnknownHosts } from './http/servedHosts';
import { announcesBody, answerAfterBody } from './http/unreadBody';
import { firstScreens } from './web/firstScreen';
import { externalRemoteOrigins } from './web/remotes';
import { securityHeaders } from './web/securityHeaders';
import { sharePages } from './web/sharePage';
import { webRoutes } from './web/staticSite';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  /** Served at /metrics to this machine or with METRICS_TOKEN; unset: the app's own registry. */
  metrics?: ServiceMetrics;
}

/**
 * The one web entry point (ARCHITECTURE §1): serves the shell and the remotes and routes /api/* to
 * the services. A request handler for http.createServer (no listen and no globals, so supertest
 * drives it); the liveness probe is answered before the express app.
 */
export function createApp({ config, logger, metrics = createMetrics({ accessToken: config.metricsToken }) }: GatewayDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(requestContext(logger, metrics));
  const security = securityHeaders({ production: config.nodeEnv === 'production', remoteOrigins: externalRemoteOrigins(config.remotes) });
  app.use(security);
  // Only the hosts the gateway serves, before anything is answered (http/servedHosts.ts: DNS rebinding).
  app.use(refuseUnknownHosts({ publicUrl: config.publicUrl, allowedHosts: config.allowedHosts }));
  // The gateway's own metrics and readiness, before the rate limits (a scraper or a probe is no
  // visitor), from one layer (service-kit exactGets). No service's /metrics is reachable through
  // the gateway: the route table has no such path.
  app.use(exactGets({ '/metrics': [metricsAccess(metrics.accessToken), metricsEndpoint(metrics)], '/readyz': readiness(config.services) }));
  app.use(perIpLimit(config.rateLimits));

  const proxies = createServiceProxies(config.services, { logger, timeoutMs: config.upstreamTimeoutMs, streamIdleMs: config.streamIdleMs });
  app.use(imageRoutes(proxies));
  // /c/{id}: the shell's page with a character's link-preview meta (web/sharePage.ts).
  const shares = sharePages({ webRoot: config.webRoot, catalogUrl: config.services.catalog, publicUrl: config.publicUrl, ...config.shareCache, logger });
  app.use(
    apiRoutes({
      sessionPublicKey: config.sessionPublicKey,
      rateLimits: config.rateLimits,
      allowDevFromNetwork: config.allowDevFromNetwork,
      publicUrl: config.publicUrl,
      proxies,
      onShareChange: shares.forget,
    }),
  );
  app.use(shares.router);
  // A page load's session, verified as an API call's is: only a member's page load preloads a remote.
  const verifySession = createSessionVerifier(config.sessionPublicKey);
  app.use(
    webRoutes({
      webRoot: config.webRoot,
      remotes: config.remotes,
      signedIn: (req) => verifySession(readSessionToken(req)) !== null,
      firstScreen: firstScreens({ webRoot: config.webRoot, remotes: config.remotes, catalogUrl: config.services.catalog, logger, timeoutMs: config.firstScreenTimeoutMs }),
    }),
  );

  app.use(notFoundJson);
  app.use(errorHandler(logger));

  const liveHeaders = headersSetBy(security);
  return (req, res) => {
    // An answer given before the body was read waits for it (http/unreadBody.ts), so a client never sees a close instead.
    if (announcesBody(req)) answerAfterBody(req, res);
    if (isLivenessProbe(req)) answerLiveness(req, res, liveHeaders);
    else app(req, res);
  };
}
