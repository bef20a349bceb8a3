import { Router } from 'express';
import { CompletePaymentBody, CreatePaymentBody, Id, type CompletePaymentResponse, type PaymentSystemStatus } from '@lakorn/contracts';
import { isLocalRequest, localOnly, parse, requireActor } from '@lakorn/service-kit';
import { packageOf, type Payments } from '../domain/payments';
import { callerInput } from './caller';

export interface PaymentRoutesDeps {
  payments: Payments;
  /** ALLOW_DEV_FROM_NETWORK: the simulated bank answers other addresses than this machine. */
  allowSimulationFromNetwork: boolean;
}

/** spec §7 payments: status of the switch, create, poll, complete, and the development "pay". */
export function paymentRoutes({ payments, allowSimulationFromNetwork }: PaymentRoutesDeps): Router {
  const router = Router();

  router.get('/api/payment-system/status', async (req, res) => {
    requireActor(req);
    res.json({ enabled: await payments.enabled() } satisfies PaymentSystemStatus);
  });

  router.post('/api/payments/promptpay', async (req, res) => {
    const { actor, input } = callerInput(req, 'body', CreatePaymentBody);
    const payment = await payments.create({ id: actor.id, email: actor.email }, packageOf(input.package));
    // The "simulate payment" button is offered only where pressing it is allowed (localOnly below).
    const simulateAvailable = payment.simulateAvailable && (allowSimulationFromNetwork || isLocalRequest(req));
    res.status(201).json({ ...payment, simulateAvailable });
  });

  router.get('/api/payments/status/:paymentIntentId', async (req, res) => {
    const actor = requireActor(req);
    res.json(await payments.status(actor.id, parse(Id, req.params.paymentIntentId)));
  });

  router.post('/api/payments/complete', async (req, res) => {
    const { actor, input } = callerInput(req, 'body', CompletePaymentBody);
    res.json((await payments.complete(actor.id, input.paymentIntentId)) satisfies CompletePaymentResponse);
  });

  // ARCHITECTURE §8: the simulated provider's clearly labelled stand-in for the bank, never in
  // production whatever provider is configured, and only for this machine unless opened on purpose.
  router.post('/api/payments/simulate/:paymentIntentId', localOnly(allowSimulationFromNetwork), async (req, res) => {
    const actor = requireActor(req);
    res.json(await payments.simulate(actor.id, parse(Id, req.params.paymentIntentId)));
  });

  return router;
}
