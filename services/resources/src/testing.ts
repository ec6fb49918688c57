/**
 * Starts the real resources service for tests: a throwaway database, real Redis, and a local S3 API
 * (s3rver in a temporary directory) unless the caller hands one in.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Storage } from '@rainmakers/kit';
import { startDefinedServiceForTest, type TestDatabase } from '@rainmakers/kit/testing';
import { service as resources } from './service';
import type { ResourcesDatabase } from './store/schema';

export interface LocalS3 {
  /** e.g. http://127.0.0.1:40123 */
  endpoint: string;
  stop(): Promise<void>;
}

/** s3rver on a free port, keeping its files in a fresh temporary directory that `stop()` removes. */
export async function startLocalS3(options: { port?: number; directory?: string } = {}): Promise<LocalS3> {
  const { default: S3rver } = await import('s3rver');
  const directory = options.directory ?? (await mkdtemp(path.join(tmpdir(), 'rm-s3-')));
  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, silent: true, directory });
  const address: AddressInfo = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async stop() {
      await server.close();
      if (!options.directory) await rm(directory, { recursive: true, force: true });
    },
  };
}

export interface StartedResources {
  url: string;
  database: TestDatabase<ResourcesDatabase>;
  storage: Storage;
  s3Endpoint: string;
  redisPrefix: string;
  stop(): Promise<void>;
}

export async function startForTest(
  options: { port?: number; redisPrefix?: string; s3Endpoint?: string; s3Bucket?: string } = {},
): Promise<StartedResources> {
  const localS3 = options.s3Endpoint ? null : await startLocalS3();
  const s3Endpoint = options.s3Endpoint ?? localS3?.endpoint ?? '';
  const service = await startDefinedServiceForTest(resources, {
    port: options.port,
    redisPrefix: options.redisPrefix,
    env: {
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: options.s3Bucket ?? `t-uploads-${randomBytes(4).toString('hex')}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
  const { storage } = service.built.deps;
  return {
    url: service.url,
    database: service.database,
    storage,
    s3Endpoint,
    redisPrefix: service.redisPrefix,
    async stop() {
      await service.stop();
      storage.close();
      await localS3?.stop();
    },
  };
}
