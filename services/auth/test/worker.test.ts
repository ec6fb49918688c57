/**
 * The auth worker process (src/worker.ts, send-mail) through the kit's runWorker: it answers GET /healthz and
 * GET /readyz on HEALTH_PORT once its Redis answers, and exits cleanly on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { testInfra } from '@rainmakers/kit/testing';
import { startWorkerProcess } from '../../../scripts/lib/worker-process';

describe('auth worker process', () => {
  it('serves /healthz and /readyz on HEALTH_PORT and exits 0 on SIGTERM', async () => {
    const worker = await startWorkerProcess(fileURLToPath(new URL('..', import.meta.url)), {
      REDIS_URL: testInfra().redisUrl,
      REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:`,
      LOG_LEVEL: 'warn',
    });
    try {
      expect((await fetch(`${worker.healthUrl}/healthz`)).status).toBe(200);
      expect((await fetch(`${worker.healthUrl}/other`)).status).toBe(404);
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    } finally {
      if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    }
  }, 45_000);
});
