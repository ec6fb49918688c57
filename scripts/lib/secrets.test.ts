import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DEV_SECRETS } from '@rainmakers/kit';
import { localInternalTokenSecret, SECRETS_FILE, stackSecrets } from './secrets';

describe('stackSecrets', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rm-secrets-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('generates random secrets once per data directory, readable only by the owner', async () => {
    const first = await stackSecrets(dir, { env: {} });
    expect(first.internalToken).toMatch(/^[0-9a-f]{48}$/);
    expect(first.session).toMatch(/^[0-9a-f]{48}$/);
    expect(first.internalToken).not.toBe(first.session);
    expect(Object.values(DEV_SECRETS)).not.toContain(first.internalToken);
    expect((await stat(path.join(dir, SECRETS_FILE))).mode & 0o777).toBe(0o600);

    expect(await stackSecrets(dir, { env: {} })).toEqual(first);
    const other = await mkdtemp(path.join(os.tmpdir(), 'rm-secrets-'));
    try {
      expect((await stackSecrets(other, { env: {} })).internalToken).not.toBe(first.internalToken);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('makes new ones on a fresh start and lets the environment win', async () => {
    const first = await stackSecrets(dir, { env: {} });
    const fresh = await stackSecrets(dir, { fresh: true, env: {} });
    expect(fresh.internalToken).not.toBe(first.internalToken);
    expect(await stackSecrets(dir, { env: {} })).toEqual(fresh);

    const fromEnv = await stackSecrets(dir, {
      env: { INTERNAL_TOKEN_SECRET: 'from-the-environment-0000', SESSION_SECRET: 'session-from-the-env-0000' },
    });
    expect(fromEnv).toEqual({ internalToken: 'from-the-environment-0000', session: 'session-from-the-env-0000' });
    expect(await stackSecrets(dir, { env: {} })).toEqual(fresh);
  });

  it('gives scripts the kept internal-token secret, and explains when there is none', async () => {
    const saved = process.env.INTERNAL_TOKEN_SECRET;
    delete process.env.INTERNAL_TOKEN_SECRET;
    try {
      await expect(localInternalTokenSecret(dir)).rejects.toThrow(/npm start/);
      const kept = await stackSecrets(dir, { env: {} });
      expect(await localInternalTokenSecret(dir)).toBe(kept.internalToken);
    } finally {
      if (saved !== undefined) process.env.INTERNAL_TOKEN_SECRET = saved;
    }
  });
});
