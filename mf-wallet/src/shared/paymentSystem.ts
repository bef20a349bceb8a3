import { CACHE, type PaymentSystemStatus } from '@lakorn/contracts/web';
import { useApi } from '@lakorn/shell-sdk';

/** GET /api/payment-system/status (spec §7); mf-admin refreshes this SWR key after toggling. */
export const PAYMENT_SYSTEM_STATUS_PATH = '/api/payment-system/status';

/** spec §8: what a failed status fetch throws (screens show their own Thai text for it). */
export const PAYMENT_STATUS_FETCH_FAILED = 'Failed to fetch payment system status';

/** The payment switch, cached like the other settings (spec §9: 5 minutes). */
export function usePaymentSystemStatus() {
  return useApi<PaymentSystemStatus>(PAYMENT_SYSTEM_STATUS_PATH, { maxAgeMs: CACHE.settings, failureMessage: PAYMENT_STATUS_FETCH_FAILED });
}
