/**
 * Import users (the user-import job's work): rows are upserted by e-mail, a chunk per transaction, each created or
 * changed person published (users.user-changed) in the transaction that wrote them. Re-running a chunk (a retry
 * after a crash, a file uploaded twice) finds the people already there: nobody is created twice.
 */
import type { Tag } from '@rainmakers/contracts';
import { withEvents } from '@rainmakers/kit';
import { chunks } from '../domain/bulk';
import {
  checkRow,
  emptyReport,
  fileRowNumber,
  type ImportError,
  type ImportPerson,
  type ImportRecord,
  type ImportReport,
} from '../domain/imports';
import { userChangedData } from '../presenters';
import { committedChunks, recordChunk } from '../store/jobs';
import { listTags } from '../store/tags';
import * as store from '../store/users';
import { invitePeople } from './invitations';
import type { CommandDeps } from './users';

/** Rows written per transaction, at most. */
export const IMPORT_CHUNK = 250;
/** A small file is still worked in about this many steps, so its progress bar moves. */
export const IMPORT_STEPS = 20;
/** No chunk is smaller than this (a transaction per row would be slow). */
export const IMPORT_MIN_CHUNK = 5;

/** The chunk size for a file of `rows` rows: fixed by the row count, so every attempt of a run cuts the same chunks. */
export const importChunkSize = (rows: number) =>
  Math.min(IMPORT_CHUNK, Math.max(IMPORT_MIN_CHUNK, Math.ceil(rows / IMPORT_STEPS)));

/** The reason of a new person's row without a name (the form requires one too). */
export const FULL_NAME_REQUIRED = 'The full name is empty (it is required for a new person)';

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

/** What one chunk did: written with the chunk (job_chunks), so a retry counts it without doing it again. */
export interface ChunkResult {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  errors: ImportError[];
}

/** The report of the chunks done so far. */
function addChunk(report: ImportReport, size: number, chunk: ChunkResult): ImportReport {
  return {
    ...report,
    done: report.done + size,
    created: report.created + chunk.created,
    updated: report.updated + chunk.updated,
    skipped: report.skipped + chunk.skipped,
    failed: report.failed + chunk.failed,
    errors: [...report.errors, ...chunk.errors],
  };
}

/**
 * Imports the rows into people, a chunk per transaction, reporting after each (`onChunk` gets the report so far:
 * the job's progress). Each chunk is recorded under `runId` in the transaction that writes it; a retry of the same
 * run (the worker killed mid-way) takes the recorded chunks' results as they were and writes only the others, so
 * a person created by the killed attempt counts as created, and nobody is created twice.
 */
export async function importRows(
  deps: Pick<CommandDeps, 'db' | 'events'>,
  rows: readonly ImportRecord[],
  runId: string,
  onChunk: (report: ImportReport) => Promise<void> | void,
  /** Invite the people it creates, in each chunk's transaction: a retried chunk invites nobody twice. */
  invite: { invitedBy: number | null } | null = null,
): Promise<ImportReport> {
  const tags = await tagsByName(deps);
  const known = new Set(tags.keys());
  const committed = await committedChunks<ChunkResult>(deps.db, runId);
  // Duplicates are found over the whole file in order, so a chunk's rows are judged the same on every attempt.
  const seen = new Map<string, number>();
  let report = emptyReport(rows.length);
  const indexes = rows.map((_, i) => i);
  for (const [chunkNo, part] of chunks(indexes, importChunkSize(rows.length)).entries()) {
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
    const done = committed.get(chunkNo);
    if (done) {
      report = addChunk(report, part.length, done);
      continue;
    }
    const outcome = await withEvents(deps.db, deps.events, async (trx, { publish }) => {
      const existing = new Map(
        (
          await store.findUserRecordsByEmails(
            trx,
            todo.map((t) => t.person.email),
          )
        ).map((u) => [u.email, u]),
      );
      const tagIdsOf = (person: ImportPerson) =>
        person.tagNames.map((n) => tags.get(n.toLowerCase())?.id).filter((id): id is number => !!id);
      // A new person needs a name: their row is an error row (never a person named after their e-mail).
      const nameless = new Set(
        todo.filter(({ person }) => !existing.has(person.email) && !person.fullName?.trim()).map((t) => t.index),
      );
      for (const { index, person } of todo) {
        if (nameless.has(index))
          errors.push({ row: fileRowNumber(index), email: person.email, reason: FULL_NAME_REQUIRED });
      }
      const writable = todo.filter((t) => !nameless.has(t.index));
      // New people in one statement, their tags in another; changed people one by one (fewer, and each differs).
      const creates = writable.filter(({ person }) => !existing.has(person.email)).map(({ person }) => person);
      const createdIds = await store.insertUsers(
        trx,
        creates.map((person) => ({
          fullName: person.fullName ?? '',
          email: person.email,
          role: person.role ?? 'basic',
          photoUrl: null,
          city: person.city ?? null,
          state: person.state ?? null,
          country: person.country ?? null,
          phoneNumber: person.phoneNumber ?? null,
          alwaysGrantAccess: false,
        })),
      );
      await store.addUserTagPairs(
        trx,
        creates.flatMap((person) => {
          const userId = createdIds.get(person.email);
          return userId ? tagIdsOf(person).map((tagId) => ({ userId, tagId })) : [];
        }),
      );
      const changes = writable.flatMap(({ person }) => {
        const stored = existing.get(person.email);
        if (!stored) return [];
        const change = importChanges(stored, person, tagIdsOf(person));
        return change.changed ? [{ stored, change }] : [];
      });
      await store.lockForChange(
        trx,
        changes.map((c) => c.stored.id),
      );
      for (const { stored, change } of changes) {
        await store.updateUser(trx, stored.id, change.fields);
        await store.addUserTags(trx, stored.id, change.newTags);
      }
      const changedIds = new Set(changes.map((c) => c.stored.id));
      const after = new Map(
        (await store.findUserRecordsByIds(trx, [...createdIds.values(), ...changedIds])).map((u) => [u.id, u]),
      );
      const result: Outcome[] = [];
      // Events in the file's order. The audit log gets one entry for the whole job, with its counts (jobs.ts).
      for (const { person } of writable) {
        const stored = existing.get(person.email);
        const id = stored ? stored.id : createdIds.get(person.email);
        const now = id === undefined ? undefined : after.get(id);
        if (stored && !changedIds.has(stored.id)) {
          result.push('skipped');
          continue;
        }
        if (!now) throw new Error(`imported person ${person.email} vanished inside its own transaction`);
        await publish('users.user-changed', userChangedData(now));
        result.push(stored ? 'updated' : 'created');
      }
      if (invite) {
        const created = [...createdIds.values()].flatMap((id) => after.get(id) ?? []);
        await invitePeople(trx, publish, created, invite.invitedBy);
      }
      const chunk: ChunkResult = {
        created: result.filter((o) => o === 'created').length,
        updated: result.filter((o) => o === 'updated').length,
        skipped: skipped + result.filter((o) => o === 'skipped').length,
        failed: errors.length - skipped,
        errors: [...errors].sort((a, b) => a.row - b.row),
      };
      await recordChunk(trx, runId, chunkNo, chunk);
      return chunk;
    });
    report = addChunk(report, part.length, outcome);
    await onChunk(report);
  }
  return report;
}
