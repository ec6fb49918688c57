/**
 * The restore drill of docs/deploy.md "Backups and restore". The shared test stack (seeded by the global setup) cannot
 * be stopped by one test, so it plays the machine that is lost: data is written through its API, `npm run backup`
 * runs while it serves, and the archive is restored with `npm run restore` into an empty data folder, where a stack
 * of this test's own then starts. Every table holds what the backed-up one held, row by row and field by field; the
 * uploaded file is the same bytes; every person signs in (the admin with her second factor). A damaged archive, a
 * newer one and a restore while the stack runs are refused with nothing changed.
 */
import { execFile } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import pg from 'pg';
import { type Manifest, parseManifest } from '../../scripts/backup/manifest';
import { signInThroughGateway } from '../../scripts/lib/gateway-session';
import { embeddedPostgres, freePort, withDatabase } from '../../scripts/lib/infra';
import { DATABASE_NAMES, REPO_ROOT, randomSecret, type Stack, startStack } from '../../scripts/lib/stack';
import { SERVICES, type ServiceName } from '../../scripts/lib/topology';
import type { GatewaySession, SeededPerson } from '../../scripts/seed/context';
import { SEED_PRODUCTS } from '../../scripts/seed/tools';
import { TEST_RATE_LIMITS } from '../setup/stack';
import { seededUsers, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, createPerson, fileForm, pngImage, query } from '../support/system';

const run = promisify(execFile);
const COMMAND = path.join(REPO_ROOT, 'scripts/backup/command.ts');

const LOG = path.join(REPO_ROOT, 'test-artifacts/restore-drill.log');

/** `npm run backup` / `npm run restore` as an operator runs them (through tsx); their output goes to LOG. */
async function command(args: string[], env: Record<string, string> = {}) {
  const result = await run(process.execPath, ['--import', 'tsx', COMMAND, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      code: e.code ?? 1,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    }),
  );
  await mkdir(path.dirname(LOG), { recursive: true });
  await appendFile(LOG, `$ ${args.join(' ')}  (exit ${result.code})\n${result.stderr}${result.stdout}\n`);
  return result;
}

type Rows = Record<string, string[]>;
type Data = Record<ServiceName, Rows>;

/** Every table of every service database, each row as JSON text, sorted: the whole data, to compare. */
async function everyRow(serverUrl: string): Promise<Data> {
  const result = {} as Data;
  for (const service of SERVICES) {
    const client = new pg.Client({ connectionString: withDatabase(serverUrl, DATABASE_NAMES[service]) });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ name: string }>(
        `SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND relkind = 'r' ORDER BY relname`,
      );
      const rows: Rows = {};
      for (const { name } of tables) {
        const { rows: data } = await client.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM "${name}" t`);
        rows[name] = data.map((d) => d.row).sort();
      }
      result[service] = rows;
    } finally {
      await client.end();
    }
  }
  return result;
}

/** The data once it stops moving (the writes' events consumed, the outboxes stamped): two equal reads a second apart. */
async function settled(serverUrl: string): Promise<Data> {
  let last = JSON.stringify(await everyRow(serverUrl));
  return waitFor(
    async () => {
      const now = await everyRow(serverUrl);
      const text = JSON.stringify(now);
      if (text === last) return now;
      last = text;
      return null;
    },
    { what: 'the data to settle', timeoutMs: 60_000, intervalMs: 1000 },
  );
}

interface Written {
  person: { id: number; email: string; password: string };
  cardId: number;
  fileUrl: string;
  file: Buffer;
  productName: string;
  lessonId: number;
  resourceId: number;
}

/** A person, a board card with an uploaded attachment, a product, a completed lesson and a purchase, through the API. */
async function writeThroughTheApi(gatewayUrl: string, admin: GatewaySession): Promise<Written> {
  const person = await createPerson(admin, 'restore-drill', { role: 'premium' });
  // The long-standing premium member has a board (newer members do not: the board's cut-off).
  const premium = seededUsers.premium;
  const member = await signIn('premium');
  const board = await member.get<{ lists: { id: number }[] }>(
    `/api/move-the-needle/list/read-many?userId=${premium.id}`,
  );
  const { card } = await member.post<{ card: { id: number } }>('/api/move-the-needle/card/upsert', {
    title: 'Drill card',
    description: 'Written before the backup',
    ListId: board.lists[0]?.id,
  });
  const file = pngImage(24, 16, [200, 40, 90]);
  const { latestUploadedFileUrl: fileUrl } = await member.post<{ latestUploadedFileUrl: string }>(
    '/upload',
    fileForm(file, 'drill.png', 'image/png'),
  );
  await member.post('/api/move-the-needle/attachment/upsert', { fileUrl, fileName: 'drill.png', CardId: card.id });

  // The new person keeps a product, completes a lesson and buys a resource (through the Stripe stand-in).
  const buyer = await signInThroughGateway(gatewayUrl, person.email, person.password);
  const productName = `Drill product ${randomSecret().slice(0, 6)}`;
  await buyer.post('/api/product/upsert', {
    product: { ...SEED_PRODUCTS[0], title: productName },
    typeAdditionalFees: 'percentage',
  });
  const [lesson] = await query<{ id: number }>('courses', 'SELECT id FROM lessons ORDER BY id LIMIT 1');
  const lessonId = lesson?.id as number;
  await buyer.put('/api/lesson/mark-as-completed', { lessonId });
  const [resource] = await query<{ id: number }>(
    'resources',
    "SELECT id FROM resources WHERE visibility = 'For Sale' AND price IS NOT NULL AND NOT hidden ORDER BY id LIMIT 1",
  );
  const resourceId = resource?.id as number;
  const paid = await buyer.post<{ status: string }>('/api/stripe/create-payment-intent', {
    userId: person.id,
    resourceId,
    paymentMethodId: 'pm_card_visa',
  });
  expect(paid.status).toBe('succeeded');
  await waitFor(async () => {
    const me = await buyer.get<{ currentUser: { Resources: { id: number }[] } }>('/api/auth/me');
    return me.currentUser.Resources.some((r) => r.id === resourceId) ? true : null;
  });
  return { person, cardId: card.id, fileUrl, file, productName, lessonId, resourceId };
}

let dataDir = '';
let restoredStack: Stack | null = null;

/** The restored data folder's PostgreSQL alone: the data as the restore left it, before any service writes. */
async function readRestored(): Promise<Data> {
  const server = await embeddedPostgres({
    root: REPO_ROOT,
    dataDir: path.join(dataDir, 'postgres'),
    port: await freePort(),
    fsync: false,
  });
  const instance = await server.start();
  try {
    return await everyRow(server.url);
  } finally {
    await instance.stop();
  }
}

const sharedServer = () => withDatabase(stackInfo().databaseUrls.users, 'postgres');
let written: Written;
let archive = '';
let manifest: Manifest;
/** The shared stack's data just before and just after the backup. */
let before: Data;
let after: Data;

beforeAll(async () => {
  await rm(LOG, { force: true });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'rainmakers-drill-'));
  const admin = await signIn(seededUsers.admin);
  written = await writeThroughTheApi(stackInfo().gatewayUrl, admin);
}, 120_000);

afterAll(async () => {
  await closeSystemResources();
  await restoredStack?.stop().catch(() => {});
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a restore drill', () => {
  it('backs up the running stack: one archive with a manifest of every database and the uploads', async () => {
    before = await settled(sharedServer());
    const outDir = path.join(dataDir, 'backups');
    // The shared stack's own data folder is its global setup's; this one only keeps the archive (no local extras).
    const backup = await command(['backup', `--out=${outDir}`, `--data-dir=${dataDir}`], {
      DATABASE_URL: sharedServer(),
      S3_ENDPOINT: `http://127.0.0.1:${stackInfo().ports.s3}`,
    });
    after = await everyRow(sharedServer());
    expect(backup.stderr).not.toMatch(/error/i);
    expect(backup.code).toBe(0);
    archive = backup.stdout.trim();
    expect(path.dirname(archive)).toBe(outDir);
    expect(path.basename(archive)).toMatch(/^rainmakers-[\dT-]+Z\.tar\.gz$/);

    manifest = parseManifest((await run('tar', ['-xzf', archive, '-O', './manifest.json'])).stdout);
    expect(manifest.databases.map((d) => d.service).sort()).toEqual([...SERVICES].sort());
    for (const db of manifest.databases) {
      expect(db.migrations.length).toBeGreaterThan(0);
      expect(db.sizeBytes).toBeGreaterThan(0);
      // Every table, with the rows it had (those that changed during the backup: between before and after).
      expect(db.tables.map((t) => t.name).sort()).toEqual(Object.keys(before[db.service as ServiceName]).sort());
      for (const table of db.tables) {
        const counts = [before, after].map((d) => d[db.service as ServiceName][table.name]?.length ?? -1);
        expect({ table: `${db.database}.${table.name}`, rows: table.rows >= Math.min(...counts) }).toEqual({
          table: `${db.database}.${table.name}`,
          rows: table.rows <= Math.max(...counts),
        });
      }
    }
    const uploaded = manifest.uploads.files.find((f) => written.fileUrl.endsWith(path.basename(f.key)));
    expect(uploaded).toMatchObject({ contentType: 'image/png', bytes: written.file.length });
    expect(manifest.uploads.count).toBe(manifest.uploads.files.length);
  }, 120_000);

  it('restores into an empty data folder: every table row by row', async () => {
    const restored = await command(['restore', `--data-dir=${dataDir}`, archive]);
    expect(restored.stderr).toContain('restore | done');
    expect(restored.code).toBe(0);
    // `npm start` must not seed over the restored data.
    expect(await readFile(path.join(dataDir, '.seeded'), 'utf8')).toContain(`restored from ${archive}`);

    const now = await readRestored();
    for (const service of SERVICES) {
      expect(Object.keys(now[service]).sort()).toEqual(Object.keys(before[service]).sort());
      for (const [table, rows] of Object.entries(before[service])) {
        const moved = JSON.stringify(rows) !== JSON.stringify(after[service][table]);
        const archived = manifest.databases.find((d) => d.service === service)?.tables.find((t) => t.name === table);
        // A table written during the backup is compared by the count the backup read; every other one field by field.
        const got = moved ? now[service][table]?.length : now[service][table];
        const want = moved ? archived?.rows : rows;
        expect({ table: `${service}.${table}`, rows: got }).toEqual({ table: `${service}.${table}`, rows: want });
      }
    }
  }, 120_000);

  it('refuses a damaged archive and a newer one, changing nothing', async () => {
    const untouched = await readRestored();
    const unpacked = path.join(dataDir, 'unpacked');
    await mkdir(unpacked);
    await run('tar', ['-xzf', archive, '-C', unpacked]);
    const users = manifest.databases.find((d) => d.service === 'users');
    const file = users?.tables.find((t) => t.name === 'users')?.file.path as string;
    const original = await readFile(path.join(unpacked, file));
    const damaged = path.join(dataDir, 'damaged.tar.gz');

    await writeFile(path.join(unpacked, file), 'not the rows\n');
    await run('tar', ['-czf', damaged, '-C', unpacked, '.']);
    const refused = await command(['restore', `--data-dir=${dataDir}`, damaged]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Restore refused, nothing was changed');
    expect(refused.stderr).toContain(`${file} does not match its checksum`);

    await writeFile(path.join(unpacked, file), original);
    const newer = {
      ...manifest,
      databases: manifest.databases.map((d) =>
        d.service === 'board'
          ? { ...d, migrations: [...d.migrations, { name: '999_future.sql', sha256: '0'.repeat(64) }] }
          : d,
      ),
    };
    await writeFile(path.join(unpacked, 'manifest.json'), JSON.stringify(newer));
    await run('tar', ['-czf', damaged, '-C', unpacked, '.']);
    const tooNew = await command(['restore', `--data-dir=${dataDir}`, damaged]);
    expect(tooNew.code).toBe(1);
    expect(tooNew.stderr).toContain('rm_board is at migration level 999_future.sql, newer than this checkout');

    expect(await readRestored()).toEqual(untouched);
  }, 120_000);

  it('starts on the restored data: the uploaded file, the records, every sign-in', async () => {
    restoredStack = await startStack({
      dataDir,
      freePorts: true,
      log: () => {},
      colour: false,
      persistRedis: false,
      fsync: false,
      external: {},
      secrets: { internalToken: randomSecret(), session: randomSecret() },
      buildWeb: false,
      env: TEST_RATE_LIMITS,
      readyTimeoutMs: 180_000,
    });
    const gateway = restoredStack.gatewayUrl;
    const premium = seededUsers.premium;
    const member = await signInThroughGateway(gateway, premium.email, premium.password);
    const board = await member.get<{
      lists: { Cards: { id: number; title: string; Attachments: { fileUrl: string }[] }[] }[];
    }>(`/api/move-the-needle/list/read-many?userId=${premium.id}`);
    const card = board.lists.flatMap((l) => l.Cards).find((c) => c.id === written.cardId);
    expect(card?.title).toBe('Drill card');
    expect(card?.Attachments[0]?.fileUrl).toBe(written.fileUrl);
    const download = await fetch(new URL(written.fileUrl, gateway));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(written.file)).toBe(true);

    const buyer = await signInThroughGateway(gateway, written.person.email, written.person.password);
    const { products } = await buyer.get<{ products: { title: string }[] }>('/api/product/read-many');
    expect(products.map((p) => p.title)).toContain(written.productName);
    const me = await buyer.get<{ currentUser: { Resources: { id: number }[] } }>('/api/auth/me');
    expect(me.currentUser.Resources.map((r) => r.id)).toContain(written.resourceId);

    // Every seeded person signs in; the admin passes her second factor (auth's encrypted secret came back).
    const admin = seededUsers.admin as SeededPerson;
    expect(admin.totpSecret).toBeTruthy();
    const people: { email: string; password: string }[] = [...Object.values(seededUsers), written.person];
    const sessions = new Map<string, GatewaySession>();
    for (const person of people) {
      const session = await signInThroughGateway(gateway, person.email, person.password);
      const signedIn = await session.get<{ currentUser: { email: string } | null }>('/api/auth/me');
      expect(signedIn.currentUser?.email).toBe(person.email);
      sessions.set(person.email, session);
    }
    // New rows get new ids: the sequences came back with the rows.
    const again = await createPerson(sessions.get(admin.email) as GatewaySession, 'after-restore');
    expect(again.id).toBeGreaterThan(written.person.id);

    // While it runs, a restore is refused.
    const running = await command(['restore', `--data-dir=${dataDir}`, archive]);
    expect(running.code).toBe(1);
    expect(running.stderr).toContain('the stack is running');
  }, 240_000);
});
