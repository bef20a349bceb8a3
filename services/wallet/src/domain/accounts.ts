import type { EventPayload } from '@lakorn/contracts';
import type { PromoStore } from '../data/promoStore';
import type { RegistrationStore } from '../data/registrationStore';
import type { ApplyResult, Ledger } from './ledger';
import { promoOpId } from './promoCodes';
import type { Settings } from './settings';

// identity's account events, for the wallet (README "A returning member"). The profile id comes
// from the provider's subject, so an account deleted and signed up again has the same id: its
// deletion closes the ledger, its next registration reopens it as a new life (balance 0) in which
// the once-per-member opIds of the earlier life stay spent. The two events may be handled in
// either order (retries, concurrent handlers), so each records its own fact first, then reads the
// other's: whichever comes second reopens the ledger.

export const SIGNUP_DESCRIPTION = 'โบนัสสมัครสมาชิก';

export const signupOpId = (userId: string) => `signup:${userId}`;

export interface AccountsDeps {
  ledger: Ledger;
  registrations: RegistrationStore;
  promos: Pick<PromoStore, 'codesUsedBy'>;
  settings: Pick<Settings, 'registrationBonus'>;
}

export function createAccounts({ ledger, registrations, promos, settings }: AccountsDeps) {
  /** The new life after the deletion at `deletedAt`: the bonus and every code used before stay spent. */
  async function reopen(userId: string, deletedAt: Date): Promise<void> {
    const codes = await promos.codesUsedBy(userId);
    await ledger.reopen(userId, deletedAt, [signupOpId(userId), ...codes.map((codeId) => promoOpId(codeId, userId))]);
  }

  return {
    async registered({ userId, registeredAt }: EventPayload<'identity.user.registered'>): Promise<'bonus' | 'reopened' | 'stale'> {
      const at = new Date(registeredAt);
      await registrations.record(userId, at);
      const closure = await ledger.closure(userId);
      if (closure) {
        // A registration from before the deletion that closed the ledger is an earlier life's.
        if (closure.deletedAt >= at) return 'stale';
        await reopen(userId, closure.deletedAt);
        return 'reopened';
      }
      // The bonus in force when the registration is handled; once per user by its opId.
      const bonus = await settings.registrationBonus();
      if (bonus > 0) {
        const result: ApplyResult = await ledger.apply({ userId, opId: signupOpId(userId), kind: 'credit', amount: bonus, description: SIGNUP_DESCRIPTION });
        if (result.status === 'insufficient') throw new Error('unreachable: a credit never lacks coins');
      }
      return 'bonus';
    },

    async deleted({ userId, deletedAt }: EventPayload<'identity.user.deleted'>): Promise<'closed' | 'reopened' | 'stale'> {
      const at = new Date(deletedAt);
      if ((await ledger.close(userId, at)) === 'stale') return 'stale';
      // The next life's registration was handled first: it found the ledger open, so reopen here.
      const registered = await registrations.latest(userId);
      if (registered && registered > at) {
        await reopen(userId, at);
        return 'reopened';
      }
      return 'closed';
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
