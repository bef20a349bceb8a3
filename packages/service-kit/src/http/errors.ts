import { ERROR_CODES } from '@lakorn/contracts';

/** An error a route turns into `{message, code}` with its status (ARCHITECTURE §6). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A body over the limit, at a service and at the gateway (413, `VALIDATION`): what the client
 * shows when the text it sent cannot be taken (ARCHITECTURE §6).
 */
export const BODY_TOO_LARGE_MESSAGE = 'ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป';

export const badRequest = (message: string, code: string = ERROR_CODES.validation) => new HttpError(400, message, code);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message, ERROR_CODES.unauthenticated);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message, ERROR_CODES.forbidden);
export const notFound = (message = 'Not found') => new HttpError(404, message, ERROR_CODES.notFound);
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);
export const paymentRequired = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(402, message, ERROR_CODES.notEnoughCoins, extra);
export const unavailable = (message = 'Service temporarily unavailable') =>
  new HttpError(503, message, ERROR_CODES.unavailable);
