/**
 * Boots the real users service for other services' tests: a throwaway database with the migrations,
 * the real app on `port` (0 = any free port) and its outbox relay publishing to the test Redis.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDefinedServiceForTest, type TestDatabase } from '@rainmakers/kit/testing';
import type { EventNotifier } from './events';
import type { JobFiles } from './import-files';
import { service as users } from './service';
import type { Schema } from './store/schema';

export const MIGRATIONS_DIR = users.migrations;

export interface StartUsersOptions {
  port?: number;
  /** Prefix of the Redis streams the relay publishes to; a fresh one when left out. */
  redisPrefix?: string;
  /** Where auth listens (for PUT /internal/credentials); nothing listens there when left out. */
  authAddr?: string;
  /** Run the user-import worker in the service (default true). */
  runWorkers?: boolean;
  env?: Record<string, string>;
  /** An S3 API for the job files; a local s3rver (in a temporary directory) when left out. */
  s3Endpoint?: string;
}

export interface RunningUsers {
  url: string;
  database: TestDatabase<Schema>;
  redisPrefix: string;
  /** What the job processors use (the database and the outbox relay), to run a job's work twice in a test. */
  jobDeps: { db: TestDatabase<Schema>['db']; events: EventNotifier; files: JobFiles };
  /** The S3 API holding the job files (uploads, error reports), and the bucket. */
  s3Endpoint: string;
  s3Bucket: string;
  /** Publishes every event still in the outbox; resolves with how many were sent. */
  flushEvents(): Promise<number>;
  stop(): Promise<void>;
}

/** s3rver on a free port, its files in a fresh temporary directory that `stop()` removes. */
async function startLocalS3(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const { default: S3rver } = await import('s3rver');
  const directory = await mkdtemp(path.join(tmpdir(), 'rm-users-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const address: AddressInfo = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export async function startForTest(options: StartUsersOptions = {}): Promise<RunningUsers> {
  const localS3 = options.s3Endpoint || options.env?.S3_ENDPOINT ? null : await startLocalS3();
  const s3Endpoint = options.s3Endpoint ?? options.env?.S3_ENDPOINT ?? localS3?.endpoint ?? '';
  const s3Bucket = options.env?.S3_BUCKET ?? 'rainmakers-uploads';
  const service = await startDefinedServiceForTest(users, {
    port: options.port,
    redisPrefix: options.redisPrefix,
    // Port 9 (discard) on loopback: refused at once, like an auth that is down.
    env: {
      AUTH_SERVICE_ADDR: options.authAddr ?? 'http://127.0.0.1:9',
      RUN_WORKERS_IN_PROCESS: options.runWorkers === false ? 'false' : 'true',
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: s3Bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...options.env,
    },
  });
  return {
    url: service.url,
    database: service.database,
    redisPrefix: service.redisPrefix,
    s3Endpoint,
    s3Bucket,
    jobDeps: { db: service.database.db, events: service.built.relay, files: service.built.deps.files },
    flushEvents: () => service.built.relay.flush(),
    async stop() {
      await service.stop();
      await localS3?.stop();
    },
  };
}
