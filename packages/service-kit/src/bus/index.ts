export * from './types';
export { createBus } from './bus';
export { consumeEvents, type EventHandlers } from './consumeEvents';
export { announceEmbedded, createOutbox, OUTBOX_COLLECTION, PUBLISHED_COLLECTION, writeOutboxEvent } from './outbox';
export { createInbox, type Inbox } from './inbox';
export { adminActionOf, createAdminAudit, timeOrderedId, type AdminActionInput, type AdminAudit } from './adminAudit';
