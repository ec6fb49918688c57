import { defineServiceConfig } from '@rainmakers/kit';
import { z } from 'zod';

export const settings = defineServiceConfig({
  name: 'board',
  shape: {
    /** A comment line on every open board stream this often (proxies keep it open; a gone client is noticed). */
    LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).default(15_000),
  },
});
export type Config = ReturnType<typeof settings.load>;
/** Every key it reads (docs/configuration.md is checked against it). */
export const configShape = settings.shape;
