import Stripe from 'stripe';
import type { IntentStatus, PaymentProvider, ProviderIntent } from '../domain/providers/types';

// Stripe PromptPay (ARCHITECTURE §8), the wallet's client of another service: it lives in data/
// beside the database (README "One service shape"), and the domain sees only the PaymentProvider
// it implements (domain/providers/types.ts). A PaymentIntent in THB satang with payment_method_types
// ['promptpay'], confirmed at once so Stripe answers with the QR (next_action
// promptpay_display_qr_code). STRIPE_API_BASE points the real SDK at another server (the tests'
// fake Stripe).

export interface StripeProviderOptions {
  secretKey: string;
  /** e.g. http://127.0.0.1:12111; unset: api.stripe.com. */
  apiBase?: string;
}

/** What verifies Stripe's webhooks: the client and the endpoint's signing secret. */
export interface StripeWebhook {
  client: Stripe;
  webhookSecret: string;
}

export function createStripeClient({ secretKey, apiBase }: StripeProviderOptions): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (apiBase) {
    const url = new URL(apiBase);
    config.host = url.hostname;
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    if (url.port) config.port = Number(url.port);
  }
  return new Stripe(secretKey, config);
}

const KNOWN_STATUSES: readonly IntentStatus[] = [
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
  'requires_payment_method',
  'requires_confirmation',
  'requires_capture',
];

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const status = (KNOWN_STATUSES as readonly string[]).includes(intent.status) ? (intent.status as IntentStatus) : 'processing';
  const display = intent.next_action?.promptpay_display_qr_code;
  return {
    id: intent.id,
    status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    clientSecret: intent.client_secret,
    qr: status === 'requires_action' && display ? { imageUrlSvg: display.image_url_svg, imageUrlPng: display.image_url_png } : null,
  };
}

export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    kind: 'stripe',

    async createIntent({ amountSatang, email, metadata }) {
      const intent = await stripe.paymentIntents.create({
        amount: amountSatang,
        currency: 'thb',
        // `payment_method_types` before API version 2026-10-28 (the SDK's pinned version).
        allowed_payment_method_types: ['promptpay'],
        payment_method_data: { type: 'promptpay', billing_details: { email } },
        confirm: true,
        metadata,
      });
      return toIntent(intent);
    },

    async retrieveIntent(id) {
      return toIntent(await stripe.paymentIntents.retrieve(id));
    },

    async cancelIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        // Stripe refuses to cancel an intent that was paid (or is being paid) meanwhile: that
        // intent, as it now is, is the answer.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return toIntent(await stripe.paymentIntents.retrieve(id));
        throw error;
      }
    },

    async refundIntent(id) {
      try {
        // One key per intent: a repeated settle gets Stripe's first refund back, never a second.
        await stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `refund:${id}` });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return;
        throw error;
      }
    },
  };
}
