import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { EX_CONFIG } from '@rainmakers/kit';

const serviceDir = fileURLToPath(new URL('..', import.meta.url));

/** Starts the real entry point (src/main.ts, as `npm start` does) with only `env` and reads what it prints. */
function start(entry: string, env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', entry], {
    cwd: serviceDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

describe('configuration errors a person can read', () => {
  it('lists every bad variable of one run, with its value and what is allowed, and exits 78', () => {
    const { status, stderr, stdout } = start('src/main.ts', {
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      SESSION_SECRET: 'too-short-12',
    });
    expect(status).toBe(EX_CONFIG);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toEqual([
      'Invalid configuration (4 problems):',
      '  PORT = "abc": must be an integer from 0 to 65535',
      '  LOG_LEVEL = "loud": must be one of fatal, error, warn, info, debug, trace, silent',
      '  SESSION_SECRET = (12 characters, hidden): must be at least 16 characters',
      // A later check (runService's) in the same run, not the next one.
      '  DATABASE_URL (not set): required',
    ]);
    // No stack trace, no code frame, no secret.
    expect(stderr).not.toMatch(/^\s+at |ConfigError|too-short/m);
  });

  it('in production, development secrets, peer addresses and the schema together; URL passwords masked', () => {
    const { status, stderr } = start('src/main.ts', {
      NODE_ENV: 'production',
      PORT: '70000',
      DATABASE_URL: 'postgres://auth:hunter2@db:5432/auth',
      USERS_SERVICE_ADDR: 'users:4102',
      TOTP_ENCRYPTION_KEY: 'a'.repeat(64),
    });
    expect(status).toBe(EX_CONFIG);
    expect(stderr).toContain('  PORT = "70000": must be an integer from 0 to 65535\n');
    expect(stderr).toContain(
      '  INTERNAL_TOKEN_SECRET (not set): in production, a secret of your own (the development default is refused)\n',
    );
    expect(stderr).toContain('  SESSION_SECRET (not set): in production, a secret of your own');
    expect(stderr).toContain('  USERS_SERVICE_ADDR = "users:4102": must be an http(s) URL\n');
    expect(stderr).not.toContain('hunter2');
  });

  it('the worker entry point reads its configuration the same way', () => {
    const { status, stderr } = start('src/worker.ts', { HEALTH_PORT: '0', REDIS_PREFIX: 'x', LOG_LEVEL: 'nope' });
    expect(status).toBe(EX_CONFIG);
    expect(stderr).toContain('  HEALTH_PORT = "0": must be an integer from 1 to 65535\n');
    expect(stderr).toContain('  LOG_LEVEL = "nope": must be one of');
    // auth's worker only sends mail: it needs no database, so none is asked for.
    expect(stderr).not.toContain('DATABASE_URL');
  });
});
