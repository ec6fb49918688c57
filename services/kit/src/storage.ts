import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { z } from 'zod';

export interface StorageOptions {
  /** Any S3 API: AWS (leave out), MinIO, s3rver. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Empty strings: the SDK's default credential chain. */
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  contentLength: number | undefined;
  etag: string | undefined;
  /** Set when a byte range was asked for and is what the body holds: `bytes <first>-<last>/<size>`. */
  contentRange?: string | undefined;
}

/** The byte range asked for starts beyond the object's end (HTTP 416); `size` is the object's length. */
export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number | undefined) {
    super('The requested range is not satisfiable');
    this.name = 'RangeNotSatisfiable';
  }
}

/** One HTTP byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`); lists of ranges and other units are not served. */
export const SINGLE_BYTE_RANGE = /^bytes=(\d+-\d*|-\d+)$/;

export interface Storage {
  readonly bucket: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a stream of unknown length as it is read: one PutObject when it ends within the first part, else a
   * multipart upload (parts of `STREAM_PART_BYTES`). The source is read only as fast as S3 takes it; when the
   * source throws, nothing is kept (the multipart upload is aborted) and the error is rethrown. Resolves with the
   * bytes stored.
   */
  putStream(key: string, source: AsyncIterable<Uint8Array>, contentType: string): Promise<number>;
  /**
   * The object, or null when the key does not exist. With `range` (one HTTP byte range, SINGLE_BYTE_RANGE) only
   * those bytes, `contentRange` saying which; throws RangeNotSatisfiable when the range starts past the end.
   */
  get(key: string, options?: { range?: string | undefined }): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Every key in the bucket (optionally under a prefix), page by page: backups walk the whole bucket with it. */
  list(prefix?: string): AsyncIterable<string>;
  /** Creates the bucket when it does not exist yet (local s3rver/MinIO); a no-op when it does. */
  ensureBucket(): Promise<void>;
  /** Readiness: the bucket answers. */
  check(): Promise<void>;
  close(): void;
}

/** Config keys of a service that stores files (merge into its `loadConfig` shape). */
export const storageConfigShape = {
  /** Empty for AWS S3 itself. */
  S3_ENDPOINT: z.union([z.literal(''), z.url()]).default('http://127.0.0.1:4569'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).default('rainmakers-uploads'),
  /**
   * Left out (or empty): s3rver's keys in development; in production the SDK's default credential chain
   * (e.g. an IAM role bound to the pod's service account).
   */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
};

type StorageConfig = {
  NODE_ENV: string;
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
};

/** s3rver's fixed keys, the development default. */
const LOCAL_S3_KEY = 'S3RVER';

/** Storage options from a config built with `storageConfigShape`. An empty S3_ENDPOINT means AWS itself. */
export function storageOptionsFromConfig(config: StorageConfig): StorageOptions {
  const production = config.NODE_ENV === 'production';
  return {
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID ?? (production ? '' : LOCAL_S3_KEY),
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? (production ? '' : LOCAL_S3_KEY),
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** The part size of `putStream`'s multipart uploads (S3's minimum part size is 5 MiB). */
export const STREAM_PART_BYTES = 8 * 1024 * 1024;

type Sdk = typeof import('@aws-sdk/client-s3');
let sdk: Promise<Sdk> | null = null;
/** The SDK is large (~0.4 s and ~25 MB to load): only services that store files pay for it, on first use. */
const loadSdk = () => {
  sdk ??= import('@aws-sdk/client-s3');
  return sdk;
};

function isMissing(S3: Sdk, error: unknown): boolean {
  if (error instanceof S3.S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

/**
 * Files on any S3 API through @aws-sdk/client-s3. Bodies are uploaded as Buffers and checksums are only sent
 * when an operation requires them: newer SDKs otherwise add CRC32 trailers and aws-chunked encoding, which
 * s3rver (and some S3-compatible servers) do not understand.
 */
export function createStorage(options: StorageOptions): Storage {
  const Bucket = options.bucket;
  let connection: Promise<{ S3: Sdk; client: S3Client }> | null = null;
  const connect = () => {
    connection ??= loadSdk().then((S3) => ({
      S3,
      client: new S3.S3Client({
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        ...(options.accessKeyId && options.secretAccessKey
          ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
          : {}),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return connection;
  };

  return {
    bucket: Bucket,
    async put(key, body, contentType) {
      const { S3, client } = await connect();
      await client.send(
        new S3.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
      );
    },
    async putStream(key, source, contentType) {
      const { S3, client } = await connect();
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let total = 0;
      let uploadId: string | undefined;
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      const sendPart = async () => {
        const body = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        if (uploadId === undefined) {
          const created = await client.send(
            new S3.CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
          );
          uploadId = created.UploadId;
          if (!uploadId) throw new Error(`S3 gave no upload id for ${key}`);
        }
        const PartNumber = parts.length + 1;
        const sent = await client.send(
          new S3.UploadPartCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber,
            Body: body,
            ContentLength: body.length,
          }),
        );
        parts.push({ ETag: sent.ETag, PartNumber });
      };
      try {
        for await (const chunk of source) {
          const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          pending.push(bytes);
          pendingBytes += bytes.length;
          total += bytes.length;
          if (pendingBytes >= STREAM_PART_BYTES) await sendPart();
        }
        if (uploadId === undefined) {
          const body = Buffer.concat(pending, pendingBytes);
          pending = [];
          await client.send(
            new S3.PutObjectCommand({
              Bucket,
              Key: key,
              Body: body,
              ContentType: contentType,
              ContentLength: body.length,
            }),
          );
          return total;
        }
        if (pendingBytes > 0) await sendPart();
        await client.send(
          new S3.CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
        return total;
      } catch (error) {
        pending = [];
        if (uploadId !== undefined) {
          await client
            .send(new S3.AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }))
            .catch(() => undefined);
        }
        throw error;
      }
    },
    async get(key, options = {}) {
      const { S3, client } = await connect();
      const range = options.range && SINGLE_BYTE_RANGE.test(options.range) ? options.range : undefined;
      try {
        const response = await client.send(
          new S3.GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: range } : {}) }),
        );
        if (!(response.Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
        return {
          body: response.Body,
          contentType: response.ContentType ?? 'application/octet-stream',
          contentLength: response.ContentLength,
          etag: response.ETag,
          ...(range && response.ContentRange ? { contentRange: response.ContentRange } : {}),
        };
      } catch (error) {
        if (isMissing(S3, error)) return null;
        if (range && error instanceof S3.S3ServiceException && error.$metadata.httpStatusCode === 416) {
          const head = await client.send(new S3.HeadObjectCommand({ Bucket, Key: key })).catch(() => null);
          throw new RangeNotSatisfiable(head?.ContentLength);
        }
        throw error;
      }
    },
    async delete(key) {
      const { S3, client } = await connect();
      await client.send(new S3.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      const { S3, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new S3.ListObjectsV2Command({ Bucket, ...(prefix ? { Prefix: prefix } : {}), ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async ensureBucket() {
      const { S3, client } = await connect();
      try {
        await client.send(new S3.HeadBucketCommand({ Bucket }));
        return;
      } catch (error) {
        if (!isMissing(S3, error)) throw error;
      }
      try {
        await client.send(new S3.CreateBucketCommand({ Bucket }));
      } catch (error) {
        // Another replica created it first.
        if (error instanceof S3.S3ServiceException && error.name === 'BucketAlreadyOwnedByYou') return;
        throw error;
      }
    },
    async check() {
      const { S3, client } = await connect();
      await client.send(new S3.HeadBucketCommand({ Bucket }));
    },
    close() {
      void connection?.then(({ client }) => client.destroy());
    },
  };
}
