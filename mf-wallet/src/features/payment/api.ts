import type { BalanceResponse, CompletePaymentResponse, PaymentCreated, PaymentStatusResponse } from '@lakorn/contracts/web';
import { ApiError, mutate, request } from '@lakorn/shell-sdk';

/** POST /api/payments/promptpay (spec §7): body userId, package. */
export function createPayment(userId: string, packageId: string): Promise<PaymentCreated> {
  return mutate<PaymentCreated>('POST', '/api/payments/promptpay', { userId, package: packageId });
}

/** spec §8: the server refused because the payment system is off. */
export function isPaymentDisabled(error: unknown): boolean {
  return error instanceof ApiError && error.data?.paymentDisabled === true;
}

/** GET /api/payments/status/{paymentIntentId}: one try per poll (spec §8: poll errors are only logged). */
export function fetchPaymentStatus(paymentIntentId: string): Promise<PaymentStatusResponse> {
  return request<PaymentStatusResponse>(`/api/payments/status/${encodeURIComponent(paymentIntentId)}`);
}

/** POST /api/payments/complete (spec §7): answers coinsAdded (the same on repeats). */
export function completePayment(paymentIntentId: string): Promise<CompletePaymentResponse> {
  return mutate<CompletePaymentResponse>('POST', '/api/payments/complete', { paymentIntentId });
}

/** The simulated provider's development-only "pay" (wallet README). */
export function simulatePayment(paymentIntentId: string): Promise<PaymentStatusResponse> {
  return mutate<PaymentStatusResponse>('POST', `/api/payments/simulate/${encodeURIComponent(paymentIntentId)}`);
}

export function fetchBalance(): Promise<BalanceResponse> {
  return request<BalanceResponse>('/api/coins/balance');
}
