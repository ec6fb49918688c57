/**
 * `npm run backup`: one archive of every service database, the uploaded files and a manifest under .data/backups/,
 * taken while `npm start` runs; prints its path.
 * `npm run restore -- <archive>`: with the stack stopped, brings all of it back (refused, with nothing changed,
 * when a checksum or a migration level does not match). See docs/deploy.md "Backups and restore".
 */
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { embeddedPostgres, freePort } from '../lib/infra';
import { REPO_ROOT, startS3rver } from '../lib/stack';
import { createBackup, type DataTargets, openArchive, RestoreRefused, restoreArchive } from './archive';
import { localPostgresUrl, localS3Endpoint, parseCommandArgs, storageFromEnv } from './targets';

const env = process.env;

async function backup(outDir: string, dataDir: string): Promise<void> {
  const started = Date.now();
  const targets: DataTargets = {
    serverUrl: env.DATABASE_URL ?? localPostgresUrl(),
    storage: storageFromEnv(env, env.S3_ENDPOINT ?? localS3Endpoint()),
    dataDir,
  };
  const { archive, manifest } = await createBackup({
    root: REPO_ROOT,
    targets,
    outDir,
    log: (line) => console.error(`backup | ${line}`),
  }).catch((error: Error) => {
    throw new Error(`${error.message}\n(is the stack running? \`npm start\` in another terminal)`);
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.error(
    `backup | ${manifest.databases.length} databases, ${manifest.uploads.count} uploaded files, in ${seconds} s`,
  );
  // Only the path on stdout: `archive=$(npm run -s backup)` works.
  console.log(archive);
}

/** PostgreSQL's own lock file names a live server: `npm start` (or a PostgreSQL it left behind) still runs. */
async function runningPostgres(dataDir: string): Promise<number | null> {
  const text = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** The servers a restore writes to: the external ones named in the environment, else the local data started here. */
async function restoreTargets(dataDir: string): Promise<{ targets: DataTargets; stop(): Promise<void> }> {
  const stoppers: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await s().catch(() => {});
  };
  try {
    let serverUrl = env.DATABASE_URL ?? '';
    if (!serverUrl) {
      const server = await embeddedPostgres({
        root: REPO_ROOT,
        dataDir: path.join(dataDir, 'postgres'),
        port: await freePort(),
      });
      const instance = await server.start();
      stoppers.push(instance.stop);
      serverUrl = server.url;
    }
    let endpoint = env.S3_ENDPOINT ?? '';
    if (!endpoint) {
      const s3 = await startS3rver({ directory: path.join(dataDir, 's3'), port: await freePort() });
      stoppers.push(s3.stop);
      endpoint = s3.endpoint;
    }
    return { targets: { serverUrl, storage: storageFromEnv(env, endpoint), dataDir }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function restore(archive: string, dataDir: string): Promise<void> {
  const pid = env.DATABASE_URL ? null : await runningPostgres(dataDir);
  if (pid)
    throw new RestoreRefused([
      `the stack is running (PostgreSQL, pid ${pid}, uses ${path.join(dataDir, 'postgres')}): stop \`npm start\` first`,
    ]);
  const opened = await openArchive(path.resolve(archive), REPO_ROOT);
  try {
    const { manifest } = opened;
    console.error(
      `restore | ${archive}: taken ${manifest.createdAt} by version ${manifest.product.version}` +
        `${manifest.product.commit ? ` (${manifest.product.commit.slice(0, 12)})` : ''}; checksums and migration levels match`,
    );
    const { targets, stop } = await restoreTargets(dataDir);
    try {
      await restoreArchive(opened, targets, (line) => console.error(`restore | ${line}`));
    } finally {
      await stop();
    }
    if (env.REDIS_URL) {
      console.error(
        'restore | REDIS_URL is set: empty the product keys there before starting (sessions and queued jobs are newer than the backup)',
      );
    } else if (existsSync(path.join(dataDir, 'redis'))) {
      // Sessions, queued jobs and events in Redis belong to the data the restore replaced.
      await rm(path.join(dataDir, 'redis'), { recursive: true, force: true });
      console.error(
        'restore | local Redis emptied: sessions newer than the backup end, caches are rebuilt, unpublished events are re-sent from the outbox',
      );
    }
    // `npm start` seeds a data folder without this marker: never over restored data.
    await writeFile(path.join(dataDir, '.seeded'), `${new Date().toISOString()}\nrestored from ${archive}\n`);
    console.error('restore | done: `npm start` runs the restored data');
  } finally {
    await opened.close();
  }
}

async function main(): Promise<void> {
  const args = parseCommandArgs(process.argv.slice(2));
  const dataDir = path.resolve(args.dataDir ?? path.join(REPO_ROOT, '.data'));
  if (args.command === 'backup') await backup(path.resolve(args.outDir ?? path.join(dataDir, 'backups')), dataDir);
  else await restore(args.archive ?? '', dataDir);
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(error instanceof RestoreRefused ? error.message : `\n${(error as Error).message}`);
  process.exit(1);
}
