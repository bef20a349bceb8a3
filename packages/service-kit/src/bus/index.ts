export * from './types';
export { createBus } from './bus';
export { consumeEvents, type EventHandlers } from './consumeEvents';
export { announceEmbedded, createOutbox } from './outbox';
export { createInbox, type Inbox } from './inbox';
