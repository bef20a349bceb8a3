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
