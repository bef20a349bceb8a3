export * from './logger';
export * from './config';
export * from './http/errors';
export * from './http/validate';
export * from './http/createApp';
export * from './auth/session';
export * from './data/mongo';
export * from './bus';
