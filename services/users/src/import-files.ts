/**
 * The users service's files in object storage: an import's upload, the people of a bulk update and an
 * import's error report, each under `${IMPORT_STORAGE_PREFIX}${runId}/`. BullMQ jobs carry these keys, never the
 * content. The upload is deleted when its job ends (completed, refused, or out of attempts); the error report and
 * the bulk update's list stay as long as the job's row in the job history (30 days: jobs.ts purgeOldJobs deletes
 * both together).
 */
import { createStorage, type Storage, storageOptionsFromConfig } from '@rainmakers/kit';
import type { Config } from './config';

export interface JobFiles {
  storage: Storage;
  /** e.g. `user-jobs/` */
  prefix: string;
  /** Creates the bucket on first use when it does not exist (local s3rver/MinIO). */
  ready(): Promise<void>;
}

export function jobFilesFromConfig(config: Config): JobFiles {
  const storage = createStorage(storageOptionsFromConfig(config));
  let ensured: Promise<void> | null = null;
  return {
    storage,
    prefix: config.IMPORT_STORAGE_PREFIX,
    ready() {
      ensured ??= storage.ensureBucket().catch((error: unknown) => {
        ensured = null;
        throw error;
      });
      return ensured;
    },
  };
}

export const uploadKey = (files: JobFiles, runId: string) => `${files.prefix}${runId}/upload`;
export const errorsKey = (files: JobFiles, runId: string) => `${files.prefix}${runId}/errors.csv`;
export const peopleKey = (files: JobFiles, runId: string) => `${files.prefix}${runId}/people.json`;

/** An object's bytes, or null when it is gone; refuses (throws) past `maxBytes`. */
export async function readObject(files: JobFiles, key: string, maxBytes: number): Promise<Buffer | null> {
  const object = await files.storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of object.body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size > maxBytes) {
      object.body.destroy();
      throw new Error(`${key} is larger than ${maxBytes} bytes`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}
