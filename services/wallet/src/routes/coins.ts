import { Router } from 'express';
import {
  ERROR_CODES,
  INVALID_PROMO_MESSAGE,
  PurchaseBody,
  RedeemBody,
  TransactionsQuery,
  WALLET_ERROR_CODES,
  type BalanceResponse,
  type CoinTransaction,
  type PurchaseResponse,
  type RedeemResponse,
} from '@lakorn/contracts';
import { assertSelf, badRequest, conflict, HttpError, notFound, parse, requireActor } from '@lakorn/service-kit';
import type { Ledger } from '../domain/ledger';
import type { Payments } from '../domain/payments';
import type { PromoCodes } from '../domain/promoCodes';
import { packageKey } from './payments';

export interface CoinRoutesDeps {
  ledger: Ledger;
  promoCodes: PromoCodes;
  payments: Payments;
}

/** spec §7 "Coins and payments": history, balance, promo redemption and the purchase call. */
export function coinRoutes({ ledger, promoCodes, payments }: CoinRoutesDeps): Router {
  const router = Router();

  // spec §2 coin history: newest first; voids (opIds taken without moving coins) are not shown.
  router.get('/api/coins/transactions/:userId', async (req, res) => {
    const actor = requireActor(req);
    assertSelf(actor, req.params.userId);
    const query = parse(TransactionsQuery, req.query);
    const entries = await ledger.history(actor.id, query.limit, query.before);
    const body: CoinTransaction[] = entries.map((e) => ({
      id: e.id,
      createdAt: e.createdAt.toISOString(),
      description: e.description,
      amount: e.amount,
    }));
    res.json(body);
  });

  router.get('/api/coins/balance', async (req, res) => {
    const actor = requireActor(req);
    const head = await ledger.balance(actor.id);
    res.json({ balance: head.balance, seq: head.seq } satisfies BalanceResponse);
  });

  router.post('/api/coins/redeem', async (req, res) => {
    const actor = requireActor(req);
    const body = parse(RedeemBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    const result = await promoCodes.redeem(actor.id, body.code);
    // spec §8: the client turns exactly this message into 'โค้ดไม่ถูกต้องหรือหมดอายุแล้ว'.
    if (result.status === 'invalid') throw badRequest(INVALID_PROMO_MESSAGE, ERROR_CODES.invalidPromo);
    res.json({ coins: result.coins, balance: result.balance } satisfies RedeemResponse);
  });

  // spec §7 lists this call as unused beside the QR flow; it never credits by itself and answers
  // only for a PromptPay payment of that package that has settled (the same settle as /complete).
  router.post('/api/coins/purchase', async (req, res) => {
    const actor = requireActor(req);
    const body = parse(PurchaseBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    const packageId = packageKey(body.package);
    if (!body.paymentIntentId) {
      throw new HttpError(402, 'Coins are bought with a PromptPay payment: POST /api/payments/promptpay', WALLET_ERROR_CODES.paymentRequired);
    }
    const result = await payments.complete(actor.id, body.paymentIntentId);
    if (result.status === 'not-found') throw notFound('Payment not found');
    if (result.status === 'not-succeeded') {
      throw new HttpError(402, 'Payment has not succeeded', WALLET_ERROR_CODES.paymentNotSucceeded, { paymentStatus: result.paymentStatus });
    }
    if (result.packageId !== packageId) throw conflict('This payment was for another package');
    res.json({ purchase: { coins: result.coinsAdded, package: packageId, paymentIntentId: body.paymentIntentId } } satisfies PurchaseResponse);
  });

  return router;
}
