import type { Bus, Logger } from '@lakorn/service-kit';
import type { CheckIns } from '../domain/checkIns';

/**
 * identity.user.deleted: every service removes that user's data (ARCHITECTURE §4). Deleting is
 * idempotent, so a redelivered event is harmless and order does not matter.
 */
export async function registerConsumers({ bus, checkIns, logger }: { bus: Bus; checkIns: CheckIns; logger: Logger }): Promise<void> {
  await bus.consume({
    queue: 'identity-events',
    events: ['identity.user.deleted'],
    handler: async ({ payload }) => {
      const removed = await checkIns.forgetUser(payload.userId);
      logger.info({ userId: payload.userId, removed }, 'removed a deleted user\'s check-ins');
    },
  });
}
