/** Board creates honour Idempotency-Key (kit idempotency.ts): a retry with the same key gets the first answer. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from '@rainmakers/kit';
import { type Harness, listNamed, type Person, readBoard, startHarness } from './helpers';

const MTN = '/api/move-the-needle';
let h: Harness;
let owner: Person;
let listId: number;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.person('premium', { fullName: 'Ida Idempotent' });
  listId = listNamed(await readBoard(h, owner), 'NOT STARTED').id;
});
afterAll(async () => {
  await h.stop();
});

/** The same create twice with one key: one record, the same answer (the second marked as replayed). */
async function twice(path: string, body: Record<string, unknown>) {
  const key = randomUUID();
  const send = () =>
    h.api.call<Record<string, { id: number }>>(owner, 'POST', `${MTN}${path}`, body, { 'Idempotency-Key': key });
  const first = await send();
  const second = await send();
  expect(first.status).toBe(201);
  expect(second.status).toBe(201);
  expect(second.body).toEqual(first.body);
  expect(second.headers.get('idempotent-replayed')).toBe('true');
  return first.body;
}

async function count(table: string, column: string, value: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value}`.execute(
    h.service.database.db,
  );
  return rows[0]?.n ?? 0;
}

describe('board creates with an Idempotency-Key', () => {
  it('make one list, card, checklist, item and comment however often they are retried', async () => {
    const name = `List ${randomUUID().slice(0, 8)}`;
    await twice('/list/upsert', { name, userId: owner.userId });
    expect(await count('board_lists', 'name', name)).toBe(1);

    const title = `Card ${randomUUID().slice(0, 8)}`;
    const { card } = await twice('/card/upsert', { title, ListId: listId });
    expect(await count('cards', 'title', title)).toBe(1);

    const checklistTitle = `Checklist ${randomUUID().slice(0, 8)}`;
    const { checklist } = await twice('/checkList/upsert', { title: checklistTitle, CardId: card?.id });
    expect(await count('checklists', 'title', checklistTitle)).toBe(1);

    const itemTitle = `Item ${randomUUID().slice(0, 8)}`;
    await twice('/checkListItem/upsert', { title: itemTitle, CheckListId: checklist?.id });
    expect(await count('checklist_items', 'title', itemTitle)).toBe(1);

    const comment = `Comment ${randomUUID().slice(0, 8)}`;
    await twice('/activity/upsert', { comment, CardId: card?.id, mentionedUsers: [] });
    expect(await count('comments', 'comment', comment)).toBe(1);
  });

  it('answers concurrent retries of one card create with one card', async () => {
    const key = randomUUID();
    const title = `Racing ${randomUUID().slice(0, 8)}`;
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        h.api.call<{ card: { id: number } }>(
          owner,
          'POST',
          `${MTN}/card/upsert`,
          { title, ListId: listId },
          { 'Idempotency-Key': key },
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.card.id)).size).toBe(1);
    expect(await count('cards', 'title', title)).toBe(1);
  });
});
