import { describe, expect, it } from '@jest/globals';
import { storageOptionsFromConfig } from '@rainmakers/kit';
import { settings } from './config';

const loadServiceConfig = settings.load;

const production = { NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: 'a-real-secret-from-the-vault-0123456789' };

describe('resources config', () => {
  it('defaults to the local s3rver, port 4106 and a 5 MiB upload limit', () => {
    const config = loadServiceConfig({});
    expect(config.PORT).toBe(4106);
    expect(config.UPLOAD_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(storageOptionsFromConfig(config)).toEqual({
      endpoint: 'http://127.0.0.1:4569',
      region: 'us-east-1',
      bucket: 'rainmakers-uploads',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  });

  it('in production without keys, leaves credentials to the SDK (an IAM role) and uses AWS when no endpoint is set', () => {
    const config = loadServiceConfig({ ...production, S3_ENDPOINT: '', S3_FORCE_PATH_STYLE: 'false' });
    const options = storageOptionsFromConfig(config);
    expect(options).toEqual({
      region: 'us-east-1',
      bucket: 'rainmakers-uploads',
      accessKeyId: '',
      secretAccessKey: '',
      forcePathStyle: false,
    });
  });

  it('takes the configured S3 API, keys and limit', () => {
    const config = loadServiceConfig({
      ...production,
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_BUCKET: 'uploads-prod',
      UPLOAD_MAX_BYTES: '1048576',
    });
    expect(config.UPLOAD_MAX_BYTES).toBe(1048576);
    expect(storageOptionsFromConfig(config)).toMatchObject({
      endpoint: 'http://minio:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      bucket: 'uploads-prod',
    });
  });

  it('refuses development secrets and a malformed endpoint in production', () => {
    expect(() => loadServiceConfig({ NODE_ENV: 'production' })).toThrow(/INTERNAL_TOKEN_SECRET/);
    expect(() => loadServiceConfig({ ...production, S3_SECRET_ACCESS_KEY: 'change-me' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadServiceConfig({ ...production, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
