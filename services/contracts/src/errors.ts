import { z } from 'zod';

/**
 * Every 4xx/5xx answer of every service has this body: a human message, and for validation failures
 * a map of field name to message that screens show next to the field.
 */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const SUBSCRIPTION_BLOCKED = 'SUBSCRIPTION_BLOCKED';
