import type { Bus, IncomingEvent, Logger } from '@lakorn/service-kit';
import type { Catalog } from '../domain/characters';

const IDENTITY_EVENTS = ['identity.user.registered', 'identity.user.updated', 'identity.user.deleted'] as const;
type IdentityEventName = (typeof IDENTITY_EVENTS)[number];
/** One delivery, as a union over the event names so a switch on `name` narrows `payload`. */
type IdentityEvent = { [N in IdentityEventName]: IncomingEvent<N> }[IdentityEventName];

/**
 * identity.user.registered / .updated keep the creators' names (spec §3: public characters show
 * the creator's username); identity.user.deleted removes that member's characters, likes and
 * images (ARCHITECTURE §4). Every handler is idempotent, so redeliveries need no inbox.
 */
export async function registerConsumers({ bus, catalog, logger }: { bus: Bus; catalog: Catalog; logger: Logger }): Promise<void> {
  const log = logger.child({ component: 'consumers' });
  await bus.consume({
    queue: 'identity-events',
    events: IDENTITY_EVENTS,
    handler: async (delivery) => {
      const event = delivery as IdentityEvent;
      switch (event.name) {
        case 'identity.user.registered':
        case 'identity.user.updated':
          await catalog.setCreator(event.payload.userId, event.payload.username);
          return;
        case 'identity.user.deleted': {
          const { characters } = await catalog.removeUser(event.payload.userId);
          log.info({ userId: event.payload.userId, characters, messageId: event.messageId }, 'deleted user removed from the catalog');
          return;
        }
      }
    },
  });
}
