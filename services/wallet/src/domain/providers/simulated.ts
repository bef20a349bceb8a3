import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { SimulatedIntentDoc } from '../../data/models';
import type { SimulatedStore } from '../../data/simulatedStore';
import { promptPayPayload } from '../promptpay';
import type { ProviderIntent, SimulatedPaymentProvider } from './types';

// The development payment provider (ARCHITECTURE §8): a genuine PromptPay QR for the amount
// (EMVCo payload, domain/promptpay.ts) drawn as SVG, and a "pay" that stands in for the bank.
// Paid or cancelled is decided by one insert, so a payment and an expiry racing cannot both win.

export class IntentNotFoundError extends Error {
  constructor(id: string) {
    super(`No payment intent ${id}`);
    this.name = 'IntentNotFoundError';
  }
}

export interface SimulatedProviderOptions {
  store: SimulatedStore;
  /** Where the QR pays to (PROMPTPAY_ID). */
  promptPayId: string;
  now?: () => Date;
}

export function renderQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}

export function createSimulatedProvider(options: SimulatedProviderOptions): SimulatedPaymentProvider {
  const { store, promptPayId } = options;
  const now = options.now ?? (() => new Date());

  async function view(doc: SimulatedIntentDoc): Promise<ProviderIntent> {
    const outcome = await store.findOutcome(doc._id);
    const status = outcome ?? 'requires_action';
    return {
      id: doc._id,
      status,
      amount: doc.amount,
      currency: doc.currency,
      metadata: doc.metadata,
      clientSecret: null,
      qr: status === 'requires_action' ? { svg: await renderQrSvg(doc.payload) } : null,
    };
  }

  async function load(id: string): Promise<SimulatedIntentDoc> {
    const doc = await store.findIntent(id);
    if (!doc) throw new IntentNotFoundError(id);
    return doc;
  }

  return {
    kind: 'simulated',

    async createIntent({ amountSatang, metadata }) {
      const doc: SimulatedIntentDoc = {
        _id: `pi_sim_${randomBytes(12).toString('hex')}`,
        amount: amountSatang,
        currency: 'thb',
        metadata,
        payload: promptPayPayload(promptPayId, amountSatang / 100),
        createdAt: now(),
      };
      await store.insertIntent(doc);
      return view(doc);
    },

    async retrieveIntent(id) {
      return view(await load(id));
    },

    async cancelIntent(id) {
      const doc = await load(id);
      await store.settleOutcome(id, 'canceled', now());
      return view(doc);
    },

    async refundIntent(id) {
      await load(id);
      if ((await store.findOutcome(id)) !== 'succeeded') throw new Error(`Cannot refund ${id}: it was not paid`);
      await store.insertRefund(id, now());
    },

    async pay(id) {
      const doc = await load(id);
      await store.settleOutcome(id, 'succeeded', now());
      return view(doc);
    },
  };
}
