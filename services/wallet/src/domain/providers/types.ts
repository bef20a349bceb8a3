import type { PaymentProviderKind, PaymentQr } from '@lakorn/contracts';

// ARCHITECTURE §8: payments go through a PaymentProvider; Stripe PromptPay for real money, the
// simulated provider for development. Amounts are in satang (1/100 baht), as Stripe counts THB.

/** The provider's own state of a payment intent, in Stripe's vocabulary. */
export type IntentStatus =
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled'
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_capture';

export interface ProviderIntent {
  id: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  clientSecret: string | null;
  /** The QR to show while it waits for the transfer (only when it is waiting). */
  qr: PaymentQr | null;
}

export interface CreateIntentInput {
  amountSatang: number;
  /** Stripe needs the payer's e-mail for PromptPay billing details. */
  email: string;
  metadata: Record<string, string>;
}

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Creates and confirms a PromptPay intent, so it answers with the QR to show. */
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Cancels an unpaid intent; answers the intent as it is after that (it may have been paid). */
  cancelIntent(id: string): Promise<ProviderIntent>;
  /** Pays a succeeded intent back in full, once however often it is asked (README "A returning member"). */
  refundIntent(id: string): Promise<void>;
}

/** The simulated provider also takes "payments" (its development-only action). */
export interface SimulatedPaymentProvider extends PaymentProvider {
  readonly kind: 'simulated';
  /** Pays the intent unless it was cancelled first; answers the intent afterwards. */
  pay(id: string): Promise<ProviderIntent>;
}

export function isSimulated(provider: PaymentProvider): provider is SimulatedPaymentProvider {
  return provider.kind === 'simulated';
}
