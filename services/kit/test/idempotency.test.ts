import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { withEvents } from '../src/bus';
import { badRequest } from '../src/errors';
import { createApp } from '../src/http';
import {
  answerOnce,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  purgeExpiredIdempotencyKeys,
} from '../src/idempotency';
import { requireActor } from '../src/internal-token';
import {
  buildActor,
  client,
  createTestDatabase,
  startTestServer,
  TEST_SECRET,
  type TestDatabase,
  type TestServer,
} from '../src/testing';
import { type EffectsSchema, effectsMigrations, silentLogger as logger } from './support';

let database: TestDatabase<EffectsSchema>;
let server: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  database = await createTestDatabase<EffectsSchema>(await effectsMigrations(), 'kit_idem');
  const { db } = database;
  const app = createApp({ name: 'idempotency-test', logger, internalTokenKeys: TEST_SECRET }, (app) => {
    // A create as the services write them: the command's transaction (withEvents) records the key.
    app.post('/api/thing/upsert', async (req, res) => {
      const actor = requireActor(req);
      const note = String((req.body as { note?: unknown }).note ?? '');
      await answerOnce(req, res, db, async () => {
        const row = await withEvents(db, null, async (trx) => {
          if (note === 'refused') throw badRequest('Refused');
          if (note.startsWith('slow')) await sql`SELECT pg_sleep(0.3)`.execute(trx);
          return trx
            .insertInto('effects')
            .values({ event_id: randomUUID(), note: `${actor.userId}:${note}` })
            .returning(['id', 'note'])
            .executeTakeFirstOrThrow();
        });
        return { status: 201, body: { thing: row } };
      });
    });
  });
  server = await startTestServer(app);
  api = client(server.url);
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const member = buildActor('basic');
const other = buildActor('basic');

function create(as: typeof member, body: Record<string, unknown>, key?: string) {
  return api.call<{ thing?: { id: number; note: string }; error?: string; code?: string }>(
    as,
    'POST',
    '/api/thing/upsert',
    body,
    key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
  );
}

async function countNotes(note: string): Promise<number> {
  const rows = await database.db.selectFrom('effects').select('id').where('note', '=', note).execute();
  return rows.length;
}

describe('answerOnce (Idempotency-Key on creates)', () => {
  it('answers the same key twice with one record and the same body', async () => {
    const key = randomUUID();
    const first = await create(member, { note: 'twice' }, key);
    const second = await create(member, { note: 'twice' }, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(first.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(second.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(await countNotes(`${member.userId}:twice`)).toBe(1);
  });

  it('refuses the same key with a different body: 422 in the error shape, nothing created', async () => {
    const key = randomUUID();
    expect((await create(member, { note: 'original' }, key)).status).toBe(201);
    const changed = await create(member, { note: 'changed' }, key);
    expect(changed.status).toBe(422);
    expect(changed.body).toMatchObject({ error: expect.any(String), code: 'IDEMPOTENCY_KEY_MISMATCH' });
    expect(await countNotes(`${member.userId}:changed`)).toBe(0);
  });

  it('keeps keys per person: another person with the same key creates her own record', async () => {
    const key = randomUUID();
    const mine = await create(member, { note: 'shared-key' }, key);
    const hers = await create(other, { note: 'shared-key' }, key);
    expect(mine.status).toBe(201);
    expect(hers.status).toBe(201);
    expect(hers.body.thing?.id).not.toBe(mine.body.thing?.id);
    expect(hers.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(await countNotes(`${member.userId}:shared-key`)).toBe(1);
    expect(await countNotes(`${other.userId}:shared-key`)).toBe(1);
  });

  it('changes nothing without a key: two creates make two records', async () => {
    await create(member, { note: 'no-key' });
    await create(member, { note: 'no-key' });
    expect(await countNotes(`${member.userId}:no-key`)).toBe(2);
  });

  it('answers concurrent requests with the same key once (the second waits for the first)', async () => {
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => create(member, { note: 'slow-race' }, key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.thing?.id)).size).toBe(1);
    expect(await countNotes(`${member.userId}:slow-race`)).toBe(1);
  });

  it('records nothing for a refused create: the retry runs again', async () => {
    const key = randomUUID();
    expect((await create(member, { note: 'refused' }, key)).status).toBe(400);
    expect((await create(member, { note: 'refused' }, key)).status).toBe(400);
    const { rows } = await sql`SELECT 1 FROM idempotency_keys WHERE key = ${key}`.execute(database.db);
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['too long', 'k'.repeat(101)],
    ['spaces', 'two words'],
    ['quotes and semicolons', `x';DROP TABLE effects;--`],
    ['unicode', 'clé'],
    ['empty', ''],
  ])('refuses a hostile key (%s) with 400 and creates nothing', async (_name, key) => {
    const note = `hostile-${randomUUID()}`;
    const answer = await create(member, { note }, key);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: expect.any(String),
      errors: { [IDEMPOTENCY_KEY_HEADER]: expect.any(String) },
    });
    expect(await countNotes(`${member.userId}:${note}`)).toBe(0);
  });

  it('answers a key whose first request is still running with 409 and Retry-After, and one left without an answer as applied', async () => {
    const running = randomUUID();
    const stale = randomUUID();
    const fingerprintOf = async (key: string) => {
      // The fingerprint the route would record: take it from a real request under another key.
      await create(member, { note: 'fp' }, key);
      const { rows } = await sql<{ fingerprint: string }>`
        SELECT fingerprint FROM idempotency_keys WHERE key = ${key}`.execute(database.db);
      return rows[0]?.fingerprint ?? '';
    };
    const fingerprint = await fingerprintOf(randomUUID());
    await sql`
      INSERT INTO idempotency_keys (actor_id, key, route, fingerprint, created_at)
      VALUES (${member.userId}, ${running}, 'POST /api/thing/upsert', ${fingerprint}, now()),
             (${member.userId}, ${stale}, 'POST /api/thing/upsert', ${fingerprint}, now() - interval '1 minute')`.execute(
      database.db,
    );
    const busy = await create(member, { note: 'fp' }, running);
    expect(busy.status).toBe(409);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(busy.body.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
    const lost = await create(member, { note: 'fp' }, stale);
    expect(lost.status).toBe(409);
    expect(lost.body.code).toBe('IDEMPOTENCY_KEY_APPLIED');
    expect(await countNotes(`${member.userId}:fp`)).toBe(1);
  });

  it('purges expired keys in bounded batches', async () => {
    await sql`
      INSERT INTO idempotency_keys (actor_id, key, route, fingerprint, expires_at)
      SELECT 1, 'expired-' || n, 'POST /x', 'f', now() - interval '1 second' FROM generate_series(1, 25) n`.execute(
      database.db,
    );
    const kept = randomUUID();
    await create(member, { note: 'kept' }, kept);
    expect(await purgeExpiredIdempotencyKeys(database.db, 10, 2)).toBe(20);
    expect(await purgeExpiredIdempotencyKeys(database.db, 10, 2)).toBe(5);
    const { rows } = await sql`SELECT 1 FROM idempotency_keys WHERE key = ${kept}`.execute(database.db);
    expect(rows).toHaveLength(1);
    // An expired key is not replayed, even before the purge reaches it: the request runs again.
    await sql`UPDATE idempotency_keys SET expires_at = now() WHERE key = ${kept}`.execute(database.db);
    const again = await create(member, { note: 'kept' }, kept);
    expect(again.status).toBe(201);
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(await countNotes(`${member.userId}:kept`)).toBe(2);
  });
});
