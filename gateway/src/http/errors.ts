import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ERROR_CODES } from '@lakorn/contracts';
import { HttpError, type Logger } from '@lakorn/service-kit';

/** Anything no route answered: JSON like every other error (ARCHITECTURE §6). */
export const notFoundJson: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found', code: ERROR_CODES.notFound });
};

/** Errors as `{message, code}`; anything unexpected is logged and answered 500 without details. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof HttpError) {
      res.status(error.status).json({ message: error.message, ...(error.code ? { code: error.code } : {}) });
      return;
    }
    logger.error({ err: error, reqId: req.headers['x-request-id'] }, 'unhandled error');
    res.status(500).json({ message: 'Internal server error' });
  };
}

/**
 * Requests node's parser refuses before any route sees them (a URL or headers over 16 KB, a
 * malformed request line) are answered JSON like every other error, not with node's empty body.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify(
      tooLarge ? { message: 'Request headers too large', code: ERROR_CODES.validation } : { message: 'Bad request', code: ERROR_CODES.validation },
    );
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
