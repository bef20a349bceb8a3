export * from './fetcher';
export * from './swr';
export * from './session';
export * from './toast';
export * from './providers';
export * from './clipboard';
export * from './ageGate';
export * from './reportCharacter';
