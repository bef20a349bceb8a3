import { consumeEvents, type Bus, type IncomingEvent, type Logger } from '@lakorn/service-kit';
import type { ChatService } from '../service';

export interface ConsumerDeps {
  bus: Bus;
  logger: Logger;
  service: Pick<ChatService, 'characters' | 'chats' | 'members' | 'summaries'>;
}

/**
 * ARCHITECTURE §4: catalog.character.updated keeps the character snapshots (highest version wins,
 * whatever the order), catalog.character.deleted removes that character's chats and messages;
 * identity events keep members' names (the prompt's main identity) and remove a deleted member's
 * chats, messages and personas. chat.summary.requested, which chat sends itself through its outbox
 * once turns fall out of a chat's prompt window, writes that chat's summary in the background.
 * Every handler is idempotent, so redeliveries need no inbox.
 */
export async function registerConsumers({ bus, logger, service }: ConsumerDeps): Promise<void> {
  const log = logger.child({ component: 'consumers' });
  const named = ({ payload }: IncomingEvent<'identity.user.registered' | 'identity.user.updated'>) =>
    service.members.named(payload.userId, payload.username);

  await consumeEvents(bus, 'catalog-events', {
    'catalog.character.updated': ({ payload }) => service.characters.applyUpdated(payload.character, payload.version),
    'catalog.character.deleted': async ({ payload: { characterId } }) => {
      const chats = await service.chats.removeOfCharacter(characterId);
      log.info({ characterId, chats }, 'deleted character removed from chat');
    },
  });

  await consumeEvents(bus, 'identity-events', {
    'identity.user.registered': named,
    'identity.user.updated': named,
    'identity.user.deleted': async ({ payload: { userId } }) => {
      const chats = await service.members.remove(userId);
      log.info({ userId, chats }, 'deleted member removed from chat');
    },
  });

  // A summary already written (or a request made stale by an edit or a rewind) is not written again.
  await consumeEvents(bus, 'summaries', {
    'chat.summary.requested': async ({ payload }) => void (await service.summaries.write(payload)),
  });
}
