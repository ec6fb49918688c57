import { z } from 'zod';

/**
 * Every 4xx/5xx answer of every service has this body: a human message, and for validation failures
 * a map of field name to message that screens show next to the field.
 */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  /** A lesson of a module that has not opened to the caller yet (code LESSON_LOCKED): when it opens, ISO 8601. */
  opensAt: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const SUBSCRIPTION_BLOCKED = 'SUBSCRIPTION_BLOCKED';

/** A dependency (a service, PostgreSQL, Redis) is down or not answering: 503, try again shortly. */
export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';
export const SERVICE_UNAVAILABLE_MESSAGE = 'Service unavailable';

/** An expensive route is at its concurrency limit (kit limits.ts): 429 with Retry-After, try again shortly. */
export const TOO_BUSY = 'TOO_BUSY';
export const TOO_BUSY_MESSAGE = 'This request is busy right now. Please try again in a moment.';

/**
 * The service is past its load bound (event-loop delay, work in flight, database pool drained): 503 with a
 * Retry-After header, answered at once instead of queueing; nothing was done, so the call may be retried.
 */
export const OVERLOADED = 'OVERLOADED';
export const OVERLOADED_MESSAGE = 'The service is busy. Please try again in a moment.';

/** 403 for a lesson of a module that opens later (drip); the body carries `opensAt`. */
export const LESSON_LOCKED = 'LESSON_LOCKED';
