import { AsyncLocalStorage } from 'node:async_hooks';

// The request id of the work under way (ARCHITECTURE §4, §6): set by a service's request context
// for an HTTP request and by the bus for a delivery that carries one, read by the logger (every
// line), by publish and request (the message's `x-request-id` header) and by the outbox (stored
// with the event, so the relay publishes it with the id of the request that wrote it).

interface RequestScope {
  readonly requestId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** The request id of the current request or delivery, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/** Runs `work` (and everything it awaits or schedules) as part of the request `requestId`. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return scope.run({ requestId }, work);
}

/**
 * Runs `work` as part of no request: background loops started from within a request (the outbox
 * relay nudged by an enqueue) must not carry that request's id onto other requests' events.
 */
export function outsideRequest<T>(work: () => T): T {
  return scope.exit(work);
}
