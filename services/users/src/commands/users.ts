/**
 * Changes to people. Each runs in withEvents: one transaction that also writes its events to the outbox,
 * and the relay is nudged after the commit. Reading rules and field rules live in policies and domain.
 *
 * Passwords: auth stores them (PUT /internal/credentials/{id}). That call is made INSIDE the transaction,
 * after the rows and the event are written and before the commit: if auth refuses or is unreachable, the
 * transaction rolls back and nothing is half-written (no user without the password the admin typed).
 * The remaining gap is a failed COMMIT after auth accepted; auth then holds credentials for an id that
 * never existed (ids are not reused) and its users.user-changed consumer is never told about it.
 * We accept that: a commit failing after every statement succeeded is rare, and harmless for sign-in
 * (auth signs people in only when users knows them).
 */
import type { Role, Tag } from '@rainmakers/contracts';
import { badRequest, HttpError, notFound, uniqueViolation, withEvents } from '@rainmakers/kit';
import type { CredentialsClient } from '../clients/auth';
import { emailInUseErrors, unknownIds } from '../domain/users';
import { type EventNotifier, publishUserChanged, publishUserDeleted } from '../events';
import { findTags } from '../store/tags';
import type { UserFields, UserRecord, UsersDb } from '../store/users';
import * as store from '../store/users';

export interface CommandDeps {
  db: UsersDb;
  credentials: CredentialsClient;
  events: EventNotifier;
}

export const EMAIL_CONSTRAINT = 'users_email';

/** A unique e-mail violation as the person should see it (400 on the form, 409 on the internal API). */
function emailTaken(error: unknown, status: number): unknown {
  const violation = uniqueViolation(error);
  if (violation?.constraint === EMAIL_CONSTRAINT) {
    const errors = emailInUseErrors();
    return new HttpError(status, errors.users_email, errors);
  }
  return error;
}

/** The tags among `tagIds`; unknown ids are refused ('reject') or dropped ('ignore'). */
async function resolveTags(db: UsersDb, tagIds: number[], unknown: 'reject' | 'ignore', field: string): Promise<Tag[]> {
  const tags = await findTags(db, tagIds);
  const missing = unknownIds(tagIds, tags);
  if (missing.length > 0 && unknown === 'reject') {
    const message = `Unknown tag id${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`;
    throw badRequest(message, { [field]: message });
  }
  return tags;
}

export interface NewUser extends UserFields {
  password: string | null;
  tagIds: number[];
}

export async function createUser(
  deps: CommandDeps,
  input: NewUser,
  options: { unknownTags: 'reject' | 'ignore'; emailTakenStatus: number },
): Promise<UserRecord> {
  try {
    const user = await withEvents(deps.db, deps.events, async (trx, { publish }) => {
      const tags = await resolveTags(trx, input.tagIds, options.unknownTags, 'Tags');
      const id = await store.insertUser(trx, input);
      await store.addUserTags(
        trx,
        id,
        tags.map((t) => t.id),
      );
      const created = await publishUserChanged(trx, publish, id);
      if (input.password) {
        await deps.credentials.setCredentials(id, { email: created.email, password: input.password });
      }
      return created;
    });
    return user;
  } catch (error) {
    throw emailTaken(error, options.emailTakenStatus);
  }
}

export interface UserChanges {
  fields: Partial<UserFields>;
  /** A new password, sent to auth. */
  password: string | null;
  /** The whole new set of tags, when they change. */
  tagIds?: number[];
}

export async function updateUser(deps: CommandDeps, id: number, changes: UserChanges): Promise<UserRecord> {
  try {
    const user = await withEvents(deps.db, deps.events, async (trx, { publish }) => {
      const [locked] = await store.lockForChange(trx, [id]);
      if (locked === undefined) throw notFound('User not found');
      await store.updateUser(trx, id, changes.fields);
      if (changes.tagIds) {
        const tags = await resolveTags(trx, changes.tagIds, 'reject', 'Tags');
        await store.setUserTags(
          trx,
          id,
          tags.map((t) => t.id),
        );
      }
      const updated = await publishUserChanged(trx, publish, id);
      if (changes.password) {
        await deps.credentials.setCredentials(id, { email: updated.email, password: changes.password });
      }
      return updated;
    });
    return user;
  } catch (error) {
    throw emailTaken(error, 400);
  }
}

export async function deleteUser(deps: CommandDeps, id: number): Promise<void> {
  await withEvents(deps.db, deps.events, async (trx, { publish }) => {
    if (!(await store.deleteUser(trx, id))) throw notFound('User not found');
    await publishUserDeleted(publish, id);
  });
}

/** Gives several people one role; returns how many of them exist (all of them now hold the role). */
export async function changeRoles(deps: CommandDeps, ids: number[], role: Role): Promise<number> {
  const count = await withEvents(deps.db, deps.events, async (trx, { publish }) => {
    const existing = await store.lockForChange(trx, [...new Set(ids)]);
    const changed = await store.updateRoles(trx, existing, role);
    for (const id of changed) await publishUserChanged(trx, publish, id);
    return existing.length;
  });
  return count;
}

/** Adds tags to the person with this e-mail (keeping the ones they hold). */
export async function addTagsByEmail(deps: CommandDeps, email: string, tagIds: number[]): Promise<UserRecord> {
  const user = await withEvents(deps.db, deps.events, async (trx, { publish }) => {
    const found = await store.findUserByEmail(trx, email);
    if (!found) throw notFound('User not found');
    const tags = await resolveTags(trx, tagIds, 'reject', 'tags');
    await store.lockForChange(trx, [found.id]);
    await store.addUserTags(
      trx,
      found.id,
      tags.map((t) => t.id),
    );
    return publishUserChanged(trx, publish, found.id);
  });
  return user;
}
