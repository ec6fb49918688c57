/**
 * A person closes her own account (auth checked her password and second factor first, then calls
 * POST /internal/users/{id}/close). One transaction: the admins' rows are locked (the last admin is refused, even
 * when two admins close at once), the person is deleted with her tags and purchases read model, the audit log
 * records it, and users.user-deleted goes out, which every other service applies to her data exactly as after an
 * admin's delete (docs/decisions.md "Closing one's own account").
 */
import { CLOSE_ACCOUNT_LAST_ADMIN } from '@rainmakers/contracts';
import { HttpError, notFound, withEvents } from '@rainmakers/kit';
import type { UserRecord } from '../domain/records';
import { publishUserDeleted } from '../events';
import { canCloseOwnAccount } from '../policies';
import { lockAdmins } from '../store/account';
import { appendAudit } from '../store/audit';
import * as store from '../store/users';
import type { CommandDeps } from './users';

/** Returns the person as she was (for the confirmation e-mail); 404 unknown, 409 for the last admin. */
export async function closeOwnAccount(deps: CommandDeps, userId: number): Promise<UserRecord> {
  return withEvents(deps.db, deps.events, async (trx, { publish }) => {
    const admins = await lockAdmins(trx);
    const person = await store.findUserById(trx, userId);
    if (!person) throw notFound('User not found');
    if (!canCloseOwnAccount(person, admins)) throw new HttpError(409, CLOSE_ACCOUNT_LAST_ADMIN);
    // Written before the delete, while her name can still be read for the entry; no e-mail or profile is kept in it.
    await appendAudit(trx, { actorId: userId, impersonatorId: null }, [
      { action: 'user.close-account', userId, before: { role: person.role }, after: null },
    ]);
    await store.deleteUser(trx, userId);
    await publishUserDeleted(publish, userId);
    return person;
  });
}
