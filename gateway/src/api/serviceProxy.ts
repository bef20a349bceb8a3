import http from 'node:http';
import { pipeline } from 'node:stream';
import type { Request, RequestHandler } from 'express';
import { ERROR_CODES, STREAM_EVENTS } from '@lakorn/contracts';
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
 * ARCHITECTURE §6: what the gateway answers for a service's failure: 503 when it cannot be reached,
 * 504 past the upstream limit, 502 when it failed mid-answer. Each has a `code`; the chat screen
 * shows spec §8's send-failure text for all of them.
 */
type UpstreamFailure = 'unreachable' | 'timeout' | 'failed';
const FAILURES: Record<UpstreamFailure, { status: number; message: string; code: string }> = {
  unreachable: { status: 503, ...UNAVAILABLE_BODY },
  timeout: { status: 504, message: 'Service timed out', code: ERROR_CODES.upstreamTimeout },
  failed: { status: 502, message: 'Service failed', code: ERROR_CODES.upstreamFailed },
};

/** Connection errors that mean the request never reached the service. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function failureOf(error: NodeJS.ErrnoException): UpstreamFailure {
  if (error.code === 'ETIMEDOUT') return 'timeout';
  return UNREACHABLE.has(error.code ?? '') ? 'unreachable' : 'failed';
}

const isEventStream = (headers: http.IncomingHttpHeaders) => (headers['content-type'] ?? '').startsWith('text/event-stream');

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
 * original bytes. Failures answer as FAILURES says; an event stream whose upstream fails, or stays
 * silent for `streamIdleMs`, ends with an `error` event instead of hanging (ARCHITECTURE §6); any
 * other answer that fails after its headers ends early. A client that leaves ends the upstream request.
 */
export function createServiceProxies(
  services: Record<ServiceName, string>,
  options: { logger: Logger; timeoutMs: number; streamIdleMs: number },
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

      const fail = (failure: UpstreamFailure, reason: string) => {
        if (res.writableEnded || res.destroyed) return;
        options.logger.warn({ upstream: service, reason, reqId: req.headers['x-request-id'] }, `service ${failure}`);
        const { status, message, code } = FAILURES[failure];
        if (!res.headersSent) {
          res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
          res.end(JSON.stringify({ message, code }));
        } else if (isEventStream(res.getHeaders() as http.IncomingHttpHeaders)) {
          // The same shape as chat's own failure event (contracts StreamError), so the client
          // settles the send instead of waiting on typing dots.
          res.end(`event: ${STREAM_EVENTS.error}\ndata: ${JSON.stringify({ message, code, status })}\n\n`);
        } else {
          // A JSON or file answer had started: all that can be said now is that it ended early.
          res.destroy();
        }
      };

      proxyReq.on('response', (answer) => {
        const out: http.OutgoingHttpHeaders = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete out[name];
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
        // Headers go out at once: an event stream's client sees them before the first event.
        if (!answer.headers['content-length']) res.flushHeaders();
        if (isEventStream(answer.headers)) {
          let idle: NodeJS.Timeout | undefined;
          const stop = () => clearTimeout(idle);
          const watch = () => {
            stop();
            idle = setTimeout(() => {
              fail('timeout', `event stream silent for ${options.streamIdleMs} ms`);
              proxyReq.destroy();
            }, options.streamIdleMs);
          };
          watch();
          answer.on('data', (chunk: Buffer) => {
            watch();
            if (!res.writableEnded) res.write(chunk);
          });
          answer.on('end', () => {
            stop();
            if (!res.writableEnded) res.end();
          });
          // The service closed the stream without finishing it (it died mid-reply).
          answer.on('error', (error) => fail('failed', error.message));
          answer.on('close', () => {
            stop();
            if (!answer.complete) fail('failed', 'event stream cut');
          });
          res.on('close', stop);
          return;
        }
        pipeline(answer, res, (error) => {
          if (error && !res.destroyed) res.destroy();
        });
      });

      proxyReq.on('error', (error: NodeJS.ErrnoException) => fail(failureOf(error), error.code ?? error.message));

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
