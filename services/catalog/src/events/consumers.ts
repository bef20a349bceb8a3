import { consumeEvents, type Bus, type IncomingEvent, type Logger } from '@lakorn/service-kit';
import type { PopularActivity } from '../domain/activity';
import type { CharacterStatsBook } from '../domain/characterStats';
import type { Catalog } from '../domain/characters';
import type { Moderation } from '../domain/moderation';

/**
 * identity.user.registered / .updated keep the creators' names (spec §3: public characters show
 * the creator's username); identity.user.deleted removes that member's characters, likes and
 * images (ARCHITECTURE §4). Every handler is idempotent, so redeliveries need no inbox.
 */
export async function registerConsumers({ bus, catalog, logger }: { bus: Bus; catalog: Catalog; logger: Logger }): Promise<void> {
  const log = logger.child({ component: 'consumers' });
  const keepName = (event: IncomingEvent<'identity.user.registered' | 'identity.user.updated'>) =>
    catalog.setCreator(event.payload.userId, event.payload.username);
  await consumeEvents(bus, 'identity-events', {
    'identity.user.registered': keepName,
    'identity.user.updated': keepName,
    'identity.user.deleted': async (event) => {
      const { characters } = await catalog.removeUser(event.payload.userId);
      log.info({ userId: event.payload.userId, characters, messageId: event.messageId }, 'deleted user removed from the catalog');
    },
  });
}

/**
 * chat.message.sent (chat's outbox): who chats with which character, for discover's popular
 * order; identity.user.deleted: that member's activity goes. Its own queue, so another consumer
 * of these events in the catalog gets its own copy. Idempotent by the activity's unique _id: a
 * redelivery counts once.
 */
export async function registerActivityConsumer({ bus, activity }: { bus: Bus; activity: PopularActivity }): Promise<void> {
  await consumeEvents(bus, 'chat-activity', {
    'chat.message.sent': async ({ payload }) => activity.messageSent(payload),
    'identity.user.deleted': async ({ payload }) => activity.removeUser(payload.userId),
  });
}

/**
 * Creator stats (README "Creator stats"): chats started, messages and ratings from chat's outbox;
 * a deleted member's facts go.
 * Its own queue (each consumer of an event in the catalog gets its own copy); idempotent by the
 * facts' unique _id, so a redelivery counts once.
 */
export async function registerStatsConsumer({ bus, stats }: { bus: Bus; stats: Pick<CharacterStatsBook, 'chatStarted' | 'messageSent' | 'messageRated' | 'forgetMember'> }): Promise<void> {
  await consumeEvents(bus, 'character-stats', {
    'chat.chat.started': async ({ payload }) => stats.chatStarted(payload),
    'chat.message.sent': async ({ payload }) => stats.messageSent(payload),
    'chat.message.rated': async ({ payload }) => stats.messageRated(payload),
    'identity.user.deleted': async ({ payload }) => stats.forgetMember(payload.userId),
  });
}

/**
 * The audit log's entries from checkin and wallet (`<service>.admin.action`, their outboxes): every
 * admin action is kept in the one log the catalog serves. Idempotent by the entry's unique _id.
 */
export async function registerAuditConsumer({ bus, moderation }: { bus: Bus; moderation: Pick<Moderation, 'keepAction'> }): Promise<void> {
  await consumeEvents(bus, 'admin-actions', {
    'checkin.admin.action': async ({ payload }) => moderation.keepAction(payload),
    'wallet.admin.action': async ({ payload }) => moderation.keepAction(payload),
  });
}
