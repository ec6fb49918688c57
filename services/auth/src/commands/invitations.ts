/**
 * Invitations: users decides who is invited (users.user-invited, consumed in events.ts); auth makes the
 * single-use link with its password-reset machinery (password_resets, kind 'invitation', valid
 * INVITATION_TTL_HOURS) and queues the e-mail through the send-mail job. Using the link sets the first password,
 * retires every open link of the account and signs the person in (the route).
 */
import {
  type EventData,
  INVITATION_LINK_EXPIRED,
  INVITATION_LINK_INVALID,
  INVITATION_LINK_USED,
} from '@rainmakers/contracts';
import { badRequest, type Db, mailPublicUrl } from '@rainmakers/kit';
import type { AuthDeps } from '../deps';
import { invitationMail } from '../domain/mail';
import { hashPassword } from '../domain/passwords';
import {
  hashResetToken,
  invitationExpiry,
  invitationLink,
  isWellFormedResetToken,
  newResetToken,
  resetTokenState,
} from '../domain/reset-tokens';
import { ensureCredential, setPasswordHash } from '../store/credentials';
import {
  findPasswordReset,
  insertPasswordReset,
  markPasswordResetsUsed,
  type PasswordReset,
  retireOpenInvitations,
} from '../store/password-resets';
import type { AuthSchema } from '../store/schema';
import { revokeUserSessions } from '../store/sessions';

/**
 * Makes a new invitation link for the person (their older open invitation links stop working) in `trx`, and queues
 * the e-mail last, inside the transaction: if the commit then fails, the redelivered event makes a new link and a
 * new e-mail (the first one's link never existed), so a person is never left with only a dead link.
 */
export async function sendInvitation(
  deps: Pick<AuthDeps, 'mail' | 'config'>,
  trx: Db<AuthSchema>,
  invitation: EventData<'users.user-invited'>,
): Promise<void> {
  const now = new Date();
  // The person may reach auth here before their users.user-changed does (a fresh import).
  await ensureCredential(trx, { userId: invitation.userId, email: invitation.email, now });
  await retireOpenInvitations(trx, invitation.userId, now);
  const { token, tokenHash } = newResetToken();
  await insertPasswordReset(trx, {
    tokenHash,
    kind: 'invitation',
    userId: invitation.userId,
    expiresAt: invitationExpiry(now, deps.config.INVITATION_TTL_HOURS),
    usedAt: null,
    createdAt: now,
  });
  const mail = invitationMail({
    link: invitationLink(mailPublicUrl(deps.config), token),
    ttlHours: deps.config.INVITATION_TTL_HOURS,
    fullName: invitation.fullName,
  });
  await deps.mail.send({ to: invitation.email, ...mail });
}

/** Why an invitation link cannot be used, in the person's words. */
function refusal(reset: PasswordReset | null, now: Date): string | null {
  if (reset?.kind !== 'invitation') return INVITATION_LINK_INVALID;
  const state = resetTokenState(reset, now);
  if (state === 'used') return INVITATION_LINK_USED;
  if (state === 'expired') return INVITATION_LINK_EXPIRED;
  return null;
}

/**
 * Uses an invitation link: sets the password, marks every open link of the account used and revokes any session
 * of the account, in one transaction (as a reset does). Returns the account's user id.
 */
export async function acceptInvitation(
  deps: Pick<AuthDeps, 'db' | 'sessionCache'>,
  token: string,
  password: string,
): Promise<number> {
  if (!isWellFormedResetToken(token)) throw badRequest(INVITATION_LINK_INVALID);
  const tokenHash = hashResetToken(token);
  // Cheap look first, so a bad link never costs a password hash.
  const early = refusal(await findPasswordReset(deps.db, tokenHash), new Date());
  if (early) throw badRequest(early);
  const passwordHash = await hashPassword(password);

  return deps.db.transaction().execute(async (trx) => {
    const reset = await findPasswordReset(trx, tokenHash, { forUpdate: true });
    const now = new Date();
    const refused = refusal(reset, now);
    if (refused || !reset) throw badRequest(refused ?? INVITATION_LINK_INVALID);
    if (!(await setPasswordHash(trx, reset.userId, passwordHash, now))) throw badRequest(INVITATION_LINK_INVALID);
    await markPasswordResetsUsed(trx, reset.userId, now);
    const revoked = await revokeUserSessions(trx, reset.userId, now);
    await deps.sessionCache.markRevoked(revoked, now);
    return reset.userId;
  });
}
