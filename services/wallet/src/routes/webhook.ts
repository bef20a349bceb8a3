import express, { Router } from 'express';
import type Stripe from 'stripe';
import { badRequest, notFound, type Logger } from '@lakorn/service-kit';
import type { StripeWebhook } from '../data/stripe';
import type { Payments } from '../domain/payments';

export interface WebhookDeps {
  payments: Payments;
  /** null when Stripe webhooks are not set up. */
  stripe: StripeWebhook | null;
  logger: Logger;
}

/**
 * Stripe's webhook (ARCHITECTURE §8): the signature is verified on the raw bytes (mounted before
 * the JSON parser; the gateway forwards them untouched and without a session). The event only
 * says which intent changed: settle() fetches the intent itself, so a forged or stale body can
 * never credit anything.
 */
export function webhookRoutes({ payments, stripe, logger }: WebhookDeps): Router {
  const router = Router();
  const log = logger.child({ component: 'stripe-webhook' });

  router.post('/api/payments/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    // Not configured is not a passing outage: a 5xx would have Stripe retry it for days.
    if (!stripe) throw notFound('Stripe webhooks are not configured');
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) throw badRequest('Missing Stripe signature');
    let event: Stripe.Event;
    try {
      event = stripe.client.webhooks.constructEvent(req.body, signature, stripe.webhookSecret);
    } catch {
      log.warn('webhook with an invalid signature refused');
      throw badRequest('Invalid signature');
    }
    if (event.type.startsWith('payment_intent.')) {
      const intent = event.data.object as { id?: unknown };
      if (typeof intent.id === 'string') {
        const status = await payments.settleIntent(intent.id);
        log.info({ eventId: event.id, type: event.type, paymentId: intent.id, status }, 'webhook handled');
      }
    }
    res.json({ received: true });
  });

  return router;
}
