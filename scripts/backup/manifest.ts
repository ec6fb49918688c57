/**
 * The pure parts of a backup archive: its manifest (what it holds, checked on restore), the names of its files,
 * and the checks that decide whether an archive can be restored by this checkout. See docs/decisions.md
 * "Backups: a logical export per database through the driver".
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in hex');

/** A relative path inside the archive that cannot point outside it. */
const archivePath = z
  .string()
  .min(1)
  .refine(
    (p) => !p.startsWith('/') && !p.split('/').some((s) => s === '..' || s === ''),
    'a relative path inside the archive',
  );

const fileEntry = z.object({
  path: archivePath,
  bytes: z.number().int().nonnegative(),
  sha256,
});
export type FileEntry = z.infer<typeof fileEntry>;

const migrationEntry = z.object({ name: z.string().min(1), sha256 });
export type MigrationEntry = z.infer<typeof migrationEntry>;

const tableEntry = z.object({
  name: z.string().min(1),
  /** The columns in the order of the data file (generated columns are left out: PostgreSQL computes them). */
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().nonnegative(),
  file: fileEntry,
});
export type TableEntry = z.infer<typeof tableEntry>;

const sequenceEntry = z.object({
  name: z.string().min(1),
  lastValue: z.string().regex(/^-?\d+$/),
  isCalled: z.boolean(),
});
export type SequenceEntry = z.infer<typeof sequenceEntry>;

const databaseEntry = z.object({
  service: z.string().min(1),
  database: z.string().regex(/^[a-z0-9_]+$/),
  /** The migrations applied, in the order they ran; the last one is the database's migration level. */
  migrations: z.array(migrationEntry),
  /** pg_database_size at backup time (on disk, indexes included). */
  sizeBytes: z.number().int().nonnegative(),
  tables: z.array(tableEntry),
  sequences: z.array(sequenceEntry),
});
export type DatabaseEntry = z.infer<typeof databaseEntry>;

const uploadEntry = fileEntry.extend({ key: z.string().min(1), contentType: z.string().min(1) });
export type UploadEntry = z.infer<typeof uploadEntry>;

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  createdAt: z.iso.datetime(),
  product: z.object({ version: z.string(), commit: z.string().nullable() }),
  databases: z.array(databaseEntry).min(1),
  uploads: z.object({ bucket: z.string(), count: z.number().int().nonnegative(), files: z.array(uploadEntry) }),
  /** Local-only extras kept beside the data (the Stripe stand-in's objects under `npm start`). */
  extras: z.array(fileEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** `rainmakers-2026-11-29T11-30-05Z.tar.gz`: sorts by time and has no colon (some file systems refuse it). */
export function archiveName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `rainmakers-${stamp}.tar.gz`;
}

/** Where an uploaded object's bytes go in the archive: keys may hold '/', never '..' segments we would follow. */
export function uploadPath(index: number): string {
  return `uploads/${String(index).padStart(6, '0')}`;
}

export function tablePath(database: string, table: string): string {
  return `databases/${database}/${table}.copy`;
}

/** An SQL identifier, quoted (table and sequence names come from the catalogue, never from input). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Applied migration names in the order the kit's runner applies them: its own ("kit/...") first, then by name. */
export function sortMigrationNames(names: readonly string[]): string[] {
  const kit = (n: string) => (n.startsWith('kit/') ? 0 : 1);
  return [...names].sort((a, b) => kit(a) - kit(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Parses manifest.json; a clear message instead of a zod dump when it is not ours. */
export function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('manifest.json is not JSON: this is not a Rainmakers backup, or it is damaged');
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(
      `manifest.json is not a Rainmakers backup manifest (format ${MANIFEST_FORMAT}): ${first?.path.join('.') || '(root)'}: ${first?.message}`,
    );
  }
  return parsed.data;
}

/** Every file the manifest names, with the checksum it must have. */
export function manifestFiles(manifest: Manifest): FileEntry[] {
  return [
    ...manifest.databases.flatMap((db) => db.tables.map((t) => t.file)),
    ...manifest.uploads.files,
    ...manifest.extras,
  ];
}

/** The files whose bytes are not what the manifest says (`actual` null: missing from the archive). */
export function checksumProblems(
  expected: readonly FileEntry[],
  actual: (path: string) => { bytes: number; sha256: string } | null,
): string[] {
  const problems: string[] = [];
  for (const file of expected) {
    const found = actual(file.path);
    if (!found) problems.push(`${file.path} is missing from the archive`);
    else if (found.sha256 !== file.sha256 || found.bytes !== file.bytes)
      problems.push(`${file.path} does not match its checksum (the archive is damaged or was changed)`);
  }
  return problems;
}

/**
 * Whether this checkout can rebuild a database at the archive's migration level: the migrations it recorded must
 * be exactly the first ones this checkout runs, each with the same text. A newer archive (a migration unknown
 * here) or an edited migration would give tables whose columns do not fit the data.
 */
export function migrationProblems(
  database: string,
  recorded: readonly MigrationEntry[],
  code: readonly MigrationEntry[],
): string[] {
  const problems: string[] = [];
  const level = recorded.at(-1)?.name ?? '(none)';
  const known = code.at(-1)?.name ?? '(none)';
  for (const [index, migration] of recorded.entries()) {
    const ours = code[index];
    if (!ours) {
      problems.push(
        `${database} is at migration level ${level}, newer than this checkout (its last migration is ${known}): ` +
          `restore with the version that made the backup`,
      );
      break;
    }
    if (ours.name !== migration.name) {
      problems.push(
        `${database}: the archive's migration ${index + 1} is ${migration.name}, this checkout's is ${ours.name}`,
      );
      break;
    }
    if (ours.sha256 !== migration.sha256) {
      problems.push(`${database}: migration ${migration.name} differs from the one that made the backup`);
    }
  }
  return problems;
}
