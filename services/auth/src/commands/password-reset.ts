import { RESET_LINK_INVALID, RESET_TOKEN_TTL_MINUTES } from '@rainmakers/contracts';
import { badRequest, mailPublicUrl } from '@rainmakers/kit';
import type { AuthDeps } from '../deps';
import { resetPasswordMail } from '../domain/mail';
import { hashPassword } from '../domain/passwords';
import {
  hashResetToken,
  isResetTokenUsable,
  isWellFormedResetToken,
  newResetToken,
  resetLink,
  resetTokenExpiry,
} from '../domain/reset-tokens';
import { ensureCredential, findCredentialByEmail, findCredentialByUserId, setPasswordHash } from '../store/credentials';
import { findPasswordReset, insertPasswordReset, markPasswordResetsUsed } from '../store/password-resets';
import { emailKey } from '../store/rate-limits';
import { revokeUserSessions } from '../store/sessions';
import { loadPerson } from './people';

export type ResetRequestOutcome = 'sent' | 'unknown' | 'throttled';

/**
 * Forgot password: when the email belongs to an account, e-mails a one-time link. The caller answers the
 * same thing whatever the outcome (no account enumeration); the outcome is for logs and tests.
 */
export async function requestPasswordReset(
  deps: Pick<AuthDeps, 'db' | 'users' | 'mail' | 'limiter' | 'config' | 'logger'>,
  email: string,
  /** The address links use (kit mailPublicUrl: PUBLIC_URL). */
  publicUrl: string = mailPublicUrl(deps.config),
): Promise<ResetRequestOutcome> {
  let credential = await findCredentialByEmail(deps.db, email);
  if (!credential) {
    // users may know the person before its users.user-changed event reached us (e.g. a fresh import).
    const person = await deps.users.findUserByEmail(email);
    if (!person) return 'unknown';
    await ensureCredential(deps.db, { userId: person.id, email: person.email, now: new Date() });
    credential = await findCredentialByUserId(deps.db, person.id);
    if (!credential || credential.email !== email) return 'unknown';
  }
  const { count } = await deps.limiter.hit(`reset-mail:${emailKey(email)}`, deps.config.RESET_MAILS_WINDOW_SECONDS);
  if (count > deps.config.RESET_MAILS_PER_ACCOUNT) return 'throttled';
  const person = await loadPerson(deps, credential.userId);
  if (!person) return 'unknown';

  const now = new Date();
  const { token, tokenHash } = newResetToken();
  await insertPasswordReset(deps.db, {
    tokenHash,
    kind: 'reset',
    userId: credential.userId,
    expiresAt: resetTokenExpiry(now, RESET_TOKEN_TTL_MINUTES),
    usedAt: null,
    createdAt: now,
  });
  const mail = resetPasswordMail({
    link: resetLink(publicUrl, token),
    ttlMinutes: RESET_TOKEN_TTL_MINUTES,
    fullName: person.fullName,
  });
  await deps.mail.send({ to: email, ...mail });
  return 'sent';
}

/**
 * Uses a reset link: sets the new password, marks the link (and any other open link of the account) used and
 * revokes every session of the account, all in one transaction. The sessions' Redis mirrors become revocation
 * markers inside that transaction, before the commit: when Redis fails, everything rolls back (old password,
 * link still usable) instead of a changed password with old sessions alive. Returns the account's user id.
 */
export async function resetPassword(
  deps: Pick<AuthDeps, 'db' | 'sessionCache'>,
  token: string,
  password: string,
): Promise<number> {
  if (!isWellFormedResetToken(token)) throw badRequest(RESET_LINK_INVALID);
  const tokenHash = hashResetToken(token);
  // Cheap look first, so an invalid link never costs a password hash.
  const peek = await findPasswordReset(deps.db, tokenHash);
  if (peek?.kind !== 'reset' || !isResetTokenUsable(peek, new Date())) throw badRequest(RESET_LINK_INVALID);
  const passwordHash = await hashPassword(password);

  return deps.db.transaction().execute(async (trx) => {
    const reset = await findPasswordReset(trx, tokenHash, { forUpdate: true });
    const now = new Date();
    if (!reset || !isResetTokenUsable(reset, now)) throw badRequest(RESET_LINK_INVALID);
    if (!(await setPasswordHash(trx, reset.userId, passwordHash, now))) throw badRequest(RESET_LINK_INVALID);
    await markPasswordResetsUsed(trx, reset.userId, now);
    const revoked = await revokeUserSessions(trx, reset.userId, now);
    await deps.sessionCache.markRevoked(revoked, now);
    return reset.userId;
  });
}
