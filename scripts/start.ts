/**
 * `npm start`: the whole product on this machine with embedded defaults (see scripts/lib/stack.ts).
 *
 *   npm start                      data in .data/, seeds on the first run
 *   npm start -- --fresh           wipe .data/ (PostgreSQL, Redis, uploads, mail) first
 *   npm start -- --no-build        do not (re)build the web app
 *   npm start -- --only=board,tools  start a subset (no seeding unless users, auth and gateway run)
 *   npm start -- --no-seed         never seed
 *   npm start -- --verbose         services log at info (default warn; LOG_LEVEL overrides)
 *
 * Environment: DATABASE_URL, REDIS_URL, S3_ENDPOINT, SMTP_URL use servers you already run;
 * INTERNAL_TOKEN_SECRET, SESSION_SECRET, PUBLIC_URL, LOG_LEVEL and anything else pass through to the services.
 * Without INTERNAL_TOKEN_SECRET / SESSION_SECRET the secrets are generated once into .data/secrets.json (0600).
 * A service, the gateway, Redis or PostgreSQL that exits is restarted (with backoff); only Ctrl-C or a crash
 * loop stops everything.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { stackSecrets } from './lib/secrets';
import { PROCESSES, type ProcessName, REPO_ROOT, type Stack, StackError, startStack } from './lib/stack';
import { seedStack } from './seed/index';
import { SEED_PEOPLE } from './seed/people';

const HELP = `Usage: npm start [-- --fresh] [--no-build] [--no-seed] [--only=a,b] [--verbose]`;

function parseArgs(argv: string[]) {
  const flags = { fresh: false, build: true, seed: true, verbose: false, only: undefined as ProcessName[] | undefined };
  for (const arg of argv) {
    if (arg === '--fresh') flags.fresh = true;
    else if (arg === '--no-build') flags.build = false;
    else if (arg === '--no-seed') flags.seed = false;
    else if (arg === '--verbose') flags.verbose = true;
    else if (arg.startsWith('--only=')) {
      const names = arg
        .slice('--only='.length)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = names.filter((n) => !(PROCESSES as readonly string[]).includes(n));
      if (unknown.length > 0)
        throw new StackError(`Unknown part(s): ${unknown.join(', ')}. Known: ${PROCESSES.join(', ')}`);
      flags.only = names as ProcessName[];
    } else if (arg === '--help' || arg === '-h') {
      console.log(HELP);
      process.exit(0);
    } else throw new StackError(`Unknown option ${arg}\n${HELP}`);
  }
  return flags;
}

async function usersDatabaseIsEmpty(url: string): Promise<boolean | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS any');
    return !rows[0]?.any;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

function banner(stack: Stack, seeded: boolean): string {
  // The address the services use in links (the stack takes PUBLIC_URL when set), so both always agree.
  const webUrl = stack.publicUrl;
  const width = Math.max(...SEED_PEOPLE.map((p) => p.email.length));
  const lines = [
    '',
    '  ──────────────────────────────────────────────────────────────',
    '   Rainmakers is running',
    '',
    `   Web app      ${webUrl}`,
    stack.mailWebUrl
      ? `   Mail inbox   ${stack.mailWebUrl}   (every e-mail the app sends lands here)`
      : `   Mail         sent to ${stack.smtpUrl}`,
    '',
  ];
  if (seeded) {
    lines.push('   Sign in with');
    const passwordWidth = Math.max(...SEED_PEOPLE.map((p) => p.password.length));
    for (const person of SEED_PEOPLE) {
      // The admin needs a second factor; her TOTP secret (base32) goes into an authenticator app.
      const totp = person.totpSecret ? `   TOTP secret ${person.totpSecret}` : '';
      lines.push(
        `     ${person.role.padEnd(12)} ${person.email.padEnd(width)}   ${person.password.padEnd(passwordWidth)}${totp}`.trimEnd(),
      );
    }
    lines.push(
      "   (add the TOTP secret to an authenticator app; it asks for the admin's six-digit code after the password)",
    );
  } else {
    lines.push('   Not seeded: no sign-in accounts were created (see the messages above).');
  }
  lines.push(
    '',
    `   Data in ${path.relative(process.cwd(), path.join(REPO_ROOT, '.data')) || '.data'}/  (npm start -- --fresh starts over)`,
    '   Ctrl-C stops everything.',
    '  ──────────────────────────────────────────────────────────────',
    '',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const flags = parseArgs(process.argv.slice(2));
  const dataDir = path.join(REPO_ROOT, '.data');
  const marker = path.join(dataDir, '.seeded');
  const abort = new AbortController();
  let stack: Stack | null = null;
  let starting: Promise<unknown> | null = null;
  let stopping = false;

  const shutdown = async (code: number, reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}: stopping everything ...`);
    abort.abort();
    const force = setTimeout(() => {
      console.error('Stopping took longer than 30 s; exiting anyway.');
      process.exit(code || 1);
    }, 30_000);
    force.unref();
    try {
      // Interrupted while starting: startStack stops what it started and rejects.
      if (!stack && starting) await starting.catch(() => {});
      await stack?.stop();
    } catch (error) {
      console.error(`Stopping failed: ${(error as Error).message}`);
      code = code || 1;
    }
    console.log('Stopped.');
    process.exit(code);
  };
  let firstSignalAt = 0;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      // Ctrl-C reaches us twice under `npm start` (the terminal's process group, and scripts/run.mjs passing it on).
      if (stopping && Date.now() - firstSignalAt > 1000) console.log('Still stopping ...');
      firstSignalAt ||= Date.now();
      void shutdown(0, signal);
    });
  }

  try {
    const start = startStack({
      dataDir,
      fresh: flags.fresh,
      // Generated once per data directory (--fresh makes new ones); the environment's win.
      secrets: await stackSecrets(dataDir, { fresh: flags.fresh }),
      buildWeb: flags.build,
      only: flags.only,
      logLevel: flags.verbose ? 'info' : undefined,
      ownSignals: true,
      signal: abort.signal,
      // A process that exits is restarted (the stack logs it); only a crash loop stops everything.
      onCrashLoop: (loop) => void shutdown(1, `${loop.name} keeps exiting (${loop.reason})`),
    });
    starting = start;
    stack = await start;
  } catch (error) {
    if (stopping) return;
    console.error(`\nCould not start: ${(error as Error).message}`);
    process.exit(1);
  }
  if (stopping) return;

  let seeded = existsSync(marker);
  const canSeed = (['users', 'auth', 'gateway'] as const).every((p) => stack?.started.includes(p));
  if (flags.seed && canSeed) {
    const empty = await usersDatabaseIsEmpty(stack.databaseUrls.users);
    if (!seeded || empty === true) {
      console.log('First run: seeding people, tags and sample content ...');
      try {
        const result = await seedStack(stack, (message) => console.log(`seed      | ${message}`));
        await writeFile(marker, `${new Date().toISOString()}\n${result.created.join('\n')}\n`);
        seeded = true;
      } catch (error) {
        seeded = false;
        console.error(
          `\nSeeding failed: ${(error as Error).message}\n` +
            'The stack keeps running. The next `npm start` tries again, or run: node --import tsx scripts/seed/index.ts',
        );
      }
    }
  } else if (flags.seed && !canSeed) {
    console.log('Not seeding: users, auth and the gateway must all run for that.');
  }
  if (stopping) return;
  console.log(banner(stack, seeded));
}

await main();
