/** Changes to the tag catalogue. A tag renamed or deleted changes the access profile of everyone holding it. */
import { TAG_NAME_TAKEN, type Tag } from '@rainmakers/contracts';
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

export async function upsertTag(deps: TagDeps, input: { id?: number | null; name: string }, audit?: AuditActor) {
  try {
    const result = await withEvents(
      deps.db,
      deps.events,
      async (trx, { publish }): Promise<{ tag: Tag; isNew: boolean }> => {
        if (!input.id) {
          const created = await tags.insertTag(trx, input.name);
          if (audit) {
            await appendAudit(trx, audit, [{ action: 'tag.create', tagId: created.id, after: { name: created.name } }]);
          }
          return { tag: created, isNew: true };
        }
        const current = await tags.lockTag(trx, input.id);
        if (!current) throw notFound('Tag not found');
        if (current.name === input.name) return { tag: current, isNew: false };
        const holders = await lockForChange(trx, await tags.userIdsWithTag(trx, input.id));
        const tag = await tags.renameTag(trx, input.id, input.name);
        if (!tag) throw notFound('Tag not found');
        for (const userId of holders) await publishUserChanged(trx, publish, userId);
        await publish('users.tag-renamed', { id: tag.id, name: tag.name });
        if (audit) {
          await appendAudit(trx, audit, [
            { action: 'tag.rename', tagId: tag.id, before: { name: current.name }, after: { name: tag.name } },
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
