/**
 * Invitation e-mails. users decides who is invited and when (invitedAt, the per-person limit, the
 * audit log) and publishes users.user-invited in the transaction of that decision; auth makes the single-use link
 * and queues the e-mail through the send-mail job (see auth's commands/invitations.ts). A person created without a
 * password is invited in the transaction that creates them, so the invitation exists exactly when the person does.
 */
import { invitationSentMessage } from '@rainmakers/contracts';
import { HttpError, type Publish, withEvents } from '@rainmakers/kit';
import type { AuditActor } from '../domain/audit';
import type { EventNotifier } from '../events';
import { appendAudit } from '../store/audit';
import { countInvitationsSince, lockPerson, recordInvitations } from '../store/invitations';
import type { UserRecord, UsersDb } from '../store/users';
import * as store from '../store/users';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvitationDeps {
  db: UsersDb;
  events: EventNotifier;
  /** At most this many invitations per person within 24 hours (INVITATIONS_PER_PERSON_PER_DAY). */
  invitationsPerDay: number;
}

export const invitationLimitMessage = (limit: number) =>
  `This person was already sent ${limit} invitation${limit === 1 ? '' : 's'} in the last 24 hours. Please try again tomorrow.`;

/** Invites these people inside the caller's transaction (their creation, an import chunk). */
export async function invitePeople(
  trx: UsersDb,
  publish: Publish,
  people: readonly Pick<UserRecord, 'id' | 'email' | 'fullName'>[],
  actorId: number | null,
  now = new Date(),
): Promise<void> {
  await recordInvitations(
    trx,
    people.map((p) => p.id),
    actorId,
    now,
  );
  for (const person of people) {
    await publish('users.user-invited', {
      userId: person.id,
      email: person.email,
      fullName: person.fullName,
      sentAt: now.toISOString(),
    });
  }
}

/**
 * POST /api/user/invite/{id}: a new invitation (auth retires the older links). The person's row is locked while
 * the limit is counted, so two clicks at once cannot both pass it; over the limit -> 429.
 */
export async function resendInvitation(
  deps: InvitationDeps,
  userId: number,
  audit: AuditActor,
): Promise<{ message: string }> {
  return withEvents(deps.db, deps.events, async (trx, { publish }) => {
    const now = new Date();
    const person = (await lockPerson(trx, userId)) ? await store.findUserById(trx, userId) : null;
    if (!person) throw new HttpError(404, 'User not found');
    const sent = await countInvitationsSince(trx, userId, new Date(now.getTime() - DAY_MS));
    if (sent >= deps.invitationsPerDay) throw new HttpError(429, invitationLimitMessage(deps.invitationsPerDay));
    await invitePeople(trx, publish, [person], audit.actorId, now);
    await appendAudit(trx, audit, [
      {
        action: 'user.invite',
        userId,
        before: { invitedAt: person.invitedAt?.toISOString() ?? null },
        after: { invitedAt: now.toISOString() },
      },
    ]);
    return { message: invitationSentMessage(person.email) };
  });
}
