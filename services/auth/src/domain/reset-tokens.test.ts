import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  hashResetToken,
  invitationExpiry,
  invitationLink,
  isResetTokenUsable,
  isWellFormedResetToken,
  newResetToken,
  resetLink,
  resetTokenExpiry,
  resetTokenState,
} from './reset-tokens';

describe('password reset tokens', () => {
  it('are 32 random bytes in base64url, and only their sha256 is kept', () => {
    const { token, tokenHash } = newResetToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(tokenHash).not.toContain(token);
    expect(hashResetToken(token)).toBe(tokenHash);
  });

  it('never repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newResetToken().token));
    expect(tokens.size).toBe(1000);
  });

  it('are recognised by shape before any lookup', () => {
    expect(isWellFormedResetToken(newResetToken().token)).toBe(true);
    expect(isWellFormedResetToken('')).toBe(false);
    expect(isWellFormedResetToken('short')).toBe(false);
    expect(isWellFormedResetToken(`${'a'.repeat(42)}=`)).toBe(false);
    expect(isWellFormedResetToken(`${'a'.repeat(42)}/`)).toBe(false);
    expect(isWellFormedResetToken('a'.repeat(44))).toBe(false);
  });

  it('expire after the configured minutes (60 by default)', () => {
    const now = new Date('2025-01-01T10:00:00Z');
    expect(resetTokenExpiry(now).toISOString()).toBe('2025-01-01T11:00:00.000Z');
    expect(resetTokenExpiry(now, 5).toISOString()).toBe('2025-01-01T10:05:00.000Z');
  });

  it('work once, before they expire', () => {
    const now = new Date('2025-01-01T10:00:00Z');
    const later = new Date('2025-01-01T10:30:00Z');
    expect(isResetTokenUsable({ expiresAt: later, usedAt: null }, now)).toBe(true);
    expect(isResetTokenUsable({ expiresAt: later, usedAt: now }, now)).toBe(false);
    expect(isResetTokenUsable({ expiresAt: now, usedAt: null }, now)).toBe(false);
    expect(isResetTokenUsable({ expiresAt: now, usedAt: null }, later)).toBe(false);
  });

  it('are e-mailed as a link to the web reset screen', () => {
    expect(resetLink('http://localhost:8080', 'abc_-1')).toBe('http://localhost:8080/reset-password/abc_-1');
    expect(resetLink('https://app.example.com/', 'abc')).toBe('https://app.example.com/reset-password/abc');
  });
});

describe('invitation links', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('tells a usable link from a used and an expired one', () => {
    const expiresAt = invitationExpiry(now, 168);
    expect(expiresAt.toISOString()).toBe('2026-12-03T12:00:00.000Z');
    expect(resetTokenState({ expiresAt, usedAt: null }, now)).toBe('usable');
    expect(resetTokenState({ expiresAt, usedAt: now }, now)).toBe('used');
    expect(resetTokenState({ expiresAt, usedAt: null }, new Date('2026-12-03T12:00:00Z'))).toBe('expired');
    // Used wins over expired: the person is told they already set a password.
    expect(resetTokenState({ expiresAt: now, usedAt: now }, new Date('2027-01-01T00:00:00Z'))).toBe('used');
  });

  it("points at the web app's invitation screen", () => {
    expect(invitationLink('https://app.example.com/', 'abc_DEF-123')).toBe(
      'https://app.example.com/invitation/abc_DEF-123',
    );
  });
});
