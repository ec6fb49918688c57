/**
 * Changes to people. Each runs in withEvents: one transaction that also writes its events to the outbox,
 * and the relay is nudged after the commit. Reading rules and field rules live in policies and domain.
 *
 * Passwords: auth stores them (PUT /internal/credentials/{id}), never from inside a transaction (a remote call
 * while rows are locked stalls every writer of those rows for as long as auth takes).
 * - A change: auth first (it checks the current password when the person changes their own, and ends the
 *   person's other sessions), then the transaction. A wrong current password or auth being down changes
 *   nothing. Auth gets the stored e-mail; a new e-mail reaches it through users.user-changed.
 * - A new person: the transaction (the id exists only then), then auth. If auth fails, the person exists
 *   without a password and the admin is told to set it again (CREDENTIALS_NOT_SAVED).
 */
import type { Role, Tag } from '@rainmakers/contracts';
import { badRequest, HttpError, notFound, uniqueViolation, withEvents } from '@rainmakers/kit';
import { CREDENTIALS_NOT_SAVED, type CredentialsClient } from '../clients/auth';
import { type AuditActor, personSnapshot } from '../domain/audit';
import { chunks } from '../domain/bulk';
import { emailInUseErrors, unknownIds } from '../domain/users';
import { type EventNotifier, publishUserChanged, publishUserDeleted } from '../events';
import { appendAudit } from '../store/audit';
import { committedChunks, recordChunk } from '../store/jobs';
import { findSignupTags, findTags } from '../store/tags';
import type { UserFields, UserRecord, UsersDb } from '../store/users';
import * as store from '../store/users';
import { invitePeople } from './invitations';

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

/**
 * The tags among `tagIds`; unknown ids are refused ('reject') or dropped ('ignore'). 'signup' (a sign-up link's
 * tags) keeps only the tags an admin allowed on sign-up links and drops every other id.
 */
async function resolveTags(
  db: UsersDb,
  tagIds: number[],
  unknown: 'reject' | 'ignore' | 'signup',
  field: string,
): Promise<Tag[]> {
  if (unknown === 'signup') return findSignupTags(db, tagIds);
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
  /** Only accounts created by other services (POST /internal/users) may carry their own creation time. */
  createdAt?: string;
}

export async function createUser(
  deps: CommandDeps,
  input: NewUser,
  options: {
    unknownTags: 'reject' | 'ignore' | 'signup';
    emailTakenStatus: number;
    audit?: AuditActor;
    /** Told the ids that were not attached ('ignore' and 'signup'), for the log. */
    onIgnoredTags?: (ids: number[]) => void;
    /** E-mail an invitation when the person gets no password here. */
    invite?: boolean;
  },
): Promise<UserRecord> {
  try {
    const user = await withEvents(deps.db, deps.events, async (trx, { publish }) => {
      const tags = await resolveTags(trx, input.tagIds, options.unknownTags, 'Tags');
      const ignored = unknownIds(input.tagIds, tags);
      if (ignored.length > 0) options.onIgnoredTags?.(ignored);
      const id = await store.insertUser(trx, input);
      await store.addUserTags(
        trx,
        id,
        tags.map((t) => t.id),
      );
      const invited = options.invite === true && !input.password;
      if (invited) {
        await invitePeople(
          trx,
          publish,
          [{ id, email: input.email, fullName: input.fullName }],
          options.audit?.actorId ?? null,
        );
      }
      const created = await publishUserChanged(trx, publish, id);
      if (options.audit) {
        const after = {
          ...personSnapshot(created),
          ...(input.password ? { passwordSet: true } : {}),
          ...(invited ? { invitationSent: true } : {}),
        };
        await appendAudit(trx, options.audit, [{ action: 'user.create', userId: id, before: null, after }]);
      }
      return created;
    });
    if (input.password) {
      try {
        await deps.credentials.setCredentials(user.id, { email: user.email, password: input.password });
      } catch (error) {
        if (error instanceof HttpError && error.status < 500) throw error;
        throw new HttpError(503, CREDENTIALS_NOT_SAVED, { password: CREDENTIALS_NOT_SAVED });
      }
    }
    return user;
  } catch (error) {
    throw emailTaken(error, options.emailTakenStatus);
  }
}

/** The person changes their own password: auth checks the current one and keeps this session. */
export interface PasswordCheck {
  currentPassword: string;
  keepSessionId: string;
}

export interface UserChanges {
  fields: Partial<UserFields>;
  /** A new password, sent to auth. */
  password: string | null;
  passwordCheck?: PasswordCheck;
  /** The whole new set of tags, when they change. */
  tagIds?: number[];
}

export async function updateUser(
  deps: CommandDeps,
  id: number,
  changes: UserChanges,
  audit?: AuditActor,
): Promise<UserRecord> {
  if (changes.password) {
    const stored = await store.findUserById(deps.db, id);
    if (!stored) throw notFound('User not found');
    await deps.credentials.setCredentials(id, {
      email: stored.email,
      password: changes.password,
      ...changes.passwordCheck,
    });
  }
  try {
    const user = await withEvents(deps.db, deps.events, async (trx, { publish }) => {
      const [locked] = await store.lockForChange(trx, [id]);
      if (locked === undefined) throw notFound('User not found');
      const before = audit ? await store.findUserById(trx, id) : null;
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
      if (audit && before) {
        const password = changes.password ? { before: { password: 'kept' }, after: { password: 'changed' } } : null;
        await appendAudit(trx, audit, [
          {
            action: 'user.update',
            userId: id,
            before: { ...personSnapshot(before), ...password?.before },
            after: { ...personSnapshot(updated), ...password?.after },
          },
        ]);
      }
      return updated;
    });
    return user;
  } catch (error) {
    throw emailTaken(error, 400);
  }
}

export async function deleteUser(deps: CommandDeps, id: number, audit?: AuditActor): Promise<void> {
  await withEvents(deps.db, deps.events, async (trx, { publish }) => {
    const before = audit ? await store.findUserById(trx, id) : null;
    if (!(await store.deleteUser(trx, id))) throw notFound('User not found');
    if (audit && before) {
      await appendAudit(trx, audit, [
        { action: 'user.delete', userId: id, before: personSnapshot(before), after: null },
      ]);
    }
    await publishUserDeleted(publish, id);
  });
}

/**
 * Gives several people one role; returns how many of them exist (all of them now hold the role) and how many of
 * those held it already.
 */
export async function changeRoles(
  deps: CommandDeps,
  ids: number[],
  role: Role,
  audit?: AuditActor,
): Promise<{ updated: number; unchanged: number }> {
  const count = await withEvents(deps.db, deps.events, async (trx, { publish }) => {
    const existing = await store.lockForChange(trx, [...new Set(ids)]);
    const roles = new Map((await store.findUserRecordsByIds(trx, existing)).map((u) => [u.id, u.role]));
    const changed = await store.updateRoles(trx, existing, role);
    for (const id of changed) await publishUserChanged(trx, publish, id);
    if (audit) {
      await appendAudit(
        trx,
        audit,
        changed.map((id) => ({
          action: 'user.role-change',
          userId: id,
          before: { role: roles.get(id) },
          after: { role },
        })),
      );
    }
    return { updated: existing.length, unchanged: existing.length - changed.length };
  });
  return count;
}

/** Adds tags to the person with this e-mail (keeping the ones they hold). */
export async function addTagsByEmail(
  deps: CommandDeps,
  email: string,
  tagIds: number[],
  audit?: AuditActor,
): Promise<UserRecord> {
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
    const after = await publishUserChanged(trx, publish, found.id);
    if (audit) {
      await appendAudit(trx, audit, [
        { action: 'user.add-tags', userId: found.id, before: personSnapshot(found), after: personSnapshot(after) },
      ]);
    }
    return after;
  });
  return user;
}

/** People changed per transaction by a bulk update (each transaction locks, changes and publishes that many). */
export const BULK_CHUNK = 500;

export interface BulkChange {
  tagIds: number[];
  action?: 'add' | 'remove';
  role?: Role | null;
}

/** Refuses unknown tags (400, keyed tags) before a bulk update is queued. */
export async function checkBulkChange(deps: Pick<CommandDeps, 'db'>, change: BulkChange): Promise<void> {
  await resolveTags(deps.db, change.tagIds, 'reject', 'tags');
}

/** Where a bulk update stands: people handled so far, and how many of them changed. */
export interface BulkProgress {
  total: number;
  done: number;
  updated: number;
}

/**
 * Adds or removes tags and/or sets a role for these people (the user-bulk-update job's work), a chunk per
 * transaction that locks, changes, publishes (users.user-changed) and audits that many, and records the chunk
 * under `runId`. A retry of the run (the worker killed mid-way) skips the recorded chunks and counts them as they
 * were; every change is idempotent anyway (a tag held stays held, a role set stays set). Unknown tags are refused
 * before anything is written. `onProgress` hears after each chunk.
 */
export async function bulkUpdateUsers(
  deps: Pick<CommandDeps, 'db' | 'events'>,
  ids: readonly number[],
  change: BulkChange,
  runId: string,
  onProgress?: (progress: BulkProgress) => Promise<void> | void,
): Promise<BulkProgress> {
  const tags = await resolveTags(deps.db, change.tagIds, 'reject', 'tags');
  const tagIds = tags.map((t) => t.id);
  const people = [...new Set(ids)];
  const committed = await committedChunks<{ updated: number }>(deps.db, runId);
  let progress: BulkProgress = { total: people.length, done: 0, updated: 0 };
  for (const [chunkNo, part] of chunks(people, BULK_CHUNK).entries()) {
    const recorded = committed.get(chunkNo);
    const updated =
      recorded?.updated ??
      (await withEvents(deps.db, deps.events, async (trx, { publish }) => {
        const existing = await store.lockForChange(trx, part);
        const changed = new Set<number>();
        if (tagIds.length > 0 && change.action === 'add')
          for (const id of await store.addTagsToUsers(trx, existing, tagIds)) changed.add(id);
        if (tagIds.length > 0 && change.action === 'remove')
          for (const id of await store.removeTagsFromUsers(trx, existing, tagIds)) changed.add(id);
        if (change.role) for (const id of await store.updateRoles(trx, existing, change.role)) changed.add(id);
        // The audit log gets one entry for the whole job, with its counts (jobs.ts).
        for (const id of [...changed].sort((x, y) => x - y)) await publishUserChanged(trx, publish, id);
        await recordChunk(trx, runId, chunkNo, { updated: changed.size });
        return changed.size;
      }));
    progress = { total: people.length, done: progress.done + part.length, updated: progress.updated + updated };
    if (!recorded) await onProgress?.(progress);
  }
  return progress;
}
