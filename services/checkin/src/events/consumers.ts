import type { Bus, Logger } from '@lakorn/service-kit';
import type { CheckIns } from '../domain/checkIns';

/**
 * identity.user.deleted: every service removes that user's data (ARCHITECTURE §4);
 * wallet.credit.refused: a check-in the wallet could not credit. Deleting is idempotent, so a
 * redelivered event is harmless and order does not matter.
 */
export async function registerConsumers({ bus, checkIns, logger }: { bus: Bus; checkIns: CheckIns; logger: Logger }): Promise<void> {
  await bus.consume({
    queue: 'identity-events',
    events: ['identity.user.deleted'],
    handler: async ({ payload }) => {
      const removed = await checkIns.forgetUser(payload.userId, new Date(payload.deletedAt));
      logger.info({ userId: payload.userId, removed }, 'removed a deleted user\'s check-ins');
    },
  });

  // A check-in's credit that met a closed wallet: the check-in was not received.
  await bus.consume({
    queue: 'credit-refusals',
    events: ['wallet.credit.refused'],
    handler: async ({ payload }) => {
      const removed = await checkIns.forgetRefused(payload.opId, payload.userId);
      logger.warn({ opId: payload.opId, userId: payload.userId, removed }, 'the wallet refused a check-in\'s credit');
    },
  });
}
