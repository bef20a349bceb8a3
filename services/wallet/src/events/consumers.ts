import type { Bus, Logger } from '@lakorn/service-kit';
import type { WalletService } from '../service';

export const SIGNUP_DESCRIPTION = 'โบนัสสมัครสมาชิก';

export interface ConsumerDeps {
  bus: Bus;
  service: Pick<WalletService, 'ledger' | 'coinRequests' | 'settings'>;
  logger: Logger;
}

/**
 * The wallet's bus entry points (ARCHITECTURE §4). Each handler's effect is keyed by an opId in
 * the ledger, so a redelivery (at least once, any order) changes nothing twice; a throw sends the
 * message to the retry queue.
 */
export async function registerConsumers({ bus, service, logger }: ConsumerDeps): Promise<void> {
  const { ledger, coinRequests, settings } = service;
  const log = logger.child({ component: 'consumers' });

  // chat → wallet request/reply; README "Bus contract".
  await bus.respond('wallet.debit', (request) => coinRequests.debit(request));

  await bus.consume({
    queue: 'refund-requests',
    events: ['wallet.refund.requested'],
    handler: async ({ payload }) => {
      const outcome = await coinRequests.refund(payload);
      log.info({ opId: payload.opId, outcome }, 'refund requested');
    },
  });

  // Credits other services grant (check-in rewards: opId checkin:<userId>:<yyyy-MM-dd>).
  await bus.consume({
    queue: 'credit-requests',
    events: ['wallet.credit.requested'],
    handler: async ({ payload }) => {
      await coinRequests.credit(payload);
    },
  });

  await bus.consume({
    queue: 'identity-events',
    events: ['identity.user.registered', 'identity.user.deleted'],
    handler: async (event) => {
      const { userId } = event.payload;
      if (event.name === 'identity.user.deleted') {
        await ledger.close(userId);
        log.info({ userId }, 'wallet closed');
        return;
      }
      // The bonus in force when the registration is handled; once per user by its opId.
      const bonus = await settings.registrationBonus();
      if (bonus <= 0) return;
      await ledger.apply({ userId, opId: `signup:${userId}`, kind: 'credit', amount: bonus, description: SIGNUP_DESCRIPTION });
    },
  });
}
