import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

// An in-repo Stripe API server for the tests (ARCHITECTURE §8): the real `stripe` SDK talks to it
// through STRIPE_API_BASE-style host/port/protocol. It keeps PaymentIntents for PromptPay the way
// Stripe does (create + confirm answers requires_action with the QR; pay, cancel, retrieve, refund), lets a
// test play the bank (pay) or tamper with an intent, and signs webhook events with the real SDK.

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_action' | 'processing' | 'succeeded' | 'canceled' | 'requires_payment_method';
  client_secret: string;
  metadata: Record<string, string>;
  payment_method_types: string[];
  livemode: false;
  created: number;
  next_action: null | {
    type: 'promptpay_display_qr_code';
    promptpay_display_qr_code: { data: string; image_url_png: string; image_url_svg: string; hosted_instructions_url: string };
  };
}

/** A refund of a whole PaymentIntent (what the wallet asks for). */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:43121 (what STRIPE_API_BASE would be). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  intents: Map<string, FakeIntent>;
  /** Refunds made, in order (one per intent: Stripe refuses a second). */
  refunds: FakeRefund[];
  /** Every API call: "<METHOD> <path>", and the parsed form body of creates. */
  calls: Array<{ method: string; path: string; body: Record<string, unknown> }>;
  /** The payer's bank pays the QR (refused unless the intent waits for it). */
  pay(id: string): FakeIntent;
  /** Change an intent behind the wallet's back (e.g. another amount). */
  tamper(id: string, patch: Partial<FakeIntent>): void;
  /** A webhook body and its Stripe-Signature header for an event about the intent. */
  signedEvent(type: string, id: string, secret?: string): { payload: string; signature: string };
  close(): Promise<void>;
}

/** Parses Stripe's form encoding (`a[b][0]=x`) into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[i + 1] ?? '') ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

function stripeError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', code, message } }));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_fake_${randomBytes(6).toString('hex')}`;
  const webhookSecret = `whsec_fake_${randomBytes(12).toString('hex')}`;
  const intents = new Map<string, FakeIntent>();
  const calls: FakeStripe['calls'] = [];
  const refunds: FakeRefund[] = [];
  /** Stripe replays the first answer for a repeated Idempotency-Key. */
  const refundsByKey = new Map<string, FakeRefund>();
  const sdk = new Stripe(secretKey);

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => resolve(text));
      req.on('error', reject);
    });

  const json = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = parseStripeForm(await readBody(req));
      calls.push({ method: req.method ?? 'GET', path: url.pathname, body });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'authentication_error', message: 'Invalid API Key provided' } }));
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = req.headers['idempotency-key'];
        const replay = typeof key === 'string' ? refundsByKey.get(key) : undefined;
        if (replay) return json(res, replay);
        const paid = intents.get(String(body.payment_intent));
        if (!paid) return stripeError(res, 404, 'resource_missing', `No such payment_intent: '${String(body.payment_intent)}'`);
        if (refunds.some((r) => r.payment_intent === paid.id)) return stripeError(res, 400, 'charge_already_refunded', `Charge for ${paid.id} has already been refunded.`);
        if (paid.status !== 'succeeded') return stripeError(res, 400, 'payment_intent_unexpected_state', `This PaymentIntent has a status of ${paid.status}.`);
        const refund: FakeRefund = { id: `re_fake_${randomBytes(10).toString('hex')}`, object: 'refund', amount: paid.amount, currency: paid.currency, payment_intent: paid.id, status: 'succeeded' };
        refunds.push(refund);
        if (typeof key === 'string') refundsByKey.set(key, refund);
        return json(res, refund);
      }
      const match = /^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(cancel))?$/.exec(url.pathname);
      if (!match) return stripeError(res, 404, 'resource_missing', `Unrecognized request URL (${req.method}: ${url.pathname})`);
      const [, id, action] = match;

      if (req.method === 'POST' && !id) {
        const types = (body.allowed_payment_method_types ?? body.payment_method_types) as string[] | undefined;
        const pmData = body.payment_method_data as { type?: string; billing_details?: { email?: string } } | undefined;
        if (!types?.includes('promptpay') || pmData?.type !== 'promptpay') {
          return stripeError(res, 400, 'payment_intent_invalid_parameter', 'This fake only knows PromptPay intents');
        }
        if (!pmData.billing_details?.email) return stripeError(res, 400, 'parameter_missing', 'PromptPay needs billing_details[email]');
        if (body.currency !== 'thb') return stripeError(res, 400, 'payment_intent_invalid_parameter', 'PromptPay charges THB only');
        const intentId = `pi_fake_${randomBytes(10).toString('hex')}`;
        const confirmed = body.confirm === 'true';
        const intent: FakeIntent = {
          id: intentId,
          object: 'payment_intent',
          amount: Number(body.amount),
          currency: String(body.currency),
          status: confirmed ? 'requires_action' : 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          metadata: (body.metadata as Record<string, string>) ?? {},
          payment_method_types: ['promptpay'],
          livemode: false,
          created: Math.floor(Date.now() / 1000),
          next_action: confirmed
            ? {
                type: 'promptpay_display_qr_code',
                promptpay_display_qr_code: {
                  data: `fake-promptpay-${intentId}`,
                  image_url_png: `https://qr.stripe.test/${intentId}.png`,
                  image_url_svg: `https://qr.stripe.test/${intentId}.svg`,
                  hosted_instructions_url: `https://payments.stripe.test/promptpay/${intentId}`,
                },
              }
            : null,
        };
        intents.set(intentId, intent);
        return json(res, intent);
      }
      const intent = id ? intents.get(id) : undefined;
      if (!intent) return stripeError(res, 404, 'resource_missing', `No such payment_intent: '${id}'`);
      if (req.method === 'GET' && !action) return json(res, intent);
      if (req.method === 'POST' && action === 'cancel') {
        if (intent.status === 'succeeded' || intent.status === 'processing') {
          return stripeError(res, 400, 'payment_intent_unexpected_state', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
        }
        intent.status = 'canceled';
        intent.next_action = null;
        return json(res, intent);
      }
      return stripeError(res, 404, 'resource_missing', 'Unrecognized request');
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake Stripe did not bind');

  return {
    url: `http://127.0.0.1:${address.port}`,
    secretKey,
    webhookSecret,
    intents,
    refunds,
    calls,
    pay(id) {
      const intent = intents.get(id);
      if (!intent || intent.status !== 'requires_action') throw new Error(`cannot pay ${id}: ${intent?.status ?? 'missing'}`);
      intent.status = 'succeeded';
      intent.next_action = null;
      return intent;
    },
    tamper(id, patch) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      Object.assign(intent, patch);
    },
    signedEvent(type, id, secret = webhookSecret) {
      const intent = intents.get(id);
      const payload = JSON.stringify({
        id: `evt_fake_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: intent ?? { id, object: 'payment_intent' } },
      });
      return { payload, signature: sdk.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
