import { describe, expect, it } from '@jest/globals';
import { DEV_SECRETS } from '@rainmakers/kit';
import { settings } from './config';
import { DEV_TOTP_ENCRYPTION_KEY } from './domain/second-factor';

const loadServiceConfig = settings.load;
const loadWorkerConfig = settings.loadWorker;
const base = { PORT: '4101' };
const REAL_TOTP_KEY = 'a'.repeat(64);

describe('auth config', () => {
  it('has development defaults', () => {
    const config = loadServiceConfig(base);
    expect(config.SERVICE_NAME).toBe('auth');
    expect(config.SESSION_SECRET).toBe(DEV_SECRETS.SESSION_SECRET);
    expect(config.SMTP_URL).toBe('smtp://127.0.0.1:1025');
    expect(config.RUN_WORKERS_IN_PROCESS).toBe(true);
  });

  it('runs the mail worker in-process only in development unless told', () => {
    expect(loadServiceConfig({ ...base, NODE_ENV: 'test' }).RUN_WORKERS_IN_PROCESS).toBe(false);
    expect(
      loadServiceConfig({ ...base, NODE_ENV: 'test', RUN_WORKERS_IN_PROCESS: 'true' }).RUN_WORKERS_IN_PROCESS,
    ).toBe(true);
    expect(loadServiceConfig({ ...base, RUN_WORKERS_IN_PROCESS: 'false' }).RUN_WORKERS_IN_PROCESS).toBe(false);
  });

  it('refuses the development session secret in production', () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      INTERNAL_TOKEN_SECRET: 'a-real-internal-secret-0123456789',
      USERS_SERVICE_ADDR: 'http://users:4102',
      RESOURCES_SERVICE_ADDR: 'http://resources:4106',
      TOTP_ENCRYPTION_KEY: REAL_TOTP_KEY,
    };
    expect(() => loadServiceConfig(production)).toThrow(/SESSION_SECRET/);
    expect(loadServiceConfig({ ...production, SESSION_SECRET: 'a-real-session-secret-0123456789' }).NODE_ENV).toBe(
      'production',
    );
  });

  it('refuses a missing or development second-factor key in production, and one that is not 32 bytes', () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      INTERNAL_TOKEN_SECRET: 'a-real-internal-secret-0123456789',
      SESSION_SECRET: 'a-real-session-secret-0123456789',
      USERS_SERVICE_ADDR: 'http://users:4102',
      RESOURCES_SERVICE_ADDR: 'http://resources:4106',
    };
    expect(() => loadServiceConfig(production)).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(() => loadServiceConfig({ ...production, TOTP_ENCRYPTION_KEY: 'too-short' })).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(loadServiceConfig({ ...production, TOTP_ENCRYPTION_KEY: REAL_TOTP_KEY }).TOTP_ENCRYPTION_KEY).toBe(
      REAL_TOTP_KEY,
    );
    expect(loadServiceConfig(base).TOTP_ENCRYPTION_KEY).toBe(DEV_TOTP_ENCRYPTION_KEY);
  });

  it("calls users where the topology says, and refuses to start in production without users' address", () => {
    expect(loadServiceConfig(base).USERS_SERVICE_ADDR).toBe('http://127.0.0.1:4102');
    const production = {
      ...base,
      NODE_ENV: 'production',
      INTERNAL_TOKEN_SECRET: 'a-real-internal-secret-0123456789',
      SESSION_SECRET: 'a-real-session-secret-0123456789',
      TOTP_ENCRYPTION_KEY: REAL_TOTP_KEY,
      RESOURCES_SERVICE_ADDR: 'http://resources:4106',
    };
    expect(() => loadServiceConfig(production)).toThrow(/USERS_SERVICE_ADDR \(not set\): required in production/);
    expect(loadServiceConfig({ ...production, USERS_SERVICE_ADDR: 'http://users:4102' }).USERS_SERVICE_ADDR).toBe(
      'http://users:4102',
    );
  });

  it('needs no port for the worker process', () => {
    expect(loadWorkerConfig({}).SERVICE_NAME).toBe('auth-worker');
  });

  it('reads the previous keys of a rotation (session secret, second-factor key, internal-token secret)', () => {
    const previousTotp = 'b'.repeat(64);
    const rotating = loadServiceConfig({
      ...base,
      SESSION_SECRET: 'the-new-session-secret-0123456789',
      SESSION_SECRET_PREVIOUS: 'the-old-session-secret-0123456789',
      TOTP_ENCRYPTION_KEY: REAL_TOTP_KEY,
      TOTP_ENCRYPTION_KEY_PREVIOUS: previousTotp,
      INTERNAL_TOKEN_SECRET_PREVIOUS: 'the-old-internal-secret-0123456789',
    });
    expect(rotating.sessionKeys).toEqual({
      current: 'the-new-session-secret-0123456789',
      previous: 'the-old-session-secret-0123456789',
    });
    expect(rotating.totpKeys).toEqual({ current: REAL_TOTP_KEY, previous: previousTotp });
    expect(rotating.INTERNAL_TOKEN_SECRET_PREVIOUS).toBe('the-old-internal-secret-0123456789');
    // Unset or emptied: no rotation.
    const settled = loadServiceConfig({ ...base, SESSION_SECRET_PREVIOUS: '', TOTP_ENCRYPTION_KEY_PREVIOUS: '' });
    expect(settled.sessionKeys.previous).toBeUndefined();
    expect(settled.totpKeys.previous).toBeUndefined();
    expect(loadServiceConfig(base).INTERNAL_TOKEN_SECRET_PREVIOUS).toBeUndefined();
    expect(() => loadServiceConfig({ ...base, TOTP_ENCRYPTION_KEY_PREVIOUS: 'too-short' })).toThrow(
      /TOTP_ENCRYPTION_KEY_PREVIOUS/,
    );
    expect(() => loadServiceConfig({ ...base, INTERNAL_TOKEN_SECRET_PREVIOUS: 'short' })).toThrow(
      /INTERNAL_TOKEN_SECRET_PREVIOUS/,
    );
  });

  it('refuses a development key as the previous one in production', () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      INTERNAL_TOKEN_SECRET: 'a-real-internal-secret-0123456789',
      SESSION_SECRET: 'a-real-session-secret-0123456789',
      USERS_SERVICE_ADDR: 'http://users:4102',
      RESOURCES_SERVICE_ADDR: 'http://resources:4106',
      TOTP_ENCRYPTION_KEY: REAL_TOTP_KEY,
    };
    expect(() => loadServiceConfig({ ...production, TOTP_ENCRYPTION_KEY_PREVIOUS: DEV_TOTP_ENCRYPTION_KEY })).toThrow(
      /TOTP_ENCRYPTION_KEY_PREVIOUS/,
    );
    expect(() =>
      loadServiceConfig({ ...production, INTERNAL_TOKEN_SECRET_PREVIOUS: DEV_SECRETS.INTERNAL_TOKEN_SECRET }),
    ).toThrow(/INTERNAL_TOKEN_SECRET_PREVIOUS/);
  });
});
