import { defineServiceConfig } from '@rainmakers/kit';

/** courses has no settings of its own: the kit's shared ones (port, database, Redis, outbox, events) serve it. */
export const settings = defineServiceConfig({ name: 'courses', shape: {} });
export type Config = ReturnType<typeof settings.load>;
/** Every key it reads (docs/configuration.md is checked against it). */
export const configShape = settings.shape;
