import { Router } from 'express';
import {
  CoinPackageKey,
  CompletePaymentBody,
  CreatePaymentBody,
  INVALID_PACKAGE_MESSAGE,
  ERROR_CODES,
  Id,
  WALLET_ERROR_CODES,
  type CoinPackageId,
  type CompletePaymentResponse,
  type PaymentSystemStatus,
} from '@lakorn/contracts';
import { assertSelf, badRequest, conflict, HttpError, isLocalRequest, localOnly, notFound, parse, requireActor } from '@lakorn/service-kit';
import type { Payments } from '../domain/payments';

export interface PaymentRoutesDeps {
  payments: Payments;
  nodeEnv: 'development' | 'test' | 'production';
  /** ALLOW_DEV_FROM_NETWORK: the simulated bank answers other addresses than this machine. */
  allowSimulationFromNetwork: boolean;
}

/** The message behind spec §8 "payment system disabled"; the page shows its own Thai text. */
export const PAYMENT_DISABLED_MESSAGE = 'The payment system is not open yet. Please contact us through our social media pages.';

/** spec §5 payment page: a key of the four packages, else exactly 'Invalid package selection'. */
export function packageKey(value: unknown): CoinPackageId {
  const parsed = CoinPackageKey.safeParse(value);
  if (!parsed.success) throw badRequest(INVALID_PACKAGE_MESSAGE, WALLET_ERROR_CODES.invalidPackage);
  return parsed.data;
}

/** spec §7 payments: status of the switch, create, poll, complete, and the development "pay". */
export function paymentRoutes({ payments, nodeEnv, allowSimulationFromNetwork }: PaymentRoutesDeps): Router {
  const router = Router();

  router.get('/api/payment-system/status', async (req, res) => {
    requireActor(req);
    res.json({ enabled: await payments.enabled() } satisfies PaymentSystemStatus);
  });

  router.post('/api/payments/promptpay', async (req, res) => {
    const actor = requireActor(req);
    const body = parse(CreatePaymentBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    const result = await payments.create({ id: actor.id, email: actor.email }, packageKey(body.package));
    if (result.status === 'disabled') {
      throw new HttpError(403, PAYMENT_DISABLED_MESSAGE, ERROR_CODES.paymentDisabled, { paymentDisabled: true });
    }
    // The "simulate payment" button is offered only where pressing it is allowed (localOnly below).
    const simulateAvailable = result.payment.simulateAvailable && (allowSimulationFromNetwork || isLocalRequest(req));
    res.status(201).json({ ...result.payment, simulateAvailable });
  });

  router.get('/api/payments/status/:paymentIntentId', async (req, res) => {
    const actor = requireActor(req);
    const status = await payments.status(actor.id, parse(Id, req.params.paymentIntentId));
    // Someone else's payment is answered as missing: its existence is not the caller's business.
    if (!status) throw notFound('Payment not found');
    res.json(status);
  });

  router.post('/api/payments/complete', async (req, res) => {
    const actor = requireActor(req);
    const body = parse(CompletePaymentBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    const result = await payments.complete(actor.id, body.paymentIntentId);
    if (result.status === 'not-found') throw notFound('Payment not found');
    if (result.status === 'not-succeeded') {
      throw new HttpError(409, 'Payment has not succeeded', WALLET_ERROR_CODES.paymentNotSucceeded, { paymentStatus: result.paymentStatus });
    }
    res.json({ coinsAdded: result.coinsAdded } satisfies CompletePaymentResponse);
  });

  // ARCHITECTURE §8: the simulated provider's clearly labelled stand-in for the bank, never in
  // production whatever provider is configured, and only for this machine unless opened on purpose.
  router.post('/api/payments/simulate/:paymentIntentId', localOnly(allowSimulationFromNetwork), async (req, res) => {
    const actor = requireActor(req);
    if (nodeEnv === 'production') {
      throw new HttpError(403, 'Simulated payments are refused in production', WALLET_ERROR_CODES.simulationRefused);
    }
    const result = await payments.simulate(actor.id, parse(Id, req.params.paymentIntentId));
    if (result.status === 'not-found') throw notFound('Payment not found');
    if (result.status === 'not-simulated') throw conflict('This payment is not made with the simulated provider');
    if (result.status === 'expired') throw new HttpError(410, 'This QR code has expired', WALLET_ERROR_CODES.paymentExpired);
    res.json(result.payment);
  });

  return router;
}
