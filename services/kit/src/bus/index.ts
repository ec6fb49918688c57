export * from './consumer';
export * from './envelope';
export * from './outbox';
export * from './redis-streams';
export * from './tables';
export * from './transport';
export * from './with-events';
