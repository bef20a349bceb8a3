import {
  ABUSE_MESSAGES,
  ERROR_CODES,
  INVALID_PACKAGE_MESSAGE,
  INVALID_PROMO_MESSAGE,
  PROMO_ALREADY_USED_MESSAGE,
  WALLET_CLOSED_MESSAGE,
  WALLET_ERROR_CODES,
} from '@lakorn/contracts';
import { badRequest, conflict, HttpError, notFound, type DomainError, type DomainErrorMap } from '@lakorn/service-kit';
import * as refused from '../domain/errors';

/** The message behind spec §8 "payment system disabled"; the page shows its own Thai text. */
export const PAYMENT_DISABLED_MESSAGE = 'The payment system is not open yet. Please contact us through our social media pages.';

type ErrorClass<E extends DomainError> = abstract new (...args: never[]) => E;
type Answer = { type: ErrorClass<DomainError>; answer: (error: DomainError) => HttpError };

const when = <E extends DomainError>(type: ErrorClass<E>, answer: (error: E) => HttpError): Answer => ({
  type,
  answer: (error) => answer(error as E),
});

// spec §8: the client turns exactly this message into 'โค้ดไม่ถูกต้องหรือหมดอายุแล้ว', whatever
// the reason, so a member learns nothing about codes that are not theirs to use. A code they used
// themselves is told apart (409, as a second check-in is): that reveals only their own redemption.
const invalidPromo = () => badRequest(INVALID_PROMO_MESSAGE, ERROR_CODES.invalidPromo);
const notSucceeded = (status: number) => (error: refused.PaymentNotSucceeded | refused.PurchaseNotPaid) =>
  new HttpError(status, 'Payment has not succeeded', WALLET_ERROR_CODES.paymentNotSucceeded, { paymentStatus: error.paymentStatus });

/** The wallet's one map from its domain errors to HTTP (README "HTTP API"). */
const ANSWERS: Answer[] = [
  when(refused.PromoAttemptsExceeded, () => new HttpError(429, ABUSE_MESSAGES.promoAttempts, ERROR_CODES.quota)),
  when(refused.PromoCodeUnknown, invalidPromo),
  when(refused.PromoCodeUsedUp, invalidPromo),
  when(refused.PromoCodeAlreadyUsed, () => conflict(PROMO_ALREADY_USED_MESSAGE, ERROR_CODES.promoAlreadyUsed)),
  when(refused.WalletClosed, () => conflict(WALLET_CLOSED_MESSAGE, WALLET_ERROR_CODES.walletClosed)),
  when(refused.PromoCodeExists, () => conflict('Promo code already exists', WALLET_ERROR_CODES.promoExists)),
  when(refused.PromoCodeNotFound, () => notFound('Promo code not found')),
  when(refused.UnknownPackage, () => badRequest(INVALID_PACKAGE_MESSAGE, WALLET_ERROR_CODES.invalidPackage)),
  when(refused.PaymentsDisabled, () => new HttpError(403, PAYMENT_DISABLED_MESSAGE, ERROR_CODES.paymentDisabled, { paymentDisabled: true })),
  when(refused.PaymentNotFound, () => notFound('Payment not found')),
  when(refused.PaymentNotSucceeded, notSucceeded(409)),
  // `/api/coins/purchase` answers an unpaid payment with 402 (README "HTTP API"), `/complete` with 409.
  when(refused.PurchaseNotPaid, notSucceeded(402)),
  when(refused.PurchaseNeedsPayment, () => new HttpError(402, 'Coins are bought with a PromptPay payment: POST /api/payments/promptpay', WALLET_ERROR_CODES.paymentRequired)),
  when(refused.PaymentForAnotherPackage, () => conflict('This payment was for another package')),
  when(refused.SimulationRefused, () => new HttpError(403, 'Simulated payments are refused in production', WALLET_ERROR_CODES.simulationRefused)),
  when(refused.PaymentNotSimulated, () => conflict('This payment is not made with the simulated provider')),
  when(refused.PaymentExpired, () => new HttpError(410, 'This QR code has expired', WALLET_ERROR_CODES.paymentExpired)),
];

export const walletErrors: DomainErrorMap = (error) => ANSWERS.find(({ type }) => error instanceof type)?.answer(error);
