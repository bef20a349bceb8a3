import http from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { ERROR_CODES } from '@lakorn/contracts';
import type { Logger } from '@lakorn/service-kit';
import type { ServiceName } from './routeTable';

const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];

/**
 * X-Forwarded-* sent by the client itself are dropped unless the peer is a trusted proxy (express
 * `trust proxy`): the services trust the gateway's forwarded headers, so a client must not be able
 * to choose the host or address they see.
 */
function dropUntrustedForwardedHeaders(req: Request): void {
  const trusted = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  if (trusted(req.socket.remoteAddress ?? '', 0)) return;
  for (const header of FORWARDED_HEADERS) delete req.headers[header];
}

export const UNAVAILABLE_BODY = { message: 'Service unavailable', code: ERROR_CODES.unavailable };

/**
 * One streaming proxy per service. Responses are piped as they arrive (chat replies stream as
 * server-sent events, ARCHITECTURE §7); the path, cookies and `x-request-id` pass unchanged, with
 * X-Forwarded-For/Proto/Port/Host added. A body the gateway had to buffer (readBody) is sent as
 * the original bytes. A service that cannot be reached answers 503 JSON (ARCHITECTURE §6).
 */
export function createServiceProxies(
  services: Record<ServiceName, string>,
  options: { logger: Logger; timeoutMs: number },
): Record<ServiceName, RequestHandler> {
  const entries = (Object.entries(services) as Array<[ServiceName, string]>).map(([service, target]) => {
    const proxy = createProxyMiddleware<Request, Response>({
      target,
      xfwd: true,
      // Connections to the services are reused instead of opened per request.
      agent: new http.Agent({ keepAlive: true }),
      proxyTimeout: options.timeoutMs,
      on: {
        proxyReq: (proxyReq, req, res) => {
          const body: unknown = req.body;
          // The stream was consumed by readBody; its Content-Length still describes these bytes.
          if (Buffer.isBuffer(body) && body.length > 0) proxyReq.write(body);
          // A client that leaves (closing an SSE reply) releases the upstream request too; http-proxy
          // alone relies on the deprecated 'aborted' event for this.
          res.on('close', () => {
            if (!res.writableFinished) proxyReq.destroy();
          });
        },
        error: (error, req, res) => {
          const code = (error as NodeJS.ErrnoException).code;
          options.logger.warn({ upstream: service, code, err: error.message, reqId: req.headers['x-request-id'] }, 'service unreachable');
          if (!('writeHead' in res)) {
            res.destroy();
            return;
          }
          if (res.headersSent) {
            // The reply had started: all that can be said now is that it ended early.
            res.destroy();
            return;
          }
          res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
          res.end(JSON.stringify(UNAVAILABLE_BODY));
        },
      },
    });
    const handler: RequestHandler = (req, res, next) => {
      dropUntrustedForwardedHeaders(req);
      void proxy(req, res, next);
    };
    return [service, handler] as const;
  });
  return Object.fromEntries(entries) as Record<ServiceName, RequestHandler>;
}
