import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How much of a refused request's body the gateway reads off the wire before answering: twice the
 * largest cap (api/bodies.ts BODY_LIMITS.upload). Past it the answer goes out with
 * `Connection: close`, and a client still sending may see the connection close.
 */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/** Whether the request announces a body (a length above 0, or chunked). */
export function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * ARCHITECTURE §6, every failure is an answer the client reads: an answer given before the body
 * was read (a visitor's 401, a 403, a 404, a 429, a 413 announced by Content-Length) would let
 * node close the socket with the rest of the body unread, and the client, still sending, sees
 * EPIPE or ECONNRESET instead of it. So the end of such an answer waits until the body is read
 * and dropped, at most `limit` bytes of it; a body that was read (buffered for a service, or by
 * body-parser) or is being streamed ends the answer at once.
 */
export function answerAfterBody(req: IncomingMessage, res: ServerResponse, limit = DRAIN_LIMIT_BYTES): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    if (req.complete || req.readableEnded || req.destroyed || req.readableFlowing === true) return end(...args);
    let read = 0;
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      req.off('data', count);
      req.off('end', answer);
      req.off('close', answer);
      req.off('error', answer);
      end(...args);
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read <= limit) return;
      req.pause();
      if (!res.headersSent) res.setHeader('connection', 'close');
      answer();
    };
    req.on('data', count);
    req.once('end', answer);
    req.once('close', answer);
    req.once('error', answer);
    req.resume();
    return res;
  }) as ServerResponse['end'];
}
