export * from './types';
export { createBus } from './bus';
export { createOutbox } from './outbox';
export { createInbox, type Inbox } from './inbox';
