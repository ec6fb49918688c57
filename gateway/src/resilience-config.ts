/**
 * The gateway's settings for degrading under load (docs/decisions.md "Degrade under load"), spread into
 * config.ts's shape. Kept apart so the routing/config files stay as they are.
 */
import { z } from 'zod';

export const resilienceConfigShape = {
  /**
   * A service that answered nothing (no health probe, no proxied call) for this long counts as unresponsive and
   * its breaker opens; a refused probe opens it at once. A service busy with one heavy request answers within it.
   */
  UPSTREAM_SILENCE_MS: z.coerce.number().int().min(1).default(3000),
  /**
   * While calls to a service are in flight, its liveness thread (kit liveness.ts) is asked this often (0: never);
   * unanswered for UPSTREAM_LIVENESS_TIMEOUT_MS with nothing else heard meanwhile, the process is stopped: its
   * breaker opens and the calls in flight answer 503. A busy main loop does not silence the thread.
   */
  UPSTREAM_LIVENESS_INTERVAL_MS: z.coerce.number().int().min(0).default(250),
  UPSTREAM_LIVENESS_TIMEOUT_MS: z.coerce.number().int().min(1).default(500),
  /**
   * While Redis does not answer, a session or access profile this process verified within this long is served
   * from its own memory instead of asking auth or users (a Redis blip must not answer 503 on every route).
   * The same when Redis lacks them and auth/users cannot answer. A session revoked meanwhile is honoured by this
   * process for at most this long after its last check. 0: off.
   */
  REDIS_OUTAGE_GRACE_MS: z.coerce.number().int().min(0).default(5000),
};
