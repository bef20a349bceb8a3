import type { EventName } from '@lakorn/contracts';
import type { Bus, IncomingEvent } from './types';

/** One handler per event name, each given its own event's payload type. */
export type EventHandlers<N extends EventName> = { [K in N]: (event: IncomingEvent<K>) => Promise<void> };

/**
 * A service's consumers of one queue (ARCHITECTURE §4): the queue is bound to the handlers' event
 * names and each delivery goes to the handler of its name. Acks, retries and dead letters are the
 * bus's (Bus.consume): a handler that throws is retried.
 */
export function consumeEvents<N extends EventName>(bus: Bus, queue: string, handlers: EventHandlers<N>): Promise<void> {
  const events = Object.keys(handlers) as N[];
  return bus.consume({
    queue,
    events,
    // The bus delivers only the bound names, so the name picks a handler of the same event.
    handler: (event) => (handlers[event.name] as (event: IncomingEvent<N>) => Promise<void>)(event),
  });
}
