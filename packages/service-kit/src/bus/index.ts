export * from './types';
export { createBus } from './bus';
export { announceEmbedded, createOutbox } from './outbox';
export { createInbox, type Inbox } from './inbox';
