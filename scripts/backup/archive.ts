/**
 * A backup archive of the whole product's data, written and restored: the seven service databases
 * (postgres.ts), every uploaded file, the local Stripe stand-in's objects, and manifest.json saying what each
 * is and its checksum. See docs/decisions.md "Backups: a logical export per database through the driver" and
 * docs/deploy.md "Backups and restore".
 */
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createStorage, migrationFiles, type StorageOptions } from '@rainmakers/kit';
import { withDatabase } from '../lib/infra';
import { DATABASE_NAMES } from '../lib/stack';
import { SERVICES, type ServiceName } from '../lib/topology';
import { hashFile, hashingStream } from './files';
import {
  archiveName,
  checksumProblems,
  type DatabaseEntry,
  type FileEntry,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type Manifest,
  manifestFiles,
  migrationProblems,
  parseManifest,
  sha256Hex,
  type UploadEntry,
  uploadPath,
} from './manifest';
import { type CodeMigration, dropDatabase, exportDatabase, importDatabase, swapDatabases } from './postgres';

const run = promisify(execFile);

/** Where the product's data lives: one PostgreSQL server with the seven databases, one bucket, the data folder. */
export interface DataTargets {
  /** A URL of the PostgreSQL server (its database part is replaced by each service's). */
  serverUrl: string;
  storage: StorageOptions;
  /** The local data folder (.data): the Stripe stand-in's objects are kept under it. */
  dataDir: string;
}

/** Kept beside the data when they exist: the local Stripe stand-in's customers, prices and subscriptions. */
const EXTRAS = ['stripe/state.json'];

/** This checkout's migrations of a service, in the order they run, each with its checksum. */
export async function codeMigrations(root: string, service: ServiceName): Promise<CodeMigration[]> {
  const files = await migrationFiles(path.join(root, 'services', service, 'migrations'));
  return Promise.all(files.map(async (file) => ({ ...file, sha256: sha256Hex(await readFile(file.path)) })));
}

async function productVersion(root: string): Promise<Manifest['product']> {
  const chart = await readFile(path.join(root, 'helm/rainmakers/Chart.yaml'), 'utf8').catch(() => '');
  const version = /^appVersion:\s*"?([^"\n]+)"?/m.exec(chart)?.[1] ?? 'unknown';
  const commit = await run('git', ['rev-parse', 'HEAD'], { cwd: root })
    .then((r) => r.stdout.trim() || null)
    .catch(() => null);
  return { version, commit };
}

async function exportUploads(storageOptions: StorageOptions, stagingDir: string): Promise<UploadEntry[]> {
  const storage = createStorage(storageOptions);
  const files: UploadEntry[] = [];
  try {
    await mkdir(path.join(stagingDir, 'uploads'), { recursive: true });
    for await (const key of storage.list()) {
      const object = await storage.get(key);
      // Deleted between the listing and now: not part of the data any more.
      if (!object) continue;
      const file = uploadPath(files.length);
      const hash = hashingStream();
      await pipeline(object.body, hash.stream, createWriteStream(path.join(stagingDir, file)));
      files.push({ key, contentType: object.contentType, path: file, ...hash.result() });
    }
  } finally {
    storage.close();
  }
  return files;
}

async function exportExtras(dataDir: string, stagingDir: string): Promise<FileEntry[]> {
  const extras: FileEntry[] = [];
  for (const name of EXTRAS) {
    const source = path.join(dataDir, name);
    if (!existsSync(source)) continue;
    const file = `extras/${name}`;
    await mkdir(path.dirname(path.join(stagingDir, file)), { recursive: true });
    await copyFile(source, path.join(stagingDir, file));
    const hash = await hashFile(path.join(stagingDir, file));
    if (hash) extras.push({ path: file, ...hash });
  }
  return extras;
}

/**
 * Writes one archive (`rainmakers-<time>.tar.gz`) into `outDir` while the product runs and resolves with its path
 * and manifest. It is written under a `.partial` name and renamed when complete: a listed archive is a whole one.
 */
export async function createBackup(options: {
  root: string;
  targets: DataTargets;
  outDir: string;
  now?: Date;
  log?: (line: string) => void;
}): Promise<{ archive: string; manifest: Manifest }> {
  const { targets, root } = options;
  const log = options.log ?? (() => {});
  const createdAt = options.now ?? new Date();
  await mkdir(options.outDir, { recursive: true });
  const staging = await mkdtemp(path.join(options.outDir, '.staging-'));
  try {
    const databases = await Promise.all(
      SERVICES.map(async (service) => {
        const database = DATABASE_NAMES[service];
        const entry = await exportDatabase({
          url: withDatabase(targets.serverUrl, database),
          service,
          database,
          stagingDir: staging,
          code: await codeMigrations(root, service),
        });
        log(`${database}: ${entry.tables.length} tables, ${entry.migrations.at(-1)?.name ?? 'no migrations'}`);
        return entry;
      }),
    );
    const uploads = await exportUploads(targets.storage, staging);
    log(`uploads: ${uploads.length} files from bucket ${targets.storage.bucket}`);
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      createdAt: createdAt.toISOString(),
      product: await productVersion(root),
      databases,
      uploads: { bucket: targets.storage.bucket, count: uploads.length, files: uploads },
      extras: await exportExtras(targets.dataDir, staging),
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const archive = path.join(options.outDir, archiveName(createdAt));
    const partial = `${archive}.partial`;
    try {
      await run('tar', ['-czf', partial, '-C', staging, '.']);
      await rename(partial, archive);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { archive, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The archive cannot be restored here: nothing was changed. */
export class RestoreRefused extends Error {
  constructor(readonly problems: string[]) {
    super(`Restore refused, nothing was changed:\n  - ${problems.join('\n  - ')}`);
    this.name = 'RestoreRefused';
  }
}

export interface OpenedArchive {
  manifest: Manifest;
  /** Where it was unpacked; `close()` removes it. */
  dir: string;
  code: Map<string, CodeMigration[]>;
  close(): Promise<void>;
}

/**
 * Unpacks an archive into a temporary folder and checks everything before anything is touched: the manifest, every
 * file's checksum, and that this checkout's migrations rebuild each database at its recorded level.
 */
export async function openArchive(archive: string, root: string): Promise<OpenedArchive> {
  if (!existsSync(archive)) throw new RestoreRefused([`${archive} does not exist`]);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rainmakers-restore-'));
  const close = () => rm(dir, { recursive: true, force: true });
  try {
    await run('tar', ['-xzf', archive, '-C', dir]).catch((error: Error) => {
      throw new RestoreRefused([`${archive} is not a readable .tar.gz (${error.message.split('\n')[0]})`]);
    });
    const text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch(() => {
      throw new RestoreRefused([`${archive} has no ${MANIFEST_FILE}: it is not a Rainmakers backup`]);
    });
    let manifest: Manifest;
    try {
      manifest = parseManifest(text);
    } catch (error) {
      throw new RestoreRefused([(error as Error).message]);
    }
    const hashes = new Map<string, { bytes: number; sha256: string } | null>();
    for (const file of manifestFiles(manifest)) hashes.set(file.path, await hashFile(path.join(dir, file.path)));
    const problems = checksumProblems(manifestFiles(manifest), (p) => hashes.get(p) ?? null);
    const code = new Map<string, CodeMigration[]>();
    for (const service of SERVICES) {
      const entry = manifest.databases.find((d) => d.service === service);
      if (!entry) {
        problems.push(`the archive has no database of ${service}`);
        continue;
      }
      const ours = await codeMigrations(root, service);
      code.set(service, ours);
      problems.push(...migrationProblems(entry.database, entry.migrations, ours));
      if (entry.database !== DATABASE_NAMES[service])
        problems.push(`${service}'s database is ${DATABASE_NAMES[service]} here, ${entry.database} in the archive`);
    }
    if (problems.length > 0) throw new RestoreRefused(problems);
    return { manifest, dir, code, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function restoreUploads(opened: OpenedArchive, storageOptions: StorageOptions): Promise<number> {
  const storage = createStorage(storageOptions);
  try {
    await storage.ensureBucket();
    const keep = new Set<string>();
    for (const file of opened.manifest.uploads.files) {
      await storage.putStream(file.key, createReadStream(path.join(opened.dir, file.path)), file.contentType);
      keep.add(file.key);
    }
    // Files uploaded after the backup belong to rows the restore removed.
    let removed = 0;
    for await (const key of storage.list()) {
      if (keep.has(key)) continue;
      await storage.delete(key);
      removed += 1;
    }
    return removed;
  } finally {
    storage.close();
  }
}

async function restoreExtras(opened: OpenedArchive, dataDir: string): Promise<void> {
  for (const file of opened.manifest.extras) {
    const target = path.join(dataDir, file.path.replace(/^extras\//, ''));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(opened.dir, file.path), target);
  }
}

/**
 * Brings an opened (checked) archive back: each database is rebuilt beside the live one (`<name>_restoring`) and
 * only when all seven are complete do they replace the live ones; then the uploads (files the archive does not
 * hold are removed) and the local extras. A failure while rebuilding drops the half-built copies and leaves
 * the live data as it was.
 */
export async function restoreArchive(
  opened: OpenedArchive,
  targets: DataTargets,
  log: (line: string) => void = () => {},
): Promise<void> {
  const rebuilt: { from: string; to: string }[] = [];
  try {
    for (const entry of opened.manifest.databases) {
      const target = `${entry.database}_restoring`;
      rebuilt.push({ from: target, to: entry.database });
      await importDatabase({
        serverUrl: targets.serverUrl,
        target,
        entry,
        code: opened.code.get(entry.service) ?? [],
        extractedDir: opened.dir,
      });
      log(`${entry.database}: ${describeDatabase(entry)}`);
    }
  } catch (error) {
    for (const { from } of rebuilt) await dropDatabase(targets.serverUrl, from).catch(() => {});
    throw new Error(`Restore failed, the live data was not changed: ${(error as Error).message}`);
  }
  await swapDatabases(targets.serverUrl, rebuilt);
  const removed = await restoreUploads(opened, targets.storage);
  log(`uploads: ${opened.manifest.uploads.count} files put back${removed ? `, ${removed} newer ones removed` : ''}`);
  await restoreExtras(opened, targets.dataDir);
}

function describeDatabase(entry: DatabaseEntry): string {
  const rows = entry.tables.reduce((sum, t) => sum + t.rows, 0);
  return `${entry.tables.length} tables, ${rows} rows, migration level ${entry.migrations.at(-1)?.name ?? '(none)'}`;
}
