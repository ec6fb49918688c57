import { describe, expect, it } from '@jest/globals';
import { secondFactorRequired } from '@rainmakers/contracts';
import { generate } from 'otplib';
import {
  DEV_TOTP_ENCRYPTION_KEY,
  decryptSecret,
  encryptionKeyBytes,
  encryptSecret,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  signSecondStepToken,
  totpCodeOf,
  verifySecondStepToken,
} from './second-factor';

const at = (step: number) => new Date(step * 30_000 + 10_000);
const codeFor = (secret: string, step: number) => generate({ secret, epoch: step * 30 });

describe('TOTP', () => {
  const secret = newTotpSecret();
  const now = 59_000_000;

  it('accepts this step and one step of drift either way, never two', async () => {
    expect(await matchTotp(secret, await codeFor(secret, now), null, at(now))).toBe(now);
    expect(await matchTotp(secret, await codeFor(secret, now - 1), null, at(now))).toBe(now - 1);
    expect(await matchTotp(secret, await codeFor(secret, now + 1), null, at(now))).toBe(now + 1);
    expect(await matchTotp(secret, await codeFor(secret, now - 2), null, at(now))).toBeNull();
    expect(await matchTotp(secret, await codeFor(secret, now + 2), null, at(now))).toBeNull();
  });

  it('refuses a step at or before the last one used (a code works once)', async () => {
    expect(await matchTotp(secret, await codeFor(secret, now), now, at(now))).toBeNull();
    expect(await matchTotp(secret, await codeFor(secret, now + 1), now, at(now))).toBe(now + 1);
  });

  it('reads six digits, spaces ignored', () => {
    expect(totpCodeOf(' 123 456 ')).toBe('123456');
    expect(totpCodeOf('12345')).toBeNull();
    expect(totpCodeOf('abcd-efgh')).toBeNull();
  });

  it('names the issuer and the account in the otpauth address', () => {
    const url = otpauthUrl(secret, 'ada@example.com');
    expect(url).toMatch(/^otpauth:\/\/totp\/Rainmakers:ada(%40|@)example\.com\?/);
    expect(url).toContain(`secret=${secret}`);
  });
});

describe('secrets at rest', () => {
  it('round-trips under the key and fails under another', () => {
    const stored = encryptSecret('JBSWY3DPEHPK3PXP', DEV_TOTP_ENCRYPTION_KEY);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(stored, DEV_TOTP_ENCRYPTION_KEY)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => decryptSecret(stored, 'b'.repeat(64))).toThrow();
  });

  it('takes 32-byte keys only', () => {
    expect(encryptionKeyBytes(DEV_TOTP_ENCRYPTION_KEY)?.length).toBe(32);
    expect(encryptionKeyBytes('a'.repeat(64))?.length).toBe(32);
    expect(encryptionKeyBytes('short')).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten different codes, hashed loosely (case, spaces, dashes)', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const [code = ''] = codes;
    expect(hashRecoveryCode(` ${code.toUpperCase().replaceAll('-', ' ')} `)).toBe(hashRecoveryCode(code));
  });
});

describe('policy', () => {
  it('requires it of admins, of coaches when set, offers it to the others', () => {
    expect(secondFactorRequired('admin', { requiredForCoaches: false })).toBe(true);
    expect(secondFactorRequired('coach', { requiredForCoaches: false })).toBe(false);
    expect(secondFactorRequired('coach', { requiredForCoaches: true })).toBe(true);
    expect(secondFactorRequired('premium', { requiredForCoaches: true })).toBe(false);
  });
});

describe('the half-signed-in token', () => {
  it('names the account and the next step; refused for the other step, another key, or once expired', () => {
    const { token, expiresAt } = signSecondStepToken({ userId: 7, email: 'ada@example.com', next: 'code' }, 'key');
    expect(verifySecondStepToken(token, 'key', 'code')).toEqual({
      userId: 7,
      email: 'ada@example.com',
      next: 'code',
      // What a use records (once), until the token's own end.
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      expiresAtSeconds: Math.floor(expiresAt.getTime() / 1000),
    });
    const again = signSecondStepToken({ userId: 7, email: 'ada@example.com', next: 'code' }, 'key');
    expect(verifySecondStepToken(again.token, 'key', 'code')?.jti).not.toBe(
      verifySecondStepToken(token, 'key', 'code')?.jti,
    );
    expect(verifySecondStepToken(token, 'key', 'enrol')).toBeNull();
    expect(verifySecondStepToken(token, 'other', 'code')).toBeNull();
    const old = signSecondStepToken(
      { userId: 7, email: 'a@b.c', next: 'code' },
      'key',
      new Date(Date.now() - 3_600_000),
    );
    expect(verifySecondStepToken(old.token, 'key', 'code')).toBeNull();
  });
});
