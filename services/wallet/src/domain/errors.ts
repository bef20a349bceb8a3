import type { PaymentStatus } from '@lakorn/contracts';
import { DomainError } from '@lakorn/service-kit';

/** contracts QUOTAS: a member's failed promo redemptions in this window are used up (guessing). */
export class PromoAttemptsExceeded extends DomainError {}

// The wallet's refusals, named after the rule each guards (CONVENTIONS "Errors in a service").
// routes/errors.ts gives each its HTTP answer. The debit over the bus answers with results instead
// (domain/coinRequests.ts): chat branches on them.

/** spec §5: redemption takes an active code, matched case-insensitively; this text names none. */
export class PromoCodeUnknown extends DomainError {}

/** spec §5: a limited code is used at most maxUses times. */
export class PromoCodeUsedUp extends DomainError {}

/** spec §5: each member uses a code once. */
export class PromoCodeAlreadyUsed extends DomainError {}

/** A deleted member's wallet takes no movement until the account is re-created (README "A returning member"). */
export class WalletClosed extends DomainError {}

/** spec §5: promo codes are unique, case-insensitively. */
export class PromoCodeExists extends DomainError {}

/** No promo code has this id (the admin's edit or delete). */
export class PromoCodeNotFound extends DomainError {}

/** spec §5 payment page: coins come in four packages; anything else is no package. */
export class UnknownPackage extends DomainError {}

/** spec §8: the owner's switch is off, or nothing here can take money (production without Stripe). */
export class PaymentsDisabled extends DomainError {}

/** The payment does not exist or is someone else's: its existence is not the caller's business. */
export class PaymentNotFound extends DomainError {}

/** Coins are credited only for a payment that succeeded (ARCHITECTURE §8). */
export class PaymentNotSucceeded extends DomainError {
  constructor(readonly paymentStatus: PaymentStatus) {
    super();
  }
}

/** `/api/coins/purchase` never credits by itself: it needs a PromptPay payment. */
export class PurchaseNeedsPayment extends DomainError {}

/** `/api/coins/purchase` for a payment that has not succeeded. */
export class PurchaseNotPaid extends DomainError {
  constructor(readonly paymentStatus: PaymentStatus) {
    super();
  }
}

/** `/api/coins/purchase` names a package other than the one the payment bought. */
export class PaymentForAnotherPackage extends DomainError {}

/** ARCHITECTURE §8: the simulated bank is never offered in production. */
export class SimulationRefused extends DomainError {}

/** Only a payment made with the simulated provider can be paid by the simulated bank. */
export class PaymentNotSimulated extends DomainError {}

/** spec §9: a QR is paid within its hour or never. */
export class PaymentExpired extends DomainError {}
