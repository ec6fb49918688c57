/**
 * Due dates and reminders across the whole stack: dueAt set and cleared through the gateway, a bad date answered
 * with its field error, and the reminder sweep (the board-reminders job's code path) run by two "replicas" at once
 * on connections of their own, beside the board process's own scheduled sweep: each reminder is stored, told
 * and e-mailed once; the overdue one once more when the due time passes; a new due date re-arms both.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createDatabase, createRedis, type DatabaseHandle } from '@rainmakers/kit';
import { waitFor } from '@rainmakers/kit/testing';
import { sendDueReminders } from '../../services/board/src/commands/reminders';
import type { BoardDeps } from '../../services/board/src/deps';
import { RedisBoardChanges } from '../../services/board/src/live';
import type { BoardDatabase } from '../../services/board/src/store/schema';
import { type GatewaySession, listMail, seededUsers, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, query } from '../support/system';

jest.setTimeout(90_000);

const MTN = '/api/move-the-needle';
const HOUR = 60 * 60 * 1000;

interface Card {
  id: number;
  title: string;
  ListId: number;
  dueAt: string | null;
}
interface Board {
  lists: { id: number; name: string; Cards: Card[] }[];
}

let premium: GatewaySession;
let listId: number;
const handles: DatabaseHandle<BoardDatabase>[] = [];
const redis = createRedis(stackInfo().redisUrl, 'board-due-test');
const silent = { warn: () => undefined } as unknown as ConstructorParameters<typeof RedisBoardChanges>[0]['logger'];

/** A sweeper as a board replica has one: its own pool, the real command. The board process's relay sends the events. */
function replica(): BoardDeps {
  const handle = createDatabase<BoardDatabase>(stackInfo().databaseUrls.board, { max: 2 });
  handles.push(handle);
  return {
    db: handle.db,
    events: { nudge: () => undefined },
    changes: new RedisBoardChanges({ redis, prefix: stackInfo().redisPrefix, logger: silent }),
  };
}

beforeAll(async () => {
  premium = await signIn('premium');
  const board = await premium.get<Board>(`${MTN}/list/read-many?userId=${seededUsers.premium.id}`);
  const list = board.lists.find((l) => l.name === 'NOT STARTED') ?? board.lists[0];
  if (!list) throw new Error('the seeded board has no lists');
  listId = list.id;
});
afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
  await redis.quit();
  await closeSystemResources();
});

const upsert = (body: Record<string, unknown>) =>
  premium.request<{ card: Card; isNew: boolean; errors?: Record<string, string> }>('POST', `${MTN}/card/upsert`, body);

async function newCard(title: string, dueAt: string | null): Promise<Card> {
  const answer = await upsert({ title, ListId: listId, dueAt });
  expect(answer.status).toBe(201);
  return answer.body.card;
}

const remindersOf = (cardId: number) =>
  query<{ kind: string; due_at: Date }>(
    'board',
    'SELECT kind, due_at FROM card_reminders WHERE card_id = $1 ORDER BY sent_at, kind',
    [cardId],
  );
const notificationsOf = (cardId: number) =>
  query<{ kind: string; user_id: number }>(
    'board',
    'SELECT kind, user_id FROM notifications WHERE card_id = $1 ORDER BY id',
    [cardId],
  );
const mailsAbout = async (title: string) =>
  (await listMail(seededUsers.premium.email)).filter((m) => m.subject.includes(`"${title}"`));

describe('dueAt on card/upsert', () => {
  it('sets, keeps, answers in the board read and clears a due date', async () => {
    const dueAt = '2030-06-01T17:30:00+02:00';
    const card = await newCard(`Due set ${Date.now()}`, dueAt);
    expect(card.dueAt).toBe('2030-06-01T15:30:00.000Z');
    // Absent keeps it.
    const renamed = await upsert({ id: card.id, title: `${card.title} renamed`, ListId: listId });
    expect(renamed.body.card.dueAt).toBe('2030-06-01T15:30:00.000Z');
    const board = await premium.get<Board>(`${MTN}/list/read-many?userId=${seededUsers.premium.id}`);
    expect(board.lists.flatMap((l) => l.Cards).find((c) => c.id === card.id)?.dueAt).toBe('2030-06-01T15:30:00.000Z');
    // null clears it.
    const cleared = await upsert({ id: card.id, title: card.title, ListId: listId, dueAt: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.card.dueAt).toBeNull();
  });

  it('answers a bad date with a 400 keyed by dueAt, and changes nothing', async () => {
    const card = await newCard(`Due bad ${Date.now()}`, null);
    for (const dueAt of ['tomorrow', '2030-02-31T10:00:00Z', '2030-06-01', 42, '99999-01-01T00:00:00Z']) {
      const answer = await upsert({ id: card.id, title: card.title, ListId: listId, dueAt });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors ?? {})).toEqual(['dueAt']);
    }
    const [row] = await query<{ due_at: Date | null }>('board', 'SELECT due_at FROM cards WHERE id = $1', [card.id]);
    expect(row?.due_at).toBeNull();
  });
});

describe('reminders', () => {
  it('tells the owner once when two replicas sweep at once, once more when overdue, and again after a change', async () => {
    const [a, b] = [replica(), replica()];
    const title = `Due race ${Date.now()}`;
    const due = new Date(Date.now() + 2 * HOUR);
    const card = await newCard(title, due.toISOString());

    // Due within 24 hours: both replicas (and the board's own scheduled sweep) race; one 'due-soon' in all.
    await Promise.all([sendDueReminders(a), sendDueReminders(b), sendDueReminders(a), sendDueReminders(b)]);
    expect((await remindersOf(card.id)).map((r) => r.kind)).toEqual(['due-soon']);
    expect(await notificationsOf(card.id)).toEqual([{ kind: 'due-soon', user_id: seededUsers.premium.id }]);
    await waitFor(async () => ((await mailsAbout(title)).length > 0 ? true : undefined), {
      what: 'the due-soon e-mail',
    });

    // Once the due time has passed (the sweep's clock moved on): 'overdue', once, also when swept again.
    const later = new Date(due.getTime() + 60_000);
    await Promise.all([sendDueReminders(a, later), sendDueReminders(b, later)]);
    await sendDueReminders(a, later);
    expect((await remindersOf(card.id)).map((r) => r.kind)).toEqual(['due-soon', 'overdue']);
    expect((await notificationsOf(card.id)).map((n) => n.kind)).toEqual(['due-soon', 'overdue']);
    await waitFor(async () => ((await mailsAbout(title)).length >= 2 ? true : undefined), {
      what: 'the overdue e-mail',
    });

    // A new due date re-arms both reminders.
    const moved = new Date(Date.now() + 3 * HOUR);
    await upsert({ id: card.id, title, ListId: listId, dueAt: moved.toISOString() });
    await Promise.all([sendDueReminders(a), sendDueReminders(b)]);
    expect((await notificationsOf(card.id)).map((n) => n.kind)).toEqual(['due-soon', 'overdue', 'due-soon']);
    await Promise.all([
      sendDueReminders(a, new Date(moved.getTime() + 1000)),
      sendDueReminders(b, new Date(moved.getTime() + 1000)),
    ]);
    expect((await notificationsOf(card.id)).map((n) => n.kind)).toEqual(['due-soon', 'overdue', 'due-soon', 'overdue']);
    // Mail is queued once per reminder: four in all, never a second copy of one.
    await waitFor(async () => ((await mailsAbout(title)).length >= 4 ? true : undefined), { what: 'four e-mails' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await mailsAbout(title)).length).toBe(4);
  });

  it('reminds nobody of a card in COMPLETED, and a card already overdue gets the overdue reminder only', async () => {
    const sweeper = replica();
    const board = await premium.get<Board>(`${MTN}/list/read-many?userId=${seededUsers.premium.id}`);
    const completed = board.lists.find((l) => l.name === 'COMPLETED');
    if (!completed) throw new Error('no COMPLETED list');
    const done = await premium.post<{ card: Card }>(`${MTN}/card/upsert`, {
      title: `Due done ${Date.now()}`,
      ListId: completed.id,
      dueAt: new Date(Date.now() - HOUR).toISOString(),
    });
    const late = await newCard(`Due late ${Date.now()}`, new Date(Date.now() - HOUR).toISOString());
    await sendDueReminders(sweeper);
    await sendDueReminders(sweeper);
    expect(await remindersOf(done.card.id)).toEqual([]);
    expect((await remindersOf(late.id)).map((r) => r.kind)).toEqual(['overdue']);
  });
});
