import type { Bus, IncomingEvent, Logger } from '@lakorn/service-kit';
import type { ChatService } from '../service';

const CATALOG_EVENTS = ['catalog.character.updated', 'catalog.character.deleted'] as const;
const IDENTITY_EVENTS = ['identity.user.registered', 'identity.user.updated', 'identity.user.deleted'] as const;
type CatalogEvent = { [N in (typeof CATALOG_EVENTS)[number]]: IncomingEvent<N> }[(typeof CATALOG_EVENTS)[number]];
type IdentityEvent = { [N in (typeof IDENTITY_EVENTS)[number]]: IncomingEvent<N> }[(typeof IDENTITY_EVENTS)[number]];

/**
 * ARCHITECTURE §4: catalog.character.updated keeps the character snapshots (highest version wins,
 * whatever the order), catalog.character.deleted removes that character's chats and messages;
 * identity events keep members' names (the prompt's main identity) and remove a deleted member's
 * chats, messages and personas. Every handler is idempotent, so redeliveries need no inbox.
 */
export async function registerConsumers({ bus, service, logger }: { bus: Bus; service: ChatService; logger: Logger }): Promise<void> {
  const log = logger.child({ component: 'consumers' });

  await bus.consume({
    queue: 'catalog-events',
    events: CATALOG_EVENTS,
    handler: async (delivery) => {
      const event = delivery as CatalogEvent;
      switch (event.name) {
        case 'catalog.character.updated':
          await service.characters.applyUpdated(event.payload.character, event.payload.version);
          return;
        case 'catalog.character.deleted': {
          const { characterId } = event.payload;
          // Tombstone first: a room being opened right now sees it and undoes itself.
          await service.characters.applyDeleted(characterId);
          const chats = await service.stores.chats.removeChatsOfCharacter(characterId);
          log.info({ characterId, chats }, 'deleted character removed from chat');
          return;
        }
      }
    },
  });

  await bus.consume({
    queue: 'identity-events',
    events: IDENTITY_EVENTS,
    handler: async (delivery) => {
      const event = delivery as IdentityEvent;
      switch (event.name) {
        case 'identity.user.registered':
        case 'identity.user.updated':
          await service.stores.chats.setUsername(event.payload.userId, event.payload.username);
          return;
        case 'identity.user.deleted': {
          const { userId } = event.payload;
          const chats = await service.stores.chats.removeChatsOfUser(userId);
          await service.stores.personas.removeOfUser(userId);
          await service.stores.sends.removeOfUser(userId);
          await service.stores.chats.removeUser(userId);
          log.info({ userId, chats }, 'deleted member removed from chat');
          return;
        }
      }
    },
  });
}
