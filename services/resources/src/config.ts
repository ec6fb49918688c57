import { UPLOAD_MAX_BYTES } from '@rainmakers/contracts';
import { defineServiceConfig, storageConfigShape } from '@rainmakers/kit';
import { z } from 'zod';

export const settings = defineServiceConfig({
  name: 'resources',
  shape: {
    ...storageConfigShape,
    /** Largest accepted upload in bytes. */
    UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(UPLOAD_MAX_BYTES),
  },
});
export type Config = ReturnType<typeof settings.load>;
/** Every key it reads (docs/configuration.md is checked against it). */
export const configShape = settings.shape;
