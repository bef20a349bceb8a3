// The browser entry of the contracts (ARCHITECTURE §9): the spec's constants and helpers as values,
// every request/response/event shape as a type only. No zod reaches a front-end bundle through it:
// the schemas stay behind `@lakorn/contracts`, which the services import, and an ESLint rule
// (eslint.config.mjs) keeps value imports of that entry out of shell/, mf-*/ and the web packages.
export * from './constants';
export * from './values/common';
export * from './values/catalog';
export * from './values/lorebook';
export * from './values/lorebookMatch';
export * from './values/chat';
export * from './values/memory';
export * from './values/checkin';
export * from './values/wallet';
export * from './values/frontEnds';
export * from './values/identity';

export type * from './common';
export type * from './events';
export type * from './identity';
export type * from './checkin';
export type * from './wallet';
export type * from './catalog';
export type * from './lorebook';
export type * from './chat';
