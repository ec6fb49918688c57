/**
 * A killed consumer's pending event is redelivered and processed once, across real processes:
 * the real auth service is paused (SIGSTOP), a fixture process joins auth's consumer group, reads the
 * users.user-changed event of an admin's e-mail change and is SIGKILLed while holding it unacknowledged;
 * auth is resumed (SIGCONT), reclaims the entry after EVENT_RECLAIM_IDLE_MS (1.5 s in the test stack) and applies
 * it exactly once: the person signs in with the new e-mail, auth records the event id once, nothing stays pending.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { INVALID_CREDENTIALS, type User } from '@rainmakers/contracts';
import { deadLetterStreamKey, eventStreamKey } from '@rainmakers/kit';
import { waitFor } from '@rainmakers/kit/testing';
import { pidOfService, processState } from '../support/processes';
import { type GatewaySession, newSession, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, createPerson, query, redis, uniqueEmail } from '../support/system';

// On a busy 2-core machine mail delivery, events and argon2 can take seconds (waitFor() itself gives up at 15 s).
jest.setTimeout(60_000);

const FIXTURE = path.join(import.meta.dirname, 'fixtures/hanging-auth-consumer.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

interface HeldEntry {
  position: string;
  eventId: string;
  userId: number;
  email: string;
}

let admin: GatewaySession;
let authPid: number;
let fixture: ChildProcess | null = null;
let authPaused = false;

const stream = () => eventStreamKey(stackInfo().redisPrefix, 'users.user-changed');

/** XINFO GROUPS of the stream, as records (name, consumers, pending, last-delivered-id, entries-read, lag). */
async function groupInfo(group: string): Promise<Record<string, unknown> | undefined> {
  const reply = (await redis().xinfo('GROUPS', stream())) as unknown[][];
  for (const flat of reply) {
    const record: Record<string, unknown> = {};
    for (let i = 0; i + 1 < flat.length; i += 2) record[String(flat[i])] = flat[i + 1];
    if (record.name === group) return record;
  }
  return undefined;
}

function resumeAuth(): void {
  if (!authPaused) return;
  process.kill(authPid, 'SIGCONT');
  authPaused = false;
}

beforeAll(async () => {
  admin = await signIn('admin');
  // The process that owns auth's listening socket now (the supervisor may have restarted auth since the start).
  authPid = await pidOfService(stackInfo().serviceUrls.auth);
});

afterAll(async () => {
  // Whatever happened, the stack must not be left with a stopped auth or a stray fixture.
  resumeAuth();
  if (fixture && fixture.exitCode === null && fixture.signalCode === null) fixture.kill('SIGKILL');
  await closeSystemResources();
});

describe('redelivery across processes', () => {
  it("a killed consumer's pending event is redelivered and processed once", async () => {
    const target = await createPerson(admin, 'redelivered', { role: 'basic' });
    const oldEmail = target.email;
    const newEmail = uniqueEmail('moved');

    // Auth has applied everything so far: users' outbox is relayed, auth's group has nothing pending or
    // undelivered, and the person's creation event has reached auth's credentials (same version as in users).
    await waitFor(
      async () => {
        const [outbox] = await query<{ count: string }>(
          'users',
          'SELECT count(*) AS count FROM outbox WHERE published_at IS NULL',
        );
        const [person] = await query<{ version: number }>('users', 'SELECT version FROM users WHERE id = $1', [
          target.id,
        ]);
        const [credential] = await query<{ version: number }>(
          'auth',
          'SELECT version FROM credentials WHERE user_id = $1',
          [target.id],
        );
        const info = await groupInfo('auth');
        return (
          Number(outbox?.count) === 0 &&
          credential?.version === person?.version &&
          info?.pending === 0 &&
          info?.lag === 0
        );
      },
      { what: 'auth to catch up with users.user-changed' },
    );
    const before = await query<{ email: string }>('auth', 'SELECT email FROM credentials WHERE user_id = $1', [
      target.id,
    ]);
    expect(before.map((r) => r.email)).toEqual([oldEmail]);

    // Pause the real auth service. Its blocking XREADGROUP (BLOCK 1 s) must run out before anything is
    // published, or Redis would still hand the entry to the stopped process.
    process.kill(authPid, 'SIGSTOP');
    authPaused = true;
    let held: HeldEntry;
    let consumerName: string;
    try {
      await waitFor(async () => (await processState(authPid)) === 'T', { what: 'auth to be stopped' });
      // Stopped, auth sends no new read; the one waiting in Redis runs out, then its connection is not blocked.
      await waitFor(
        async () => {
          const line = String(await redis().client('LIST'))
            .split('\n')
            .find((entry) => entry.includes(' name=events:auth-') && entry.includes(`-${authPid} `));
          return line !== undefined && !/ flags=\w*b/.test(line);
        },
        { what: "auth's blocking read to run out" },
      );

      const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          REDIS_URL: stackInfo().redisUrl,
          REDIS_PREFIX: stackInfo().redisPrefix,
          TARGET_USER_ID: String(target.id),
          TARGET_EMAIL: newEmail,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      fixture = child;
      const messages: Array<Record<string, unknown>> = [];
      const errors: string[] = [];
      createInterface({ input: child.stdout }).on('line', (line) => {
        try {
          messages.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          errors.push(line);
        }
      });
      createInterface({ input: child.stderr }).on('line', (line) => errors.push(line));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

      const ready = await waitFor(
        () => {
          if (child.exitCode !== null) throw new Error(`fixture exited: ${errors.join('\n')}`);
          return messages.find((m) => m.ready === true);
        },
        { what: 'the fixture consumer to join group auth', timeoutMs: 30_000 },
      );
      consumerName = String(ready.consumer);

      // The admin changes the member's e-mail: users publishes users.user-changed, the fixture takes it.
      const edited = await admin.post<{ user: User }>('/api/user/upsert', { id: target.id, email: newEmail });
      expect(edited.user.email).toBe(newEmail);
      held = await waitFor(
        () => {
          const holding = messages.find((m) => m.holding)?.holding as HeldEntry | undefined;
          return holding;
        },
        { what: 'the fixture to hold the event' },
      );
      expect(held).toMatchObject({ userId: target.id, email: newEmail });

      // Pending under the fixture, delivered once.
      const pending = (await redis().xpending(stream(), 'auth', held.position, held.position, 10)) as unknown[][];
      expect(pending.map(([id, consumer, , deliveries]) => ({ id, consumer, deliveries }))).toEqual([
        { id: held.position, consumer: consumerName, deliveries: 1 },
      ]);

      // The consumer dies holding it.
      child.kill('SIGKILL');
      await exited;
      expect(child.signalCode).toBe('SIGKILL');

      // Nothing applied it: auth still signs the member in under the old address, no processed row.
      const stillOld = await query<{ email: string }>('auth', 'SELECT email FROM credentials WHERE user_id = $1', [
        target.id,
      ]);
      expect(stillOld.map((r) => r.email)).toEqual([oldEmail]);
      const none = await query('auth', 'SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2', [
        'auth',
        held.eventId,
      ]);
      expect(none).toHaveLength(0);
    } finally {
      resumeAuth();
    }

    // auth reclaims the idle entry and applies it.
    await waitFor(
      async () => {
        const rows = await query<{ email: string }>('auth', 'SELECT email FROM credentials WHERE user_id = $1', [
          target.id,
        ]);
        return rows[0]?.email === newEmail;
      },
      { what: 'auth to apply the reclaimed event', timeoutMs: 20_000 },
    );
    await waitFor(
      async () => {
        const pending = (await redis().xpending(stream(), 'auth', held.position, held.position, 10)) as unknown[];
        return pending.length === 0;
      },
      { what: 'the entry to be acknowledged' },
    );
    // Exactly once: one processed row for the event, no dead letter, no second delivery left over.
    const processed = await query<{ count: string }>(
      'auth',
      'SELECT count(*) AS count FROM processed_events WHERE consumer = $1 AND event_id = $2',
      ['auth', held.eventId],
    );
    expect(Number(processed[0]?.count)).toBe(1);
    const dead = await redis().xrange(deadLetterStreamKey(stackInfo().redisPrefix, 'users.user-changed'), '-', '+');
    expect(dead.filter(([, fields]) => fields.join(' ').includes(held.eventId))).toEqual([]);
    // Anything else the fixture read on the way is reclaimed and handled as well.
    await waitFor(async () => (await groupInfo('auth'))?.pending === 0, { what: 'auth to hold nothing pending' });

    // The effect, seen by the person: the new address signs in, the old one no longer does.
    const moved = await signIn({ email: newEmail, password: target.password });
    expect((await moved.get<{ currentUser: User }>('/api/auth/me')).currentUser.id).toBe(target.id);
    const old = await newSession().request('POST', '/api/auth/signin', { email: oldEmail, password: target.password });
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ error: INVALID_CREDENTIALS });

    // The dead member leaves the group (it holds nothing any more).
    await redis().xgroup('DELCONSUMER', stream(), 'auth', consumerName);
  }, 90_000);
});
