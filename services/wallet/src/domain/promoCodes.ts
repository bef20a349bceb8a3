import { randomBytes, randomInt } from 'node:crypto';
import { PROMO, type CreatePromoCodeBody, type PromoCode } from '@lakorn/contracts';
import type { Actor, AdminAudit, QuotaSlots } from '@lakorn/service-kit';
import type { PromoCodeDoc } from '../data/models';
import type { PromoStore } from '../data/promoStore';
import { PromoAttemptsExceeded, PromoCodeAlreadyUsed, PromoCodeExists, PromoCodeNotFound, PromoCodeUnknown, PromoCodeUsedUp, WalletClosed } from './errors';
import type { Ledger } from './ledger';

// Promo codes (spec §2 admin screen, §5 rules, §7 calls). A use is an insert that two unique keys
// guard at once (see data/models RedemptionDoc): once per user per code, and at most maxUses for a
// limited code, whatever the race. The coins then move through the ledger under opId
// promo:<codeId>:<userId>, so a use is credited exactly once even if a request dies half-way.

/** Random codes avoid look-alike characters (0/O, 1/I) so they can be read out and typed. */
const RANDOM_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RANDOM_LENGTH = 8;

export const PROMO_DESCRIPTION = 'โค้ดโปรโมชัน';

export interface PromoCodes {
  list(): Promise<PromoCode[]>;
  /** Throws PromoCodeExists. Admins' writes (these three) go into the audit log. */
  create(body: CreatePromoCodeBody, by: Actor): Promise<PromoCode>;
  /** Throws PromoCodeNotFound. */
  setActive(id: string, isActive: boolean, by: Actor): Promise<PromoCode>;
  /** Throws PromoCodeNotFound. */
  remove(id: string, by: Actor): Promise<void>;
  /** The coins credited and the balance after; throws PromoCodeUnknown, PromoCodeUsedUp, PromoCodeAlreadyUsed or WalletClosed. */
  redeem(userId: string, code: string): Promise<{ coins: number; balance: number }>;
}

export const codeKey = (code: string) => code.trim().toUpperCase();

/** A use's credit: once per code and member, in every life of the account (README "A returning member"). */
export const promoOpId = (codeId: string, userId: string) => `promo:${codeId}:${userId}`;

function randomCode(): string {
  let code = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) code += RANDOM_ALPHABET[randomInt(RANDOM_ALPHABET.length)];
  return code;
}

/**
 * Failed redemptions a member may make per window before every try is refused (guessing codes).
 * Each try takes a slot of the member's window first, so parallel tries cannot pass a count
 * together (ARCHITECTURE §2); a success gives its slot back, a failure keeps it.
 */
export interface RedeemAttempts {
  slots: QuotaSlots;
  limit: number;
  windowMs: number;
}

export function createPromoCodes(
  store: PromoStore,
  ledger: Ledger,
  audit: AdminAudit,
  now: () => Date = () => new Date(),
  attempts: RedeemAttempts | null = null,
): PromoCodes {
  async function view(doc: PromoCodeDoc): Promise<PromoCode> {
    return {
      id: doc._id,
      code: doc.code,
      coins: doc.coins,
      type: doc.type,
      maxUses: doc.maxUses,
      usedCount: await store.countRedemptions(doc._id),
      isActive: doc.isActive,
      createdAt: doc.createdAt.toISOString(),
    };
  }

  /** Takes a use for the user: taken (with the redemption's id), 'already' (this user used it before) or 'used-up'. */
  async function takeUse(code: PromoCodeDoc, userId: string): Promise<{ taken: string } | 'already' | 'used-up'> {
    const base = { codeId: code._id, userId, createdAt: now() };
    if (code.type === 'unlimited' || code.maxUses === null) {
      const id = `${code._id}:u:${userId}`;
      const result = await store.insertRedemption({ _id: id, ...base });
      return result === 'inserted' ? { taken: id } : 'already';
    }
    // Slots 1..maxUses: try the ones after the current count first, then any left free below it.
    const used = await store.countRedemptions(code._id);
    const slots: number[] = [];
    for (let s = used + 1; s <= code.maxUses; s++) slots.push(s);
    for (let s = 1; s <= Math.min(used, code.maxUses); s++) slots.push(s);
    for (const slot of slots) {
      const id = `${code._id}:${slot}`;
      if ((await store.insertRedemption({ _id: id, ...base })) === 'inserted') return { taken: id };
      if (await store.hasRedeemed(code._id, userId)) return 'already';
    }
    return 'used-up';
  }

  return {
    async list() {
      return Promise.all((await store.listCodes()).map(view));
    },

    async create(body, by) {
      const random = body.generateRandom || body.code === '';
      for (let attempt = 0; attempt < 5; attempt++) {
        const code = random ? randomCode() : body.code;
        const doc: PromoCodeDoc = {
          _id: `promo_${randomBytes(8).toString('hex')}`,
          code,
          codeKey: codeKey(code),
          coins: body.coins,
          type: body.type,
          // spec §5: maxUses only means something for a limited code; its default is 10.
          maxUses: body.type === 'limited' ? (body.maxUses ?? PROMO.defaultMaxUses) : null,
          isActive: true,
          createdAt: now(),
          createdBy: by.id,
        };
        if ((await store.insertCode(doc)) === 'inserted') {
          await audit.record(by, { action: 'promoCode.create', targetType: 'promoCode', targetId: doc._id, details: { code, coins: doc.coins, maxUses: doc.maxUses } });
          return view(doc);
        }
        if (!random) throw new PromoCodeExists();
      }
      throw new Error('Could not find a free random promo code');
    },

    async setActive(id, isActive, by) {
      const doc = await store.setActive(id, isActive);
      if (!doc) throw new PromoCodeNotFound();
      await audit.record(by, { action: 'promoCode.setActive', targetType: 'promoCode', targetId: id, details: { code: doc.code, isActive } });
      return view(doc);
    },

    async remove(id, by) {
      const removed = await store.deleteCode(id);
      if (!removed) throw new PromoCodeNotFound();
      await audit.record(by, { action: 'promoCode.remove', targetType: 'promoCode', targetId: id, details: { code: removed.code } });
    },

    async redeem(userId, text) {
      if (!attempts) return redeemOnce(userId, text);
      const at = now().getTime();
      const window = Math.floor(at / attempts.windowMs);
      const attempt = `promo-try:${userId}:${at}:${randomBytes(6).toString('hex')}`;
      if (!(await attempts.slots.claim(`promo-failures:${userId}:${window}`, attempts.limit, attempt))) throw new PromoAttemptsExceeded();
      try {
        const result = await redeemOnce(userId, text);
        await attempts.slots.release(attempt);
        return result;
      } catch (error) {
        // A refusal of the code counts; anything else (the database, a closed wallet) does not.
        if (!(error instanceof PromoCodeUnknown || error instanceof PromoCodeUsedUp || error instanceof PromoCodeAlreadyUsed)) {
          await attempts.slots.release(attempt);
        }
        // Windows before the last are forgotten (the slots' time-to-live).
        await attempts.slots.prune('promo-failures:', new Date(at - 2 * attempts.windowMs)).catch(() => undefined);
        throw error;
      }
    },
  };

  async function redeemOnce(userId: string, text: string): Promise<{ coins: number; balance: number }> {
    const key = codeKey(text);
    if (!/^[A-Z0-9]+$/.test(key) || key.length > PROMO.codeMaxLength) throw new PromoCodeUnknown();
    const code = await store.findCodeByKey(key);
    if (!code || !code.isActive) throw new PromoCodeUnknown();

    const opId = promoOpId(code._id, userId);
    const use = await takeUse(code, userId);
    if (use === 'used-up') throw new PromoCodeUsedUp();
    // A user's second try is refused, unless the first died between taking the use and the credit.
    if (use === 'already' && (await ledger.findByOpId(opId))) throw new PromoCodeAlreadyUsed();

    const result = await ledger.apply({
      userId,
      opId,
      kind: 'credit',
      amount: code.coins,
      description: `${PROMO_DESCRIPTION} ${code.code}`,
      ref: code._id,
    });
    if (result.status === 'closed') {
      // README "A returning member": nothing was credited, so the use goes back to the code.
      if (typeof use === 'object') await store.removeRedemption(use.taken);
      throw new WalletClosed();
    }
    if (result.status === 'insufficient') throw new Error('unreachable: a credit never lacks coins');
    return { coins: result.entry.amount, balance: result.entry.balanceAfter };
  }
}
