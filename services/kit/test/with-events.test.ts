import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { withEvents } from '../src/bus';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { type EffectsSchema, effectsMigrations, lessonCompleted } from './support';

let database: TestDatabase<EffectsSchema>;

beforeAll(async () => {
  database = await createTestDatabase<EffectsSchema>(await effectsMigrations(), 'kit_with_events');
});

afterAll(async () => {
  await database.drop();
});

/** Records what happened, in order, so a test can see what ran after the commit. */
function recorder() {
  const log: string[] = [];
  return { log, relay: { nudge: () => log.push('nudge') } };
}

async function outboxCount(): Promise<number> {
  const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM outbox`.execute(database.db);
  return rows[0]?.count ?? 0;
}

describe('withEvents', () => {
  it('writes the change and its event in one transaction, then nudges the relay and runs the effects', async () => {
    const { log, relay } = recorder();
    const before = await outboxCount();
    const result = await withEvents(database.db, relay, async (trx, { publish, afterCommit }) => {
      await trx.insertInto('effects').values({ event_id: crypto.randomUUID(), note: 'kept' }).execute();
      await publish('courses.lesson-completed', lessonCompleted(1));
      afterCommit(async () => {
        // The effect sees the committed row from another connection.
        const kept = await database.db.selectFrom('effects').select('id').where('note', '=', 'kept').execute();
        log.push(`effect saw ${kept.length}`);
      });
      log.push('work');
      return 42;
    });
    expect(result).toBe(42);
    expect(log).toEqual(['work', 'nudge', 'effect saw 1']);
    expect(await outboxCount()).toBe(before + 1);
  });

  it('on a rollback writes no event, never nudges and runs no effect', async () => {
    const { log, relay } = recorder();
    const before = await outboxCount();
    await expect(
      withEvents(database.db, relay, async (trx, { publish, afterCommit }) => {
        await trx.insertInto('effects').values({ event_id: crypto.randomUUID(), note: 'rolled back' }).execute();
        await publish('courses.lesson-completed', lessonCompleted(2));
        afterCommit(() => log.push('effect'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(log).toEqual([]);
    expect(await outboxCount()).toBe(before);
    const rows = await database.db.selectFrom('effects').select('id').where('note', '=', 'rolled back').execute();
    expect(rows).toHaveLength(0);
  });

  it('does not nudge when nothing was published, and runs every effect even when one fails', async () => {
    const { log, relay } = recorder();
    await expect(
      withEvents(database.db, relay, async (_trx, { afterCommit }) => {
        afterCommit(() => {
          throw new Error('first failed');
        });
        afterCommit(() => log.push('second ran'));
      }),
    ).rejects.toThrow('first failed');
    expect(log).toEqual(['second ran']);
  });
});
