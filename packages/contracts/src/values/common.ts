// Error codes the browser branches on, zod-free (they reach every bundle through ../web.ts).

/** Machine-readable error codes clients branch on. */
export const ERROR_CODES = {
  notEnoughCoins: 'NOT_ENOUGH_COINS',
  usernameTaken: 'USERNAME_TAKEN',
  paymentDisabled: 'PAYMENT_DISABLED',
  alreadyCheckedIn: 'ALREADY_CHECKED_IN',
  invalidPromo: 'INVALID_PROMO',
  validation: 'VALIDATION',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  unavailable: 'UNAVAILABLE',
  /** ARCHITECTURE §6: the gateway's 502, a service that died mid-answer. */
  upstreamFailed: 'UPSTREAM_FAILED',
  /** ARCHITECTURE §6: the gateway's 504, a service silent past the upstream limit. */
  upstreamTimeout: 'UPSTREAM_TIMEOUT',
  localOnly: 'LOCAL_ONLY',
} as const;
