/**
 * The board's events and live stream: the copy of people from users.user-changed, a deleted person's board gone
 * on users.user-deleted, a comment mentioning a coach ending as an e-mail in the mail catcher, and the SSE stream
 * announcing changes to the people watching a board.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { signActorToken } from '@rainmakers/kit';
import { waitFor } from '@rainmakers/kit/testing';
import { type MailCatcher, startMailCatcher } from '../../../scripts/lib/mail-catcher';
import { addCard, type Harness, listNamed, openEvents, readBoard, startHarness } from './helpers';

const MTN = '/api/move-the-needle';
const PUBLIC_URL = 'https://members.example.com';
let h: Harness;
let catcher: MailCatcher;
let mailDir: string;

beforeAll(async () => {
  mailDir = await mkdtemp(path.join(tmpdir(), 'board-mail-'));
  catcher = await startMailCatcher({ directory: mailDir, smtpPort: 0, webPort: 0 });
  h = await startHarness({
    smtpUrl: catcher.smtpUrl,
    env: { PUBLIC_URL, LIVE_HEARTBEAT_MS: '200' },
  });
});
afterAll(async () => {
  await h.stop();
  await catcher.stop();
  await rm(mailDir, { recursive: true, force: true });
});

describe('users events', () => {
  it('keeps the newest copy of a person: names on the board title and comments follow users.user-changed', async () => {
    const member = await h.person('premium', { fullName: 'Old Name' });
    const row = () =>
      h.service.database.db
        .selectFrom('people')
        .select(['full_name', 'version'])
        .where('user_id', '=', member.userId)
        .executeTakeFirstOrThrow();
    const { version } = await row();
    const base = {
      id: member.userId,
      email: member.email,
      role: 'premium' as const,
      photoUrl: '/upload/files/x.png',
      city: null,
      state: null,
      tagIds: [],
      tagNames: [],
      stripeStatus: 'active',
      stripeCustomerId: null,
      alwaysGrantAccess: false,
      createdAt: '2024-01-01T00:00:00.000Z',
    };
    await h.users.publish('users.user-changed', {
      ...base,
      fullName: 'New Name',
      version: version + 2,
      country: null,
      phoneNumber: null,
      resources: [],
    });
    await waitFor(async () => (await row()).full_name === 'New Name', { what: 'the new name' });
    // An older version arriving late changes nothing.
    await h.users.publish('users.user-changed', {
      ...base,
      fullName: 'Stale Name',
      version: version + 1,
      country: null,
      phoneNumber: null,
      resources: [],
    });
    const marker = await h.person('basic');
    expect(marker.userId).toBeGreaterThan(0);
    expect((await row()).full_name).toBe('New Name');
    expect((await readBoard(h, member)).board.fullName).toBe('New Name');
  });

  it("removes a deleted person's board with everything on it, and the copy", async () => {
    const member = await h.person('premium');
    const board = await readBoard(h, member);
    const card = await addCard(h, member, listNamed(board, 'NOT STARTED').id, 'Soon gone');
    await h.api.post(member, `${MTN}/activity/upsert`, { comment: 'bye', CardId: card.id });
    const keeper = await h.person('premium');
    await readBoard(h, keeper);

    await h.users.publish('users.user-deleted', { id: member.userId });
    const db = h.service.database.db;
    await waitFor(
      async () => !(await db.selectFrom('boards').select('id').where('user_id', '=', member.userId).executeTakeFirst()),
      { what: 'the board to go' },
    );
    expect(await db.selectFrom('cards').select('id').where('id', '=', card.id).executeTakeFirst()).toBeUndefined();
    expect(
      await db.selectFrom('comments').select('id').where('card_id', '=', card.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db.selectFrom('people').select('user_id').where('user_id', '=', member.userId).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db.selectFrom('boards').select('id').where('user_id', '=', keeper.userId).executeTakeFirst(),
    ).toBeDefined();
  });
});

describe('a deleted coach', () => {
  it("leaves no comment, mention or notification of hers on a member's board, which stays", async () => {
    const coach = await h.person('coach', { fullName: 'Gone Coach' });
    const member = await h.person('premium');
    const board = await readBoard(h, member);
    const card = await addCard(h, member, listNamed(board, 'IN PROGRESS').id, 'Reviewed card');
    await h.api.post(coach, `${MTN}/activity/upsert`, { comment: 'Looks good', CardId: card.id });
    await h.api.post(member, `${MTN}/activity/upsert`, {
      comment: 'Thanks!',
      CardId: card.id,
      mentionedUsers: [coach.userId],
    });
    const db = h.service.database.db;
    const traces = async () => ({
      comments: (await db.selectFrom('comments').select('id').where('author_id', '=', coach.userId).execute()).length,
      mentions: (
        await db.selectFrom('comment_mentions').select('comment_id').where('user_id', '=', coach.userId).execute()
      ).length,
    });
    expect(await traces()).toEqual({ comments: 1, mentions: 1 });

    await h.users.publish('users.user-deleted', { id: coach.userId });
    await waitFor(async () => (await traces()).comments === 0 && (await traces()).mentions === 0, {
      what: "the coach's comment and mention to go",
    });
    expect(await db.selectFrom('notifications').select('id').where('actor_id', '=', coach.userId).execute()).toEqual(
      [],
    );
    const left = await db.selectFrom('comments').select('comment').where('card_id', '=', card.id).execute();
    expect(left.map((c) => c.comment)).toEqual(['Thanks!']);
  });
});

describe('comment mentions', () => {
  it('e-mails each mentioned coach the member name, the card title and a link to the card', async () => {
    const coach = await h.person('coach', { fullName: 'Cleo Coach' });
    const other = await h.person('coach', { fullName: 'Carl Coach' });
    const member = await h.person('premium', { fullName: 'Maya Member' });
    const board = await readBoard(h, member);
    const card = await addCard(h, member, listNamed(board, 'IN PROGRESS').id, 'Write product listing');
    const res = await h.api.post(member, `${MTN}/activity/upsert`, {
      comment: 'Could you look at my listing?',
      CardId: card.id,
      mentionedUsers: [coach.userId, other.userId],
    });
    expect(res.status).toBe(201);
    const link = `${PUBLIC_URL}/move-the-needle/${member.userId}?card=${card.id}`;
    for (const to of [coach.email, other.email]) {
      const [mail] = await waitFor(
        () => {
          const found = catcher.messages(to);
          return found.length > 0 && found;
        },
        { what: `the mention e-mail to ${to}` },
      );
      expect(mail?.subject).toContain("Maya Member's board");
      expect(mail?.text).toContain('Write product listing');
      expect(mail?.text).toContain('Could you look at my listing?');
      expect(mail?.links).toContain(link);
    }
    // A comment without mentions sends nothing more.
    await h.api.post(member, `${MTN}/activity/upsert`, { comment: 'note to self', CardId: card.id });
    await h.service.flushEvents();
    expect(catcher.messages(coach.email)).toHaveLength(1);
  });
});

describe('live updates (SSE)', () => {
  const open = (as: Parameters<typeof signActorToken>[0], userId: number) =>
    openEvents(h, as, `${MTN}/events?userId=${userId}`);

  it('tells the member and the reviewing coach of each change, with heartbeats, and frees a closed stream', async () => {
    const member = await h.person('premium');
    const coach = await h.person('coach');
    const board = await readBoard(h, member);
    const mine = await open(member, member.userId);
    const coachs = await open(coach, member.userId);
    expect(mine.response.status).toBe(200);
    expect(mine.response.headers.get('content-type')).toContain('text/event-stream');
    expect(mine.response.headers.get('content-encoding')).toBeNull();
    await waitFor(() => mine.text().includes('event: ready') && coachs.text().includes('event: ready'), {
      what: 'ready',
    });

    await addCard(h, member, listNamed(board, 'NOT STARTED').id, 'Live card');
    for (const stream of [mine, coachs]) {
      await waitFor(() => stream.text().includes('event: board-changed') && stream.text().includes('card.created'), {
        what: 'the change notice',
      });
    }
    await waitFor(() => mine.text().includes(': heartbeat'), { what: 'a heartbeat' });

    const boardId = (
      await h.service.database.db
        .selectFrom('boards')
        .select('id')
        .where('user_id', '=', member.userId)
        .executeTakeFirstOrThrow()
    ).id;
    expect(h.service.live.watchedBoards()).toContain(boardId);
    await mine.close();
    await coachs.close();
    await waitFor(() => !h.service.live.watchedBoards().includes(boardId), { what: 'the closed streams to be freed' });
  });

  it("caps one person's streams at 5: the 6th closes her oldest cleanly, telling it not to reconnect", async () => {
    const member = await h.person('premium');
    const coach = await h.person('coach');
    await readBoard(h, member);
    const streams = [];
    for (let i = 0; i < 5; i += 1) streams.push(await open(member, member.userId));
    const coachs = await open(coach, member.userId);
    for (const stream of [...streams, coachs]) {
      await waitFor(() => stream.text().includes('event: ready'), { what: 'ready' });
    }
    expect(streams.some((s) => s.ended())).toBe(false);

    const sixth = await open(member, member.userId);
    await waitFor(() => sixth.text().includes('event: ready'), { what: 'the sixth stream' });
    const first = streams[0];
    await waitFor(() => first?.ended() === true, { what: 'the first stream to end' });
    expect(first?.text()).toContain('event: superseded');
    expect(first?.text()).toMatch(/retry: \d{7,}/);
    // The others (hers and the coach's) stay open and keep getting changes.
    const board = await readBoard(h, member);
    await addCard(h, member, listNamed(board, 'NOT STARTED').id, 'After the cap');
    for (const stream of [...streams.slice(1), sixth, coachs]) {
      await waitFor(() => stream.text().includes('card.created'), { what: 'the change notice' });
      expect(stream.ended()).toBe(false);
      expect(stream.text()).not.toContain('superseded');
    }
    expect(first?.text()).not.toContain('card.created');
    for (const stream of [...streams, sixth, coachs]) await stream.close();
  });

  it('opens no stream for someone who may not see the board', async () => {
    const member = await h.person('premium');
    const other = await h.person('premium');
    await readBoard(h, member);
    const res = await h.api.get(other, `${MTN}/events?userId=${member.userId}`);
    expect(res.status).toBe(404);
    expect((await h.api.get(null, `${MTN}/events?userId=${member.userId}`)).status).toBe(401);
  });
});
