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
import { parse, requireAdmin, requireOwner, type AdminAudit } from '@lakorn/service-kit';
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
  /** Every write here goes into the audit log the catalog keeps (wallet.admin.action). */
  audit: AdminAudit;
}

/**
 * spec §7 "Admin": payment switch, registration bonus (owner only to change) and promo codes
 * (admins). Admins read the owner's settings; the owner is always an admin (ARCHITECTURE §5).
 */
export function adminRoutes({ settings, promoCodes, payments, providerKind, audit }: AdminRoutesDeps): Router {
  const router = Router();

  router.get('/api/admin/payment-system', async (req, res) => {
    requireAdmin(req);
    res.json({ enabled: await settings.paymentSwitch(), available: await payments.enabled(), provider: providerKind });
  });

  router.post('/api/admin/payment-system', async (req, res) => {
    const { actor, input } = callerInput(req, 'body', PaymentSystemBody, requireOwner);
    const enabled = await settings.setPaymentSwitch(input.enabled, actor.id);
    await audit.record(actor, { action: 'paymentSystem.set', targetType: 'setting', targetId: 'paymentSystem', details: { enabled } });
    res.json({ enabled });
  });

  router.get('/api/admin/registration-bonus', async (req, res) => {
    requireAdmin(req);
    res.json({ coins: await settings.registrationBonus() } satisfies RegistrationBonus);
  });

  router.post('/api/admin/registration-bonus', async (req, res) => {
    const { actor, input } = callerInput(req, 'body', RegistrationBonusBody, requireOwner);
    const coins = await settings.setRegistrationBonus(input.coins, actor.id);
    await audit.record(actor, { action: 'registrationBonus.set', targetType: 'setting', targetId: 'registrationBonus', details: { coins } });
    res.json({ coins } satisfies RegistrationBonus);
  });

  router.get('/api/admin/promo-codes', async (req, res) => {
    callerInput(req, 'query', AdminActorQuery, requireAdmin);
    res.json(await promoCodes.list());
  });

  router.post('/api/admin/promo-codes', async (req, res) => {
    const { actor, input } = callerInput(req, 'body', CreatePromoCodeBody, requireAdmin);
    const code = await promoCodes.create(input, actor.id);
    await audit.record(actor, {
      action: 'promoCode.create',
      targetType: 'promoCode',
      targetId: code.id,
      details: { code: code.code, coins: code.coins, maxUses: code.maxUses },
    });
    res.status(201).json(code);
  });

  router.put('/api/admin/promo-codes/:id', async (req, res) => {
    const { actor, input } = callerInput(req, 'body', UpdatePromoCodeBody, requireAdmin);
    const code = await promoCodes.setActive(parse(Id, req.params.id), input.isActive);
    await audit.record(actor, { action: 'promoCode.setActive', targetType: 'promoCode', targetId: code.id, details: { code: code.code, isActive: code.isActive } });
    res.json(code);
  });

  router.delete('/api/admin/promo-codes/:id', async (req, res) => {
    const { actor } = callerInput(req, 'query', AdminActorQuery, requireAdmin);
    const id = parse(Id, req.params.id);
    await promoCodes.remove(id);
    await audit.record(actor, { action: 'promoCode.remove', targetType: 'promoCode', targetId: id });
    res.status(204).end();
  });

  return router;
}
