import { type ConsumerWiring, createConsumer } from '@rainmakers/kit';
import { sendInvitation } from './commands/invitations';
import { personFromEvent } from './commands/people';
import { endAllSessions } from './commands/sessions';
import type { AuthDeps } from './deps';
import { deleteCredential, syncCredentialEmail } from './store/credentials';
import { deletePerson, savePerson } from './store/people';
import type { AuthSchema } from './store/schema';

/**
 * It consumes (group 'auth', idempotent through processed_events):
 * - users.user-changed: the account's sign-in email follows users (the hash stays; new accounts get a row
 *   without a password, which forgot-password can then set), and auth's copy of the person (people) is
 *   replaced unless it is newer: /me and sign-in read that copy, not users;
 * - users.user-invited: a new single-use invitation link (older ones retired) and its e-mail queued;
 * - users.user-deleted: credentials, open reset links and the copy go, every session is revoked.
 * It publishes auth.signed-in (commands/sign-ins.ts) when someone signs in: users keeps lastSignInAt.
 */
export const CONSUMER_GROUP = 'auth';

export function createAuthConsumer(
  deps: Pick<AuthDeps, 'db' | 'redis' | 'sessionCache' | 'logger' | 'config' | 'mail'>,
  wiring: ConsumerWiring<AuthSchema>,
) {
  return createConsumer<AuthSchema>(wiring, CONSUMER_GROUP, {
    'users.user-changed': async (user, { trx }) => {
      const now = new Date();
      await syncCredentialEmail(trx, { userId: user.id, email: user.email, version: user.version, now });
      await savePerson(trx, personFromEvent(user), user.version, now);
    },
    'users.user-invited': async (invitation, { trx }) => {
      await sendInvitation(deps, trx, invitation);
      deps.logger.info({ userId: invitation.userId }, 'invitation e-mail queued');
    },
    'users.user-deleted': async ({ id }, { trx }) => {
      // Revocation commits on its own before the mirrors go (revoking twice is harmless on a redelivery),
      // so the gateway's fallback to GET /internal/sessions cannot bring a mirror back.
      await endAllSessions(deps, id);
      await deleteCredential(trx, id);
      await deletePerson(trx, id);
    },
  });
}
