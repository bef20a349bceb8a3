import { consumeEvents, type Bus, type Logger } from '@lakorn/service-kit';
import type { WalletService } from '../service';

export { SIGNUP_DESCRIPTION } from '../domain/accounts';

export interface ConsumerDeps {
  bus: Bus;
  service: Pick<WalletService, 'accounts' | 'coinRequests'>;
  logger: Logger;
}

/**
 * The wallet's bus entry points (ARCHITECTURE §4). Each handler's effect is keyed by an opId in
 * the ledger, so a redelivery (at least once, any order) changes nothing twice; a throw sends the
 * message to the retry queue.
 */
export async function registerConsumers({ bus, service, logger }: ConsumerDeps): Promise<void> {
  const { accounts, coinRequests } = service;
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
      if ((await coinRequests.credit(payload)) === 'credited') return;
      // README "A returning member": the requester must not count coins that were not credited.
      await bus.publish('wallet.credit.refused', { opId: payload.opId, userId: payload.userId, reason: 'closed' }, { messageId: `refused:${payload.opId}` });
      log.warn({ opId: payload.opId, userId: payload.userId }, 'credit refused: the account was deleted');
    },
  });

  // README "A returning member": a deletion closes the ledger, the account's next registration reopens it.
  await consumeEvents(bus, 'identity-events', {
    'identity.user.registered': async ({ payload }) => {
      log.info({ userId: payload.userId, outcome: await accounts.registered(payload) }, 'registration handled');
    },
    'identity.user.deleted': async ({ payload }) => {
      log.info({ userId: payload.userId, outcome: await accounts.deleted(payload) }, 'deletion handled');
    },
  });
}
