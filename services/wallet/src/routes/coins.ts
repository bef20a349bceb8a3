import { Router } from 'express';
import {
  PurchaseBody,
  RedeemBody,
  TransactionsQuery,
  type BalanceResponse,
  type CoinTransaction,
  type PurchaseResponse,
  type RedeemResponse,
} from '@lakorn/contracts';
import { assertSelf, parse, requireActor } from '@lakorn/service-kit';
import type { Ledger } from '../domain/ledger';
import { packageOf, type Payments } from '../domain/payments';
import type { PromoCodes } from '../domain/promoCodes';
import { callerInput } from './caller';

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
      id: e._id,
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
    const { actor, input } = callerInput(req, 'body', RedeemBody);
    res.json((await promoCodes.redeem(actor.id, input.code)) satisfies RedeemResponse);
  });

  // spec §7 lists this call as unused beside the QR flow; it never credits by itself and answers
  // only for a PromptPay payment of that package that has settled (the same settle as /complete).
  router.post('/api/coins/purchase', async (req, res) => {
    const { actor, input } = callerInput(req, 'body', PurchaseBody);
    const purchase = await payments.purchase(actor.id, packageOf(input.package), input.paymentIntentId);
    res.json({ purchase } satisfies PurchaseResponse);
  });

  return router;
}
