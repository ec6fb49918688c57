/** Changes to the tag catalogue. A tag renamed or deleted changes the access profile of everyone holding it. */
import { type ManagedTag, TAG_NAME_TAKEN } from '@rainmakers/contracts';
import { badRequest, notFound, uniqueViolation, withEvents } from '@rainmakers/kit';
import type { AuditActor } from '../domain/audit';
import { publishUserChanged } from '../events';
import { appendAudit } from '../store/audit';
import * as tags from '../store/tags';
import { lockForChange } from '../store/users';
import type { CommandDeps } from './users';

type TagDeps = Pick<CommandDeps, 'db' | 'events'>;

function nameTaken(error: unknown): unknown {
  return uniqueViolation(error) ? badRequest(TAG_NAME_TAKEN, { name: TAG_NAME_TAKEN }) : error;
}

export async function upsertTag(
  deps: TagDeps,
  input: { id?: number | null; name: string; signupAllowed?: boolean | undefined },
  audit?: AuditActor,
) {
  try {
    const result = await withEvents(
      deps.db,
      deps.events,
      async (trx, { publish }): Promise<{ tag: ManagedTag; isNew: boolean }> => {
        if (!input.id) {
          const created = await tags.insertTag(trx, input.name, input.signupAllowed ?? false);
          if (audit) {
            const after = { name: created.name, ...(created.signupAllowed ? { signupAllowed: true } : {}) };
            await appendAudit(trx, audit, [{ action: 'tag.create', tagId: created.id, after }]);
          }
          return { tag: created, isNew: true };
        }
        const current = await tags.lockTag(trx, input.id);
        if (!current) throw notFound('Tag not found');
        const renamed = current.name !== input.name;
        const signupChanged = input.signupAllowed !== undefined && input.signupAllowed !== current.signupAllowed;
        if (!renamed && !signupChanged) return { tag: current, isNew: false };
        // Holders change only with the name (their access does not depend on sign-up links).
        const holders = renamed ? await lockForChange(trx, await tags.userIdsWithTag(trx, input.id)) : [];
        const tag = await tags.updateTag(trx, input.id, {
          ...(renamed ? { name: input.name } : {}),
          ...(signupChanged ? { signupAllowed: input.signupAllowed } : {}),
        });
        if (!tag) throw notFound('Tag not found');
        if (renamed) {
          for (const userId of holders) await publishUserChanged(trx, publish, userId);
          await publish('users.tag-renamed', { id: tag.id, name: tag.name });
        }
        if (audit && renamed) {
          await appendAudit(trx, audit, [
            { action: 'tag.rename', tagId: tag.id, before: { name: current.name }, after: { name: tag.name } },
          ]);
        }
        if (audit && signupChanged) {
          await appendAudit(trx, audit, [
            {
              action: 'tag.signup-allowed',
              tagId: tag.id,
              before: { signupAllowed: current.signupAllowed },
              after: { signupAllowed: tag.signupAllowed },
            },
          ]);
        }
        return { tag, isNew: false };
      },
    );
    return result;
  } catch (error) {
    throw nameTaken(error);
  }
}

export async function deleteTag(deps: TagDeps, id: number, audit?: AuditActor): Promise<void> {
  await withEvents(deps.db, deps.events, async (trx, { publish }) => {
    const current = await tags.lockTag(trx, id);
    if (!current) throw notFound('Tag not found');
    if (audit) await appendAudit(trx, audit, [{ action: 'tag.delete', tagId: id, before: { name: current.name } }]);
    const holders = await lockForChange(trx, await tags.userIdsWithTag(trx, id));
    await tags.deleteTag(trx, id);
    for (const userId of holders) await publishUserChanged(trx, publish, userId);
  });
}
