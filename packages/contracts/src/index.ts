export * from './constants';
export * from './common';
export * from './events';
export * from './identity';
export * from './checkin';
export * from './wallet';
export * from './catalog';
export * from './chat';
