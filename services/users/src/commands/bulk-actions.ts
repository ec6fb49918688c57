/**
 * The table's bulk actions: add or remove one tag, set a role, or delete, for a selection of people or
 * everyone matching the list's filters. A chunk of people per transaction (lock, change, publish, record the chunk
 * under the run id, so a retried job skips what was done and counts it as it was); ONE audit entry per action with
 * its counts, written once at the end. The counts are the truth of what happened to each person:
 * - changed: the person is different now (gained or lost the tag, took the role, was deleted);
 * - unchanged: the person already was so (held the tag or did not, held the role);
 * - failed: the person could not be touched (gone by then, or oneself for a delete or for losing the admin role).
 */
import type { BulkActionName, BulkActionResult, Role, Tag } from '@rainmakers/contracts';
import { badRequest, withEvents } from '@rainmakers/kit';
import type { AuditActor } from '../domain/audit';
import { chunks } from '../domain/bulk';
import { publishUserChanged, publishUserDeleted } from '../events';
import { takesAdminRoleAway } from '../policies';
import { appendAudit } from '../store/audit';
import { committedChunks, recordChunk } from '../store/jobs';
import { findTags } from '../store/tags';
import * as store from '../store/users';
import { BULK_CHUNK, type CommandDeps } from './users';

export interface BulkActionChange {
  action: BulkActionName;
  tagId?: number;
  role?: Role;
}

/** Where a bulk action stands; `updated` repeats `changed` for the bulk update's status shape. */
export interface BulkActionProgress {
  total: number;
  done: number;
  changed: number;
  unchanged: number;
  failed: number;
  updated: number;
}

/** Up to this many people a bulk action runs inside the request; more go to a user-bulk-update job. */
export const BULK_ACTION_INLINE_MAX = BULK_CHUNK;
/** The most people one bulk action may touch ("all matching" on the biggest community, with room). */
export const BULK_ACTION_MAX = 250_000;
/** The chunk number of the run's final audit entry in job_chunks (after every chunk of people). */
const AUDIT_CHUNK = -1;

export const UNKNOWN_BULK_TAG = 'This tag does not exist any more: choose another one';

/** The tag of an add-tag or remove-tag action (400 on tagId when it does not exist), else null. */
export async function bulkActionTag(deps: Pick<CommandDeps, 'db'>, change: BulkActionChange): Promise<Tag | null> {
  if (change.action !== 'add-tag' && change.action !== 'remove-tag') return null;
  const [tag] = await findTags(deps.db, change.tagId === undefined ? [] : [change.tagId]);
  if (!tag) throw badRequest(UNKNOWN_BULK_TAG, { tagId: UNKNOWN_BULK_TAG });
  return tag;
}

/** Whether the action may not touch this person: one's own account for a delete, one's own admin role. */
function refusedFor(change: BulkActionChange, actorId: number, userId: number): boolean {
  if (userId !== actorId) return false;
  return change.action === 'delete' || (change.action === 'set-role' && takesAdminRoleAway(change.role));
}

/** The result as the API answers it. */
export const bulkActionResult = (progress: BulkActionProgress): BulkActionResult => ({
  total: progress.total,
  changed: progress.changed,
  unchanged: progress.unchanged,
  failed: progress.failed,
  done: progress.done,
});

export async function runBulkAction(
  deps: Pick<CommandDeps, 'db' | 'events'>,
  ids: readonly number[],
  change: BulkActionChange,
  runId: string,
  audit: AuditActor,
  onProgress?: (progress: BulkActionProgress) => Promise<void> | void,
): Promise<BulkActionProgress> {
  const tag = await bulkActionTag(deps, change);
  const people = [...new Set(ids)];
  const committed = await committedChunks<{ changed: number; unchanged: number; failed: number }>(deps.db, runId);
  let progress: BulkActionProgress = { total: people.length, done: 0, changed: 0, unchanged: 0, failed: 0, updated: 0 };
  for (const [chunkNo, part] of chunks(people, BULK_CHUNK).entries()) {
    const recorded = committed.get(chunkNo);
    const counts =
      recorded ??
      (await withEvents(deps.db, deps.events, async (trx, { publish }) => {
        const existing = await store.lockForChange(trx, part);
        const workable = existing.filter((id) => !refusedFor(change, audit.actorId, id));
        let changed: number[] = [];
        if (change.action === 'add-tag' && tag) changed = await store.addTagsToUsers(trx, workable, [tag.id]);
        if (change.action === 'remove-tag' && tag) changed = await store.removeTagsFromUsers(trx, workable, [tag.id]);
        if (change.action === 'set-role' && change.role) changed = await store.updateRoles(trx, workable, change.role);
        if (change.action === 'delete') changed = await store.deleteUsers(trx, workable);
        for (const id of [...changed].sort((a, b) => a - b)) {
          if (change.action === 'delete') await publishUserDeleted(publish, id);
          else await publishUserChanged(trx, publish, id);
        }
        const result = {
          changed: changed.length,
          unchanged: workable.length - changed.length,
          failed: part.length - workable.length,
        };
        await recordChunk(trx, runId, chunkNo, result);
        return result;
      }));
    const done = progress.done + part.length;
    const changed = progress.changed + counts.changed;
    progress = {
      total: people.length,
      done,
      changed,
      unchanged: progress.unchanged + counts.unchanged,
      failed: progress.failed + counts.failed,
      updated: changed,
    };
    if (!recorded) await onProgress?.(progress);
  }
  if (!committed.has(AUDIT_CHUNK)) {
    await withEvents(deps.db, deps.events, async (trx) => {
      await appendAudit(trx, audit, [
        {
          action: 'user.bulk-action',
          tagId: tag?.id ?? null,
          before: null,
          after: {
            action: change.action,
            ...(tag ? { tag: tag.name } : {}),
            ...(change.role ? { role: change.role } : {}),
            total: progress.total,
            changed: progress.changed,
            unchanged: progress.unchanged,
            failed: progress.failed,
          },
        },
      ]);
      await recordChunk(trx, runId, AUDIT_CHUNK, {});
    });
  }
  return progress;
}
