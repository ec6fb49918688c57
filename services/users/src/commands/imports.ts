/**
 * Import users (the user-import job's work): rows are upserted by e-mail, a chunk per transaction, each created or
 * changed person published (users.user-changed) in the transaction that wrote them. Re-running a chunk (a retry
 * after a crash, a file uploaded twice) finds the people already there: nobody is created twice.
 */
import type { Tag } from '@rainmakers/contracts';
import { withEvents } from '@rainmakers/kit';
import { type AuditActor, personSnapshot } from '../domain/audit';
import { chunks } from '../domain/bulk';
import {
  checkRow,
  fileRowNumber,
  type ImportError,
  type ImportPerson,
  type ImportRecord,
  type ImportReport,
} from '../domain/imports';
import { publishUserChanged } from '../events';
import { type AuditEntryInput, appendAudit } from '../store/audit';
import { listTags } from '../store/tags';
import * as store from '../store/users';
import type { CommandDeps } from './users';

/** Rows written per transaction. */
export const IMPORT_CHUNK = 250;

type Outcome = 'created' | 'updated' | 'skipped';

/** Tag names (lower case) -> tag, for matching the file's names. */
export async function tagsByName(deps: Pick<CommandDeps, 'db'>): Promise<Map<string, Tag>> {
  const { tags } = await listTags(deps.db, { limit: 100_000, offset: 0 });
  return new Map(tags.map((t) => [t.name.toLowerCase(), t]));
}

/** The changes an import row makes to a stored person: the fields it fills in that differ, the tags it adds. */
function importChanges(stored: store.UserRecord, person: ImportPerson, tagIds: number[]) {
  const fields: Partial<store.UserFields> = {};
  if (person.fullName !== undefined && person.fullName !== stored.fullName) fields.fullName = person.fullName;
  if (person.role !== undefined && person.role !== stored.role) fields.role = person.role;
  if (person.city !== undefined && person.city !== stored.city) fields.city = person.city;
  if (person.state !== undefined && person.state !== stored.state) fields.state = person.state;
  if (person.country !== undefined && person.country !== stored.country) fields.country = person.country;
  if (person.phoneNumber !== undefined && person.phoneNumber !== stored.phoneNumber)
    fields.phoneNumber = person.phoneNumber;
  const held = new Set(stored.tags.map((t) => t.id));
  const newTags = tagIds.filter((id) => !held.has(id));
  return { fields, newTags, changed: Object.keys(fields).length > 0 || newTags.length > 0 };
}

/**
 * Imports rows[from..] into people, reporting after each committed chunk (`onChunk` gets the report so far, which
 * a job stores as its progress, so a retry resumes after the last chunk it heard of).
 */
export async function importRows(
  deps: Pick<CommandDeps, 'db' | 'events'>,
  rows: readonly ImportRecord[],
  report: ImportReport,
  onChunk: (report: ImportReport) => Promise<void> | void,
  audit?: AuditActor,
): Promise<ImportReport> {
  const tags = await tagsByName(deps);
  const known = new Set(tags.keys());
  // E-mails met before the resume point count as met (a duplicate later in the file is still a duplicate).
  const seen = new Map<string, number>();
  for (let i = 0; i < report.done; i += 1) {
    const email = rows[i]?.email?.trim().toLowerCase();
    if (email && !seen.has(email)) seen.set(email, i);
  }
  const indexes = rows.map((_, i) => i).slice(report.done);
  for (const part of chunks(indexes, IMPORT_CHUNK)) {
    const errors: ImportError[] = [];
    let skipped = 0;
    const todo: { index: number; person: ImportPerson }[] = [];
    for (const index of part) {
      const row = rows[index] ?? {};
      const check = checkRow(row, known);
      if (!check.ok) {
        errors.push({ row: fileRowNumber(index), email: row.email ?? '', reason: check.reason });
        continue;
      }
      const first = seen.get(check.person.email);
      if (first !== undefined) {
        skipped += 1;
        errors.push({
          row: fileRowNumber(index),
          email: check.person.email,
          reason: `Skipped: the same e-mail is on row ${fileRowNumber(first)}`,
        });
        continue;
      }
      seen.set(check.person.email, index);
      todo.push({ index, person: check.person });
    }
    const outcomes = await withEvents(deps.db, deps.events, async (trx, { publish }) => {
      const existing = new Map(
        (
          await store.findUserRecordsByEmails(
            trx,
            todo.map((t) => t.person.email),
          )
        ).map((u) => [u.email, u]),
      );
      const result: Outcome[] = [];
      const entries: AuditEntryInput[] = [];
      for (const { person } of todo) {
        const tagIds = person.tagNames.map((n) => tags.get(n.toLowerCase())?.id).filter((id): id is number => !!id);
        const stored = existing.get(person.email);
        if (!stored) {
          const id = await store.insertUser(trx, {
            fullName: person.fullName ?? person.email.split('@')[0] ?? person.email,
            email: person.email,
            role: person.role ?? 'basic',
            photoUrl: null,
            city: person.city ?? null,
            state: person.state ?? null,
            country: person.country ?? null,
            phoneNumber: person.phoneNumber ?? null,
            alwaysGrantAccess: false,
          });
          await store.addUserTags(trx, id, tagIds);
          const created = await publishUserChanged(trx, publish, id);
          entries.push({ action: 'user.import', userId: id, before: null, after: personSnapshot(created) });
          result.push('created');
          continue;
        }
        const changes = importChanges(stored, person, tagIds);
        if (!changes.changed) {
          result.push('skipped');
          continue;
        }
        await store.lockForChange(trx, [stored.id]);
        await store.updateUser(trx, stored.id, changes.fields);
        await store.addUserTags(trx, stored.id, changes.newTags);
        const updated = await publishUserChanged(trx, publish, stored.id);
        entries.push({
          action: 'user.import',
          userId: stored.id,
          before: personSnapshot(stored),
          after: personSnapshot(updated),
        });
        result.push('updated');
      }
      if (audit) await appendAudit(trx, audit, entries);
      return result;
    });
    report = {
      ...report,
      done: report.done + part.length,
      created: report.created + outcomes.filter((o) => o === 'created').length,
      updated: report.updated + outcomes.filter((o) => o === 'updated').length,
      skipped: report.skipped + skipped + outcomes.filter((o) => o === 'skipped').length,
      failed: report.failed + errors.length - skipped,
      errors: [...report.errors, ...errors],
    };
    await onChunk(report);
  }
  return report;
}
