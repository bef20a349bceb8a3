import { Router, type Request } from 'express';
import {
  AdminActorQuery,
  CreatePromoCodeBody,
  Id,
  PaymentSystemBody,
  RegistrationBonusBody,
  UpdatePromoCodeBody,
  WALLET_ERROR_CODES,
  type PaymentProviderKind,
  type RegistrationBonus,
} from '@lakorn/contracts';
import { assertSelf, conflict, forbidden, notFound, parse, requireActor, requireAdmin, requireOwner, type Actor } from '@lakorn/service-kit';
import type { Payments } from '../domain/payments';
import type { PromoCodes } from '../domain/promoCodes';
import type { Settings } from '../domain/settings';

export interface AdminRoutesDeps {
  settings: Settings;
  promoCodes: PromoCodes;
  payments: Payments;
  /** Which provider takes payments here (null: none). */
  providerKind: PaymentProviderKind | null;
}

/** Reading the owner's settings: admins and the owner (changing them is the owner's alone). */
function requireAdminOrOwner(req: Request): Actor {
  const actor = requireActor(req);
  if (!actor.isAdmin && !actor.isOwner) throw forbidden('Admin only');
  return actor;
}

/** spec §7 "Admin": payment switch, registration bonus (owner only to change) and promo codes (admins). */
export function adminRoutes({ settings, promoCodes, payments, providerKind }: AdminRoutesDeps): Router {
  const router = Router();

  router.get('/api/admin/payment-system', async (req, res) => {
    requireAdminOrOwner(req);
    res.json({ enabled: await settings.paymentSwitch(), available: await payments.enabled(), provider: providerKind });
  });

  router.post('/api/admin/payment-system', async (req, res) => {
    const actor = requireOwner(req);
    const body = parse(PaymentSystemBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    res.json({ enabled: await settings.setPaymentSwitch(body.enabled, actor.id) });
  });

  router.get('/api/admin/registration-bonus', async (req, res) => {
    requireAdminOrOwner(req);
    res.json({ coins: await settings.registrationBonus() } satisfies RegistrationBonus);
  });

  router.post('/api/admin/registration-bonus', async (req, res) => {
    const actor = requireOwner(req);
    const body = parse(RegistrationBonusBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    res.json({ coins: await settings.setRegistrationBonus(body.coins, actor.id) } satisfies RegistrationBonus);
  });

  router.get('/api/admin/promo-codes', async (req, res) => {
    const actor = requireAdmin(req);
    const query = parse(AdminActorQuery, req.query);
    assertSelf(actor, query.userId, query.uid);
    res.json(await promoCodes.list());
  });

  router.post('/api/admin/promo-codes', async (req, res) => {
    const actor = requireAdmin(req);
    const body = parse(CreatePromoCodeBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    const result = await promoCodes.create(body, actor.id);
    if (result.status === 'exists') throw conflict('Promo code already exists', WALLET_ERROR_CODES.promoExists);
    res.status(201).json(result.code);
  });

  router.put('/api/admin/promo-codes/:id', async (req, res) => {
    const actor = requireAdmin(req);
    const body = parse(UpdatePromoCodeBody, req.body);
    assertSelf(actor, body.userId, body.uid);
    const code = await promoCodes.setActive(parse(Id, req.params.id), body.isActive);
    if (!code) throw notFound('Promo code not found');
    res.json(code);
  });

  router.delete('/api/admin/promo-codes/:id', async (req, res) => {
    const actor = requireAdmin(req);
    const query = parse(AdminActorQuery, req.query);
    assertSelf(actor, query.userId, query.uid);
    if (!(await promoCodes.remove(parse(Id, req.params.id)))) throw notFound('Promo code not found');
    res.status(204).end();
  });

  return router;
}
