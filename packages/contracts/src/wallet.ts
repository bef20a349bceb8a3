import { z } from 'zod';
import { ActorRef, Id, QueryInt } from './common';
import { COIN_PACKAGES, PROMO, PROMO_TYPES, type CoinPackageId } from './constants';
import { REGISTRATION_BONUS_MAX } from './values/wallet';

// Bodies and responses of the wallet's HTTP API (spec §3 "Coins", §7 "Coins and payments" and the
// promo / registration-bonus / payment-switch admin calls). The wallet's README lists every route.

/** Error codes a wallet client branches on (besides common.ts ERROR_CODES). */
export const WALLET_ERROR_CODES = {
  invalidPackage: 'INVALID_PACKAGE',
  paymentNotSucceeded: 'PAYMENT_NOT_SUCCEEDED',
  paymentExpired: 'PAYMENT_EXPIRED',
  paymentRequired: 'PAYMENT_REQUIRED',
  promoExists: 'PROMO_EXISTS',
  simulationRefused: 'SIMULATION_REFUSED',
  /** services/wallet README "A returning member": the account was deleted; nothing moves until it is re-created. */
  walletClosed: 'WALLET_CLOSED',
} as const;

export { INVALID_PROMO_MESSAGE, PROMO_ALREADY_USED_MESSAGE, REGISTRATION_BONUS_MAX, WALLET_CLOSED_MESSAGE } from './values/wallet';
/** spec §5 payment page: an unknown package key. */
export const INVALID_PACKAGE_MESSAGE = 'Invalid package selection';
/** spec §5 promo creation: the code's character rule. */
export const PROMO_CODE_CHARSET_MESSAGE = 'Code must contain only letters and numbers';

// ---------------------------------------------------------------------------------------------
// Ledger views

/** spec §3 coin transaction: amount is signed (credits positive, debits negative). */
export const CoinTransaction = z.object({
  id: z.string(),
  createdAt: z.string(),
  description: z.string(),
  amount: z.number().int(),
});
export type CoinTransaction = z.infer<typeof CoinTransaction>;

/** GET /api/coins/transactions/{userId}: newest first; `before` pages back by ledger sequence. */
export const TransactionsQuery = z.object({
  limit: QueryInt(1, 500).default(100),
  before: QueryInt(1, Number.MAX_SAFE_INTEGER).optional(),
});
export type TransactionsQuery = z.infer<typeof TransactionsQuery>;

/** GET /api/coins/balance: the ledger's head for the signed-in user (extension). */
export const BalanceResponse = z.object({ balance: z.number().int().min(0), seq: z.number().int().min(0) });
export type BalanceResponse = z.infer<typeof BalanceResponse>;

// ---------------------------------------------------------------------------------------------
// Promo codes (spec §3, §5, §7)

export const PromoCodeText = z
  .string()
  .trim()
  .min(PROMO.codeMinLength, `Code must be ${PROMO.codeMinLength}-${PROMO.codeMaxLength} characters`)
  .max(PROMO.codeMaxLength, `Code must be ${PROMO.codeMinLength}-${PROMO.codeMaxLength} characters`)
  .regex(/^[A-Za-z0-9]+$/, PROMO_CODE_CHARSET_MESSAGE);

export const PromoCode = z.object({
  id: z.string(),
  code: z.string(),
  coins: z.number().int(),
  type: z.enum(PROMO_TYPES),
  /** null for unlimited codes. */
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type PromoCode = z.infer<typeof PromoCode>;

/**
 * POST /api/admin/promo-codes. `code` is optional: empty (or generateRandom) means a random
 * letters-and-digits code. maxUses counts only for limited codes (default 10).
 */
export const CreatePromoCodeBody = z
  .object({
    userId: ActorRef,
    uid: ActorRef,
    code: z.string().trim().max(100).optional().default(''),
    coins: z.number().int().min(PROMO.coinsMin).max(PROMO.coinsMax).default(PROMO.defaultCoins),
    type: z.enum(PROMO_TYPES).default(PROMO.defaultType),
    maxUses: z.number().int().min(PROMO.maxUsesMin).max(1_000_000).nullable().optional(),
    generateRandom: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.generateRandom || body.code === '') return;
    const checked = PromoCodeText.safeParse(body.code);
    if (!checked.success) ctx.addIssue({ code: 'custom', path: ['code'], message: checked.error.issues[0]?.message ?? 'Invalid code' });
  });
export type CreatePromoCodeBody = z.infer<typeof CreatePromoCodeBody>;

/** PUT /api/admin/promo-codes/{id}. */
export const UpdatePromoCodeBody = z.object({ userId: ActorRef, uid: ActorRef, isActive: z.boolean() });
export type UpdatePromoCodeBody = z.infer<typeof UpdatePromoCodeBody>;

/** ?userId= on the admin list and delete calls (spec §7). */
export const AdminActorQuery = z.object({ userId: ActorRef, uid: ActorRef });

/** POST /api/coins/redeem. */
export const RedeemBody = z.object({ userId: ActorRef, uid: ActorRef, code: z.string().trim().max(100) });
export type RedeemBody = z.infer<typeof RedeemBody>;
export const RedeemResponse = z.object({ coins: z.number().int(), balance: z.number().int() });
export type RedeemResponse = z.infer<typeof RedeemResponse>;

// ---------------------------------------------------------------------------------------------
// Settings: registration bonus and payment switch (owner only to change)

export const RegistrationBonus = z.object({ coins: z.number().int().min(0) });
export type RegistrationBonus = z.infer<typeof RegistrationBonus>;
export const RegistrationBonusBody = z.object({
  userId: ActorRef,
  uid: ActorRef,
  coins: z.number().int().min(0).max(REGISTRATION_BONUS_MAX),
});

export const PaymentSystemStatus = z.object({ enabled: z.boolean() });
export type PaymentSystemStatus = z.infer<typeof PaymentSystemStatus>;
export const PaymentSystemBody = z.object({ userId: ActorRef, uid: ActorRef, enabled: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Payments (spec §3 payment responses, §4 payment status, ARCHITECTURE §8)

/** A package key of spec §9 (small, medium, large, xl); anything else is 'Invalid package selection'. */
export const CoinPackageKey = z.custom<CoinPackageId>((v) => typeof v === 'string' && Object.hasOwn(COIN_PACKAGES, v), {
  message: INVALID_PACKAGE_MESSAGE,
});

/** A package key as the client sends it: a string (CoinPackageKey, in the wallet, tells an unknown one). */
const PackageName = z.string().max(100);

export const CreatePaymentBody = z.object({ userId: ActorRef, uid: ActorRef, package: PackageName });

/** What the page shows as the QR: inline SVG (simulated) or the provider's image URLs (Stripe). */
export const PaymentQr = z.object({
  svg: z.string().optional(),
  imageUrlSvg: z.string().optional(),
  imageUrlPng: z.string().optional(),
});
export type PaymentQr = z.infer<typeof PaymentQr>;

export const PAYMENT_PROVIDERS = ['stripe', 'simulated'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

/**
 * The page's view of a payment: `pending` waits for the transfer, `processing` is the bank
 * confirming, `succeeded` is paid and credited, `expired` passed its hour unpaid (spec §9),
 * `failed` was refused by the bank (or did not match its order), `refunded` was paid after the
 * account was deleted, so the money went back instead of coins (services/wallet README "A
 * returning member").
 */
export const PAYMENT_STATUSES = ['pending', 'processing', 'succeeded', 'expired', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PaymentCreated = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string().nullable(),
  paymentDisabled: z.literal(false),
  provider: z.enum(PAYMENT_PROVIDERS),
  package: z.object({ id: z.string(), coins: z.number().int(), priceThb: z.number() }),
  amountThb: z.number(),
  currency: z.literal('thb'),
  expiresAt: z.string(),
  qr: PaymentQr,
  /** True when this payment offers the development "simulate payment" action. */
  simulateAvailable: z.boolean(),
});
export type PaymentCreated = z.infer<typeof PaymentCreated>;

export const PaymentStatusResponse = z.object({
  status: z.enum(PAYMENT_STATUSES),
  succeeded: z.boolean(),
  expiresAt: z.string(),
});
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponse>;

export const CompletePaymentBody = z.object({ userId: ActorRef, uid: ActorRef, paymentIntentId: Id });
export const CompletePaymentResponse = z.object({ coinsAdded: z.number().int() });
export type CompletePaymentResponse = z.infer<typeof CompletePaymentResponse>;

/** POST /api/coins/purchase: only ever answers for a settled PromptPay payment. */
export const PurchaseBody = z.object({ userId: ActorRef, uid: ActorRef, package: PackageName, paymentIntentId: Id.optional() });
export const PurchaseResponse = z.object({
  purchase: z.object({ coins: z.number().int(), package: z.string(), paymentIntentId: z.string() }),
});
export type PurchaseResponse = z.infer<typeof PurchaseResponse>;
