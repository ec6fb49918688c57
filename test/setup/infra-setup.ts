import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
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
    // A data directory per run: parallel runs (two terminals, CI) never share a cluster. The postgres user
    // (PostgreSQL refuses to run as root) must be able to reach it.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rm-test-pg-'));
    await chmod(dir, 0o755);
    started.push({ url: dir, stop: () => rm(dir, { recursive: true, force: true }) });
    const pg = await startEmbeddedPostgres({
      root,
      dataDir: path.join(dir, 'data'),
      port: await freePort(),
      // A throwaway cluster: speed over durability.
      fsync: false,
    });
    started.push(pg);
    process.env.TEST_POSTGRES_URL = pg.url;
  }
  if (!process.env.TEST_REDIS_URL) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rm-test-redis-'));
    started.push({ url: dir, stop: () => rm(dir, { recursive: true, force: true }) });
    const redis = await startRedisServer({ port: await freePort(), dir, persist: false });
    started.push(redis);
    process.env.TEST_REDIS_URL = redis.url;
  }
  globalThis.__testInfra = started;
}
