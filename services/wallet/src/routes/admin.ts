import { Router } from 'express';
import {
  AdminActorQuery,
  CreatePromoCodeBody,
  Id,
  PaymentSystemBody,
  RegistrationBonusBody,
  UpdatePromoCodeBody,
  type PaymentProviderKind,
  type RegistrationBonus,
} from '@lakorn/contracts';
import { parse, requireAdmin, requireOwner } from '@lakorn/service-kit';
import type { Payments } from '../domain/payments';
import type { PromoCodes } from '../domain/promoCodes';
import type { Settings } from '../domain/settings';
import { callerInput } from './caller';

export interface AdminRoutesDeps {
  settings: Settings;
  promoCodes: PromoCodes;
  payments: Payments;
  /** Which provider takes payments here (null: none). */
  providerKind: PaymentProviderKind | null;
}

/**
 * spec §7 "Admin": payment switch, registration bonus (owner only to change) and promo codes
 * (admins). Admins read the owner's settings; the owner is always an admin (ARCHITECTURE §5).
 */
export function adminRoutes({ settings, promoCodes, payments, providerKind }: AdminRoutesDeps): Router {
  const router = Router();

  router.get('/api/admin/payment-system', async (req, res) => {
    requireAdmin(req);
    res.json({ enabled: await settings.paymentSwitch(), available: await payments.enabled(), provider: providerKind });
  });

  router.post('/api/admin/payment-system', async (req, res) => {
    const { actor, input } = callerInput(req, 'body', PaymentSystemBody, requireOwner);
    res.json({ enabled: await settings.setPaymentSwitch(input.enabled, actor) });
  });

  router.get('/api/admin/registration-bonus', async (req, res) => {
    requireAdmin(req);
    res.json({ coins: await settings.registrationBonus() } satisfies RegistrationBonus);
  });

  router.post('/api/admin/registration-bonus', async (req, res) => {
    const { actor, input } = callerInput(req, 'body', RegistrationBonusBody, requireOwner);
    res.json({ coins: await settings.setRegistrationBonus(input.coins, actor) } satisfies RegistrationBonus);
  });

  router.get('/api/admin/promo-codes', async (req, res) => {
    callerInput(req, 'query', AdminActorQuery, requireAdmin);
    res.json(await promoCodes.list());
  });

  router.post('/api/admin/promo-codes', async (req, res) => {
    const { actor, input } = callerInput(req, 'body', CreatePromoCodeBody, requireAdmin);
    res.status(201).json(await promoCodes.create(input, actor));
  });

  router.put('/api/admin/promo-codes/:id', async (req, res) => {
    const { actor, input } = callerInput(req, 'body', UpdatePromoCodeBody, requireAdmin);
    res.json(await promoCodes.setActive(parse(Id, req.params.id), input.isActive, actor));
  });

  router.delete('/api/admin/promo-codes/:id', async (req, res) => {
    const { actor } = callerInput(req, 'query', AdminActorQuery, requireAdmin);
    await promoCodes.remove(parse(Id, req.params.id), actor);
    res.status(204).end();
  });

  return router;
}
