import { randomUUID } from 'node:crypto';
import {
  type Actor,
  addTagsSchema,
  bulkActionSchema,
  bulkUpdateSchema,
  CURRENT_PASSWORD_REQUIRED,
  idParam,
  type UserUpsertInput,
  upgradeRoleSchema,
  userListQuerySchema,
  userUpsertSchema,
  validateUsersCsvSchema,
} from '@rainmakers/contracts';
import {
  answerOnce,
  badRequest,
  fieldError,
  forbidden,
  HttpError,
  notFound,
  parse,
  requireActor,
  zodFieldErrors,
} from '@rainmakers/kit';
import { Router } from 'express';
import { BULK_ACTION_INLINE_MAX, BULK_ACTION_MAX, bulkActionResult, bulkActionTag } from '../commands/bulk-actions';
import { resendInvitation } from '../commands/invitations';
import {
  addTagsByEmail,
  type CommandDeps,
  changeRoles,
  checkBulkChange,
  createUser,
  deleteUser,
  type PasswordCheck,
  updateUser,
} from '../commands/users';
import { auditActor } from '../domain/audit';
import { emailReport, normaliseEmails } from '../domain/bulk';
import { buildUserSearch, coachContactSearch, matchingSearch, normalizeListQuery } from '../domain/listing';
import { changedFields, changesFrom, formFieldErrors, missingForCreate } from '../domain/users';
import { type JobFiles, peopleKey } from '../import-files';
import {
  type BulkUpdateQueue,
  bulkActionCounts,
  emptyBulkActionProgress,
  queueTracked,
  trackedBulkAction,
} from '../jobs';
import {
  canAddTags,
  canChangeRoles,
  canCreateUser,
  canDeleteUser,
  canEditUser,
  canInviteUser,
  canListCoachContacts,
  canListUsers,
  canManageUsers,
  canReadUser,
  canRunBulkActions,
  canUpsertUser,
  needsCurrentPassword,
  removesOwnAdminRole,
  userListAbilities,
  userListView,
} from '../policies';
import { presentCoachContact, presentCommunityUser, presentUserFor } from '../presenters';
import { findUserById, findUsersByEmails, matchingUserIds, searchUsers, type UserRecord } from '../store/users';

export const CANNOT_REMOVE_OWN_ADMIN = 'You cannot take the admin role away from yourself';
export const USER_NOT_FOUND = 'User not found';
export const BULK_ACTION_TOO_MANY = `A bulk action may change at most ${BULK_ACTION_MAX} people: narrow the filters`;

/** The user with this id as `actor` may see them; a person they may not see answers exactly like an unknown id. */
async function visibleUser(deps: CommandDeps, actor: Actor, id: number): Promise<UserRecord> {
  const user = await findUserById(deps.db, id);
  if (!user || !canReadUser(actor, user)) throw notFound(USER_NOT_FOUND);
  return user;
}

/** The user form's body (fields, or `{user: {...}}`), with errors keyed as the form shows them. */
function parseUserForm(body: unknown): UserUpsertInput {
  const result = userUpsertSchema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors = formFieldErrors(zodFieldErrors(result.error));
  throw new HttpError(400, Object.values(errors)[0] ?? 'Invalid request', errors);
}

function throwIfErrors(errors: Record<string, string>): void {
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

/** /api/user/* (mounted there): the people screens (user dashboard, profile, community search). */
export function userRoutes(
  deps: CommandDeps & { bulkUpdates: BulkUpdateQueue; files: JobFiles; invitationsPerDay: number },
): Router {
  const router = Router();

  router.get('/read-many', async (req, res) => {
    const actor = requireActor(req);
    if (!canListUsers(actor)) throw forbidden();
    const normalized = normalizeListQuery({ ...req.query });
    if (!normalized.ok) throw badRequest(normalized.errors.filters, normalized.errors);
    const query = parse(userListQuerySchema, normalized.query);
    if (canListCoachContacts(actor, query.filters.role)) {
      const coaches = await searchUsers(deps.db, coachContactSearch(query));
      res.json({
        users: coaches.users.map(presentCoachContact),
        premiumCount: coaches.premiumCount,
        basicCount: coaches.basicCount,
        totalCount: coaches.totalCount,
        abilities: userListAbilities(actor),
      });
      return;
    }
    const view = userListView(actor);
    const page = await searchUsers(deps.db, buildUserSearch(query, view, actor.userId));
    res.json({
      users: page.users.map((user) =>
        view.presenter === 'full' ? presentUserFor(actor, user) : presentCommunityUser(user),
      ),
      premiumCount: page.premiumCount,
      basicCount: page.basicCount,
      totalCount: page.totalCount,
      abilities: userListAbilities(actor),
    });
  });

  router.post('/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parseUserForm(req.body);

    if (!input.id) {
      if (!canCreateUser(actor)) throw forbidden();
      throwIfErrors(missingForCreate(input));
      await answerOnce(req, res, deps.db, async () => {
        const user = await createUser(
          deps,
          {
            fullName: input.fullName ?? '',
            email: input.email ?? '',
            role: input.role ?? 'basic',
            photoUrl: input.photoUrl ?? null,
            city: input.city ?? null,
            state: input.state ?? null,
            country: input.country ?? null,
            phoneNumber: input.phoneNumber ?? null,
            alwaysGrantAccess: input.alwaysGrantAccess ?? false,
            password: input.password ?? null,
            tagIds: input.Tags ?? [],
          },
          {
            unknownTags: 'reject',
            emailTakenStatus: 400,
            audit: auditActor(actor),
            invite: input.sendInvitation === true,
          },
        );
        return { status: 201, body: { user: presentUserFor(actor, user), isNew: true } };
      });
      return;
    }

    const id = input.id;
    const stored = await visibleUser(deps, actor, id);
    if (!canEditUser(actor, stored)) throw forbidden();
    const changed = changedFields(stored, input);
    if (!canUpsertUser(actor, stored, changed)) {
      throw forbidden(`You do not have permission to change: ${changed.join(', ')}`);
    }
    if (removesOwnAdminRole(actor, [id], changed.includes('role') ? input.role : undefined)) {
      throw fieldError('role', CANNOT_REMOVE_OWN_ADMIN);
    }
    if (changed.length === 0) {
      res.json({ user: presentUserFor(actor, stored), isNew: false });
      return;
    }
    let passwordCheck: PasswordCheck | undefined;
    if (needsCurrentPassword(actor, id, changed)) {
      if (!input.currentPassword) throw fieldError('currentPassword', CURRENT_PASSWORD_REQUIRED);
      // auth checks it, and keeps this session while ending the person's others.
      passwordCheck = { currentPassword: input.currentPassword, keepSessionId: actor.sessionId };
    }
    const user = await updateUser(deps, id, { ...changesFrom(input, changed), passwordCheck }, auditActor(actor));
    res.json({ user: presentUserFor(actor, user), isNew: false });
  });

  router.post('/upgrade-role', async (req, res) => {
    const actor = requireActor(req);
    if (!canChangeRoles(actor)) throw forbidden();
    const input = parse(upgradeRoleSchema, req.body ?? {});
    if (removesOwnAdminRole(actor, input.users, input.newRole)) throw fieldError('users', CANNOT_REMOVE_OWN_ADMIN);
    // The spec's answer holds `updated` only; the unchanged count stays with the bulk job's report.
    const { updated } = await changeRoles(deps, input.users, input.newRole, auditActor(actor));
    res.json({ updated });
  });

  /** The bulk update wizard's report: the CSV's e-mails split into found, duplicate and not found. */
  router.put('/validate-users-csv', async (req, res) => {
    const actor = requireActor(req);
    if (!canManageUsers(actor)) throw forbidden();
    const input = parse(validateUsersCsvSchema, req.body ?? {});
    const list = normaliseEmails(input.userEmails);
    const report = emailReport(list, await findUsersByEmails(deps.db, list.unique));
    res.json(report);
  });

  /**
   * Tags added or removed and/or a role set for the people of the CSV's e-mails (unknown e-mails are skipped): checked
   * here (unknown tags, an admin's own role: 400 before anything is queued), done by a user-bulk-update job. Answers
   * 202 with the job's id, how many people it will handle, and the e-mails not found.
   */
  router.put('/bulk-update', async (req, res) => {
    const actor = requireActor(req);
    if (!canManageUsers(actor)) throw forbidden();
    const input = parse(bulkUpdateSchema, req.body ?? {});
    const list = normaliseEmails(input.userEmails);
    const report = emailReport(list, await findUsersByEmails(deps.db, list.unique));
    const ids = report.found.map((p) => p.id);
    if (removesOwnAdminRole(actor, ids, input.role ?? undefined)) throw fieldError('role', CANNOT_REMOVE_OWN_ADMIN);
    const change = { tagIds: input.tags ?? [], action: input.availableAction, role: input.role ?? null };
    await checkBulkChange(deps, change);
    // The people's ids go to storage; the job holds their key (import-files.ts), never the list.
    const runId = randomUUID();
    await deps.files.ready();
    await deps.files.storage.put(peopleKey(deps.files, runId), Buffer.from(JSON.stringify(ids)), 'application/json');
    const data = { runId, total: ids.length, change, actorId: actor.userId, impersonatorId: actor.impersonatorId };
    const row = {
      kind: 'bulk-update' as const,
      counts: { total: ids.length, done: 0, updated: 0, unchanged: 0 },
      peopleFileKey: peopleKey(deps.files, runId),
    };
    await queueTracked(deps, row, data, (opts) => deps.bulkUpdates.add('bulk-update', data, opts));
    res.status(202).json({ jobId: runId, total: ids.length, notFound: report.notFound });
  });

  /** A new invitation e-mail (the older link stops working); 429 past the per-person limit. */
  router.post('/invite/:id', async (req, res) => {
    const actor = requireActor(req);
    if (!canInviteUser(actor)) throw forbidden();
    const user = await visibleUser(deps, actor, parse(idParam, req.params.id));
    res.json(await resendInvitation(deps, user.id, auditActor(actor)));
  });

  /**
   * The table's bulk actions on a selection (ids) or on everyone matching the list's search and filters
   * (the same match as read-many's, for the admin asking). Up to BULK_ACTION_INLINE_MAX people: done here, 200 with
   * {total, changed, unchanged, failed}. More: a user-bulk-update job, 202 with its id and the total; its status at
   * GET /jobs/{jobId} (routes/jobs.ts). Either way the action is in the job history. One audit entry per action.
   */
  router.post('/bulk-action', async (req, res) => {
    const actor = requireActor(req);
    if (!canRunBulkActions(actor)) throw forbidden();
    const input = parse(bulkActionSchema, req.body ?? {});
    const change = { action: input.action, tagId: input.tagId, role: input.role };
    await bulkActionTag(deps, change);
    const ids =
      'ids' in input.target
        ? [...new Set(input.target.ids)]
        : await matchingUserIds(
            deps.db,
            matchingSearch(input.target.filter.search, input.target.filter.filters, userListView(actor)),
            BULK_ACTION_MAX + 1,
          );
    if (ids.length > BULK_ACTION_MAX) throw fieldError('target', BULK_ACTION_TOO_MANY);
    const runId = randomUUID();
    const jobActor = { actorId: actor.userId, impersonatorId: actor.impersonatorId };
    if (ids.length <= BULK_ACTION_INLINE_MAX) {
      const run = { runId, queueJobId: null, actor: jobActor, total: ids.length, finalAttempt: true };
      const progress = await trackedBulkAction(deps, run, async () => ids, change);
      res.json({ ...bulkActionResult(progress), jobId: runId, state: 'completed' });
      return;
    }
    await deps.files.ready();
    await deps.files.storage.put(peopleKey(deps.files, runId), Buffer.from(JSON.stringify(ids)), 'application/json');
    const data = { ...jobActor, runId, total: ids.length, change: { tagIds: [] }, bulkAction: change };
    const progress = emptyBulkActionProgress(ids.length);
    const row = {
      kind: 'bulk-action' as const,
      counts: bulkActionCounts(progress),
      peopleFileKey: peopleKey(deps.files, runId),
    };
    await queueTracked(deps, row, data, (opts) => deps.bulkUpdates.add('bulk-action', data, opts));
    res.status(202).json({ ...bulkActionResult(progress), jobId: runId, state: 'queued' });
  });

  router.get('/:id', async (req, res) => {
    const actor = requireActor(req);
    const user = await visibleUser(deps, actor, parse(idParam, req.params.id));
    res.json({ user: presentUserFor(actor, user) });
  });

  router.delete('/:id', async (req, res) => {
    const actor = requireActor(req);
    const user = await visibleUser(deps, actor, parse(idParam, req.params.id));
    if (!canDeleteUser(actor, user)) {
      throw forbidden(actor.userId === user.id ? 'You cannot delete your own account' : undefined);
    }
    await deleteUser(deps, user.id, auditActor(actor));
    res.status(204).end();
  });

  return router;
}

/** /api/v2/user/*: the add-tags call (spec: the dashboard's hidden test button and outside integrations). */
export function userV2Routes(deps: CommandDeps): Router {
  const router = Router();

  router.post('/add-tags', async (req, res) => {
    const actor = requireActor(req);
    if (!canAddTags(actor)) throw forbidden();
    const input = parse(addTagsSchema, req.body ?? {});
    const user = await addTagsByEmail(deps, input.email, input.tags, auditActor(actor));
    res.json({ user: presentUserFor(actor, user) });
  });

  return router;
}
