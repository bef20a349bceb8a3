import { CACHE, type PaymentSystemStatus } from '@lakorn/contracts/web';
import { mutate as apiMutate, useApi } from '@lakorn/shell-sdk';

/** GET /api/admin/payment-system (wallet README): the switch, and whether payments can really be taken. */
export const ADMIN_PAYMENT_SYSTEM_PATH = '/api/admin/payment-system';
/** The members' query (mf-wallet's top-up panel and payment page read it); forgotten after a change. */
export const PAYMENT_SYSTEM_STATUS_PATH = '/api/payment-system/status';

export interface AdminPaymentSystem {
  enabled: boolean;
  available: boolean;
  provider: 'stripe' | 'simulated' | null;
}

export function useAdminPaymentSystem() {
  return useApi<AdminPaymentSystem>(ADMIN_PAYMENT_SYSTEM_PATH, { maxAgeMs: CACHE.adminLists });
}

/** POST /api/admin/payment-system: body enabled (spec §7), and the acting user's uid (spec §6). */
export function setPaymentSystem(enabled: boolean, uid: string): Promise<PaymentSystemStatus> {
  return apiMutate<PaymentSystemStatus>('POST', ADMIN_PAYMENT_SYSTEM_PATH, { enabled, userId: uid });
}
