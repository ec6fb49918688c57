export * from './actor';
export * from './auth';
export * from './errors';
export * from './events';
export * from './fields';
export * from './roles';
export * from './users';
