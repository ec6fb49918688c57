import path from 'node:path';
import { freePort, type Running, startEmbeddedPostgres, startRedisServer } from '../../scripts/lib/infra';

declare global {
  // eslint-disable-next-line no-var
  var __testInfra: Running[] | undefined;
}

/**
 * Real PostgreSQL and Redis for the service tests: TEST_POSTGRES_URL / TEST_REDIS_URL when given,
 * else an embedded PostgreSQL and a private redis-server on free ports.
 */
export default async function setup(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../..');
  const started: Running[] = [];
  if (!process.env.TEST_POSTGRES_URL) {
    const pg = await startEmbeddedPostgres({
      root,
      dataDir: path.join(root, '.data/test-postgres'),
      port: await freePort(),
    });
    started.push(pg);
    process.env.TEST_POSTGRES_URL = pg.url;
  }
  if (!process.env.TEST_REDIS_URL) {
    const redis = await startRedisServer({
      port: await freePort(),
      dir: path.join(root, '.data/test-redis'),
      persist: false,
    });
    started.push(redis);
    process.env.TEST_REDIS_URL = redis.url;
  }
  globalThis.__testInfra = started;
}
