import { createHash, randomBytes } from 'node:crypto';
import { RESET_TOKEN_TTL_MINUTES } from '@rainmakers/contracts';

/** 32 random bytes: a link cannot be guessed, so it is the only secret a reset needs. */
export const RESET_TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The e-mailed token and the only thing stored about it: its sha256. */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a string from a URL can be one of our tokens at all (anything else is refused without a query). */
export function isWellFormedResetToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function resetTokenExpiry(now: Date, ttlMinutes = RESET_TOKEN_TTL_MINUTES): Date {
  return new Date(now.getTime() + ttlMinutes * 60_000);
}

/** A token works once, before it expires. */
export function isResetTokenUsable(token: { expiresAt: Date; usedAt: Date | null }, now: Date): boolean {
  return token.usedAt === null && token.expiresAt.getTime() > now.getTime();
}

/** The web app's reset screen: /reset-password/{token}. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password/${encodeURIComponent(token)}`;
}

/** Why a link cannot be used, or that it can: an invitation tells the person which. */
export function resetTokenState(
  token: { expiresAt: Date; usedAt: Date | null },
  now: Date,
): 'usable' | 'used' | 'expired' {
  if (token.usedAt !== null) return 'used';
  return token.expiresAt.getTime() > now.getTime() ? 'usable' : 'expired';
}

/** The web app's invitation screen: /invitation/{token}. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/invitation/${encodeURIComponent(token)}`;
}

export function invitationExpiry(now: Date, ttlHours: number): Date {
  return new Date(now.getTime() + ttlHours * 3_600_000);
}
