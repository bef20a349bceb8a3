import {
  COIN_PACKAGES,
  CoinPackageKey,
  TIMERS,
  type CoinPackageId,
  type PaymentCreated,
  type PaymentStatus,
  type PaymentStatusResponse,
  type PurchaseResponse,
} from '@lakorn/contracts';
import type { Logger } from '@lakorn/service-kit';
import type { PaymentDoc } from '../data/models';
import { FINAL_PAYMENT_STATUSES, type PaymentStore } from '../data/paymentStore';
import {
  PaymentExpired,
  PaymentForAnotherPackage,
  PaymentNotFound,
  PaymentNotSimulated,
  PaymentNotSucceeded,
  PaymentsDisabled,
  PurchaseNeedsPayment,
  PurchaseNotPaid,
  SimulationRefused,
  UnknownPackage,
  WalletClosed,
} from './errors';
import type { Ledger } from './ledger';
import type { Settings } from './settings';
import { isSimulated, type PaymentProvider, type ProviderIntent } from './providers/types';

// PromptPay payments (ARCHITECTURE §8, spec §2 payment page, §4 payment status). Prices and coins
// live here, never in a request. Every way a payment can end (webhook, /complete, the page's
// status poll, the expiry sweeper, the simulated pay) goes through settle(), which asks the
// provider for the intent, checks it against the order and credits at most once: the ledger's
// unique opId payment:<id> decides.

export const PURCHASE_DESCRIPTION = 'ซื้อเหรียญ';

export const paymentOpId = (paymentId: string) => `payment:${paymentId}`;

/** spec §5 payment page: one of the four packages' keys, else UnknownPackage. */
export function packageOf(value: unknown): CoinPackageId {
  const parsed = CoinPackageKey.safeParse(value);
  if (!parsed.success) throw new UnknownPackage();
  return parsed.data;
}

export interface Payments {
  /** The owner's switch, and a provider that can take money here. */
  enabled(): Promise<boolean>;
  /** Throws PaymentsDisabled, or WalletClosed for a deleted account. */
  create(payer: { id: string; email: string }, packageId: CoinPackageId): Promise<PaymentCreated>;
  /** The payer's view of their payment, settled from the provider; throws PaymentNotFound. */
  status(userId: string, paymentId: string): Promise<PaymentStatusResponse>;
  /** The coins the payment added (credited once); throws PaymentNotFound or PaymentNotSucceeded. */
  complete(userId: string, paymentId: string): Promise<{ coinsAdded: number }>;
  /**
   * `/api/coins/purchase`: like complete, for a payment of that package; throws
   * PurchaseNeedsPayment (no payment named), PaymentNotFound, PurchaseNotPaid or PaymentForAnotherPackage.
   */
  purchase(userId: string, packageId: CoinPackageId, paymentId: string | undefined): Promise<PurchaseResponse['purchase']>;
  /** Development only: the simulated bank pays the QR; throws SimulationRefused, PaymentNotFound, PaymentNotSimulated or PaymentExpired. */
  simulate(userId: string, paymentId: string): Promise<PaymentStatusResponse>;
  /** A provider's notice that an intent changed (the Stripe webhook): settle it from the source. */
  settleIntent(intentId: string): Promise<PaymentStatus | 'unknown'>;
  /** Expires every unpaid QR past its hour; answers how many were settled. */
  sweepExpired(): Promise<number>;
}

export interface PaymentsDeps {
  store: PaymentStore;
  ledger: Ledger;
  settings: Settings;
  /** null: no provider may take money here (production without Stripe). */
  provider: PaymentProvider | null;
  /** The simulated bank's "pay" (ARCHITECTURE §8: false in production, whatever the provider). */
  allowSimulation: boolean;
  logger: Logger;
  now?: () => Date;
}

export function createPayments(deps: PaymentsDeps): Payments {
  const { store, ledger, settings, provider, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const log = logger.child({ component: 'payments' });

  function view(payment: PaymentDoc, status: PaymentStatus): PaymentStatusResponse {
    return { status, succeeded: status === 'succeeded', expiresAt: payment.expiresAt.toISOString() };
  }

  /** The intent must be the order we made: same amount, currency, payer and package. */
  function matchesOrder(intent: ProviderIntent, payment: PaymentDoc): boolean {
    return (
      intent.id === payment._id &&
      intent.amount === payment.amountSatang &&
      intent.currency.toLowerCase() === payment.currency &&
      intent.metadata.userId === payment.userId &&
      intent.metadata.package === payment.package
    );
  }

  async function record(payment: PaymentDoc, status: PaymentStatus): Promise<PaymentStatus> {
    if (payment.status !== status) await store.setStatus(payment._id, status, now());
    return status;
  }

  async function credit(payment: PaymentDoc, provider: PaymentProvider): Promise<PaymentStatus> {
    const result = await ledger.apply({
      userId: payment.userId,
      opId: paymentOpId(payment._id),
      kind: 'credit',
      amount: payment.coins,
      description: `${PURCHASE_DESCRIPTION} ${payment.coins.toLocaleString('en-US')} เหรียญ`,
      ref: payment._id,
    });
    if (result.status === 'insufficient') throw new Error('unreachable: a credit never lacks coins');
    if (result.status === 'closed') {
      // README "A returning member": money for coins that cannot be credited goes back, never kept.
      await provider.refundIntent(payment._id);
      log.warn({ paymentId: payment._id, userId: payment.userId }, 'paid after the account was deleted; refunded');
      return record(payment, 'refunded');
    }
    if (!result.replayed) log.info({ paymentId: payment._id, userId: payment.userId, coins: payment.coins }, 'payment settled');
    return record(payment, 'succeeded');
  }

  async function settle(payment: PaymentDoc): Promise<PaymentStatus> {
    // succeeded is recorded only after the credit, so it needs nothing more; expired and failed
    // intents can never be paid.
    if (FINAL_PAYMENT_STATUSES.includes(payment.status)) return payment.status;
    if (!provider || provider.kind !== payment.provider) {
      // The provider it was made with is no longer configured: nothing can confirm it here.
      return payment.status;
    }

    let intent = await provider.retrieveIntent(payment._id);
    if (!matchesOrder(intent, payment)) {
      log.error({ paymentId: payment._id, amount: intent.amount, currency: intent.currency, metadata: intent.metadata }, 'payment intent does not match its order; not credited');
      return record(payment, 'failed');
    }
    // spec §9: the QR lasts one hour, enforced here: an unpaid intent past it is cancelled, so it
    // can no longer be paid. If the payer got there first, the cancel answers it paid.
    if (intent.status !== 'succeeded' && intent.status !== 'canceled' && now() >= payment.expiresAt) {
      intent = await provider.cancelIntent(payment._id);
    }
    switch (intent.status) {
      case 'succeeded':
        return credit(payment, provider);
      case 'canceled':
        return record(payment, 'expired');
      case 'requires_payment_method':
        // PromptPay: the bank refused the transfer and the QR is spent.
        return record(payment, 'failed');
      case 'processing':
        return record(payment, 'processing');
      default:
        return record(payment, 'pending');
    }
  }

  /** Someone else's payment is answered as missing: its existence is not the caller's business. */
  async function ownPayment(userId: string, paymentId: string): Promise<PaymentDoc> {
    const payment = await store.find(paymentId);
    if (!payment || payment.userId !== userId) throw new PaymentNotFound();
    return payment;
  }

  /** The payment, settled, with the status it settled at. */
  async function settleOwn(userId: string, paymentId: string): Promise<{ payment: PaymentDoc; status: PaymentStatus }> {
    const payment = await ownPayment(userId, paymentId);
    return { payment, status: await settle(payment) };
  }

  return {
    async enabled() {
      return provider !== null && (await settings.paymentSwitch());
    },

    async create(payer, packageId) {
      if (!provider || !(await settings.paymentSwitch())) throw new PaymentsDisabled();
      if (await ledger.isClosed(payer.id)) throw new WalletClosed();
      const pkg = COIN_PACKAGES[packageId];
      const amountSatang = pkg.priceThb * 100;
      const intent = await provider.createIntent({
        amountSatang,
        email: payer.email,
        metadata: { userId: payer.id, package: pkg.id, coins: String(pkg.coins) },
      });
      const createdAt = now();
      const payment: PaymentDoc = {
        _id: intent.id,
        userId: payer.id,
        package: pkg.id,
        coins: pkg.coins,
        amountSatang,
        currency: 'thb',
        provider: provider.kind,
        clientSecret: intent.clientSecret,
        qr: intent.qr ?? {},
        status: 'pending',
        createdAt,
        expiresAt: new Date(createdAt.getTime() + TIMERS.qrExpiry),
        settledAt: null,
      };
      await store.insert(payment);
      return {
        paymentIntentId: intent.id,
        clientSecret: intent.clientSecret,
        paymentDisabled: false,
        provider: provider.kind,
        package: { id: pkg.id, coins: pkg.coins, priceThb: pkg.priceThb },
        amountThb: pkg.priceThb,
        currency: 'thb',
        expiresAt: payment.expiresAt.toISOString(),
        qr: payment.qr,
        simulateAvailable: isSimulated(provider) && deps.allowSimulation,
      };
    },

    async status(userId, paymentId) {
      const { payment, status } = await settleOwn(userId, paymentId);
      return view(payment, status);
    },

    async complete(userId, paymentId) {
      const { payment, status } = await settleOwn(userId, paymentId);
      if (status !== 'succeeded') throw new PaymentNotSucceeded(status);
      return { coinsAdded: payment.coins };
    },

    async purchase(userId, packageId, paymentId) {
      if (!paymentId) throw new PurchaseNeedsPayment();
      const { payment, status } = await settleOwn(userId, paymentId);
      if (status !== 'succeeded') throw new PurchaseNotPaid(status);
      if (payment.package !== packageId) throw new PaymentForAnotherPackage();
      return { coins: payment.coins, package: payment.package, paymentIntentId: payment._id };
    },

    async simulate(userId, paymentId) {
      if (!deps.allowSimulation) throw new SimulationRefused();
      const payment = await ownPayment(userId, paymentId);
      if (!provider || !isSimulated(provider) || payment.provider !== 'simulated') throw new PaymentNotSimulated();
      if (now() >= payment.expiresAt) {
        // Paid before the hour ran out (and not yet settled), or expired now.
        const status = await settle(payment);
        if (status !== 'succeeded') throw new PaymentExpired();
        return view(payment, status);
      }
      const intent = await provider.pay(payment._id);
      if (intent.status === 'canceled') {
        await record(payment, 'expired');
        throw new PaymentExpired();
      }
      // The simulated bank tells us at once, as Stripe's webhook would.
      return view(payment, await settle(payment));
    },

    async settleIntent(intentId) {
      const payment = await store.find(intentId);
      if (!payment) return 'unknown';
      return settle(payment);
    },

    async sweepExpired() {
      let settled = 0;
      for (const payment of await store.dueForExpiry(now(), 100)) {
        try {
          await settle(payment);
          settled += 1;
        } catch (error) {
          log.warn({ paymentId: payment._id, err: error instanceof Error ? error.message : String(error) }, 'could not settle an expired payment; will retry');
        }
      }
      return settled;
    },
  };
}
