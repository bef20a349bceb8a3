import http from 'node:http';
import { pipeline } from 'node:stream';
import type { Request, RequestHandler } from 'express';
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

/** Headers of one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

/** Appends this hop to X-Forwarded-For/Proto/Port and keeps the first X-Forwarded-Host. */
function forwardedHeaders(req: Request, headers: http.OutgoingHttpHeaders): void {
  const append = (name: string, value: string) => {
    const earlier = req.headers[name];
    headers[name] = earlier ? `${String(earlier)},${value}` : value;
  };
  const encrypted = Boolean((req.socket as { encrypted?: boolean }).encrypted);
  append('x-forwarded-for', req.socket.remoteAddress ?? '');
  // The port the client addressed: the Host header's, else the scheme's default.
  append('x-forwarded-port', /:(\d+)$/.exec(req.headers.host ?? '')?.[1] ?? (encrypted ? '443' : '80'));
  append('x-forwarded-proto', encrypted ? 'https' : 'http');
  headers['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? req.headers.host ?? '';
}

/**
 * One streaming proxy per service, on node:http alone (a proxy library cost more per request than
 * the forwarding itself, bench/gateway). Responses are piped as they arrive (chat replies stream as
 * server-sent events, ARCHITECTURE §7); the path, cookies and `x-request-id` pass unchanged, with
 * X-Forwarded-For/Proto/Port/Host added. A body the gateway had to buffer (readBody) is sent as the
 * original bytes. A service that cannot be reached answers 503 JSON (ARCHITECTURE §6); one that
 * fails mid-answer ends the response early; a client that leaves ends the upstream request.
 */
export function createServiceProxies(
  services: Record<ServiceName, string>,
  options: { logger: Logger; timeoutMs: number },
): Record<ServiceName, RequestHandler> {
  const entries = (Object.entries(services) as Array<[ServiceName, string]>).map(([service, target]) => {
    const upstream = new URL(target);
    // Connections to the services are reused instead of opened per request.
    const agent = new http.Agent({ keepAlive: true });

    const handler: RequestHandler = (req, res) => {
      dropUntrustedForwardedHeaders(req);
      const headers: http.OutgoingHttpHeaders = { ...req.headers };
      for (const name of HOP_BY_HOP) delete headers[name];
      forwardedHeaders(req, headers);
      const body: unknown = req.body;
      const buffered = Buffer.isBuffer(body);
      // The bytes readBody buffered (a chunked upload included) go out with their exact length.
      if (buffered) headers['content-length'] = String(body.length);

      const proxyReq = http.request({
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.originalUrl,
        headers,
        agent,
      });
      proxyReq.setTimeout(options.timeoutMs, () => proxyReq.destroy(Object.assign(new Error('upstream timed out'), { code: 'ETIMEDOUT' })));

      proxyReq.on('response', (answer) => {
        const out: http.OutgoingHttpHeaders = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete out[name];
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
        // Headers go out at once: an event stream's client sees them before the first event.
        if (!answer.headers['content-length']) res.flushHeaders();
        pipeline(answer, res, (error) => {
          if (error && !res.destroyed) res.destroy();
        });
      });

      proxyReq.on('error', (error: NodeJS.ErrnoException) => {
        if (res.writableFinished) return;
        options.logger.warn({ upstream: service, code: error.code, err: error.message, reqId: req.headers['x-request-id'] }, 'service unreachable');
        if (res.headersSent) {
          // The reply had started: all that can be said now is that it ended early.
          res.destroy();
          return;
        }
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify(UNAVAILABLE_BODY));
      });

      // A client that leaves (closing an SSE reply) releases the upstream request too.
      res.on('close', () => {
        if (!res.writableFinished) proxyReq.destroy();
      });

      if (buffered) proxyReq.end(body);
      else req.pipe(proxyReq);
    };
    return [service, handler] as const;
  });
  return Object.fromEntries(entries) as Record<ServiceName, RequestHandler>;
}
