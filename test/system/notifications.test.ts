/**
 * Notifications across the whole stack, through the gateway: the mention, reply and FOR REVIEW notifications arrive —
 * in GET /api/notifications and as the live unread count on GET /api/notifications/events within a second of the
 * write's answer — and the coaches' review queue lists only reviewed members' FOR REVIEW cards.
 *
 * The people are fresh: a coach and a premium member whose account predates the 2025-02-13 cut-off (set in the
 * users database and announced by an edit, as test/system/dashboard.test.ts does).
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { NotificationsResponse, ReviewQueueResponse } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { type GatewaySession, signIn } from '../support/stack-client';
import {
  closeSystemResources,
  createPerson,
  createReviewedMember,
  openEventStream,
  type Person,
  sessionCookieHeader,
} from '../support/system';

jest.setTimeout(120_000);

const MTN = '/api/move-the-needle';
/** The promise: the bell hears of a notification within a second. */
const LIVE_WITHIN_MS = 1_000;

interface Board {
  lists: { id: number; name: string; Cards: { id: number; position: number }[] }[];
}

let admin: GatewaySession;
let coach: { person: Person; session: GatewaySession };
let member: { person: Person; session: GatewaySession };
const streams: Stream[] = [];

beforeAll(async () => {
  admin = await signIn('admin');
  const coachPerson = await createPerson(admin, 'Notify coach', { role: 'coach' });
  coach = { person: coachPerson, session: await signIn(coachPerson) };
  member = await createReviewedMember(admin, 'Notify member', [coach.session]);
});

afterAll(async () => {
  for (const stream of streams) await stream.close();
  await closeSystemResources();
});

interface Stream {
  /** The unread counts received in `event: notifications`, in order. */
  counts(): number[];
  ready(): boolean;
  close(): Promise<void>;
}

async function openBell(session: GatewaySession): Promise<Stream> {
  const events = await openEventStream('/api/notifications/events', sessionCookieHeader(session));
  expect(events.response.status).toBe(200);
  expect(events.response.headers.get('content-type')).toContain('text/event-stream');
  expect(events.response.headers.get('content-encoding')).toBeNull();
  const stream: Stream = {
    counts: () => events.events<{ unreadCount: number }>('notifications').map((b) => b.unreadCount),
    ready: () => events.events('ready').length > 0,
    close: events.close,
  };
  streams.push(stream);
  await waitFor(() => stream.ready(), { what: 'the notification stream to open' });
  return stream;
}

const inbox = (session: GatewaySession) =>
  session.get<NotificationsResponse>('/api/notifications?notificationsPerPage=5');

/** Runs the write, then waits at most a second for the next live count; answers it. */
async function liveCountAfter(stream: Stream, write: () => Promise<unknown>): Promise<number> {
  const before = stream.counts().length;
  await write();
  await waitFor(() => stream.counts().length > before, {
    timeoutMs: LIVE_WITHIN_MS,
    intervalMs: 10,
    what: 'the live unread count within a second',
  });
  return stream.counts()[before] as number;
}

async function newCard(title: string): Promise<{ id: number; board: Board }> {
  const board = await member.session.get<Board>(`${MTN}/list/read-many?userId=${member.person.id}`);
  const list = board.lists.find((l) => l.name === 'IN PROGRESS');
  const { card } = await member.session.post<{ card: { id: number } }>(`${MTN}/card/upsert`, {
    title,
    ListId: list?.id,
  });
  return { id: card.id, board: await member.session.get<Board>(`${MTN}/list/read-many?userId=${member.person.id}`) };
}

async function moveToReview(session: GatewaySession, ownerId: number, cardId: number) {
  const board = await session.get<Board>(`${MTN}/list/read-many?userId=${ownerId}`);
  const from = board.lists.find((l) => l.Cards.some((c) => c.id === cardId));
  const to = board.lists.find((l) => l.name === 'FOR REVIEW');
  await session.post(`${MTN}/card/move`, {
    cardId,
    sourceListId: from?.id,
    destListId: to?.id,
    positionOnSourceList: from?.Cards.find((c) => c.id === cardId)?.position ?? 0,
    positionOnDestList: to?.Cards.length ?? 0,
  });
}

describe('notifications arrive within a second', () => {
  it('a coach mentioned in a comment: the unread count by GET and live', async () => {
    const bell = await openBell(coach.session);
    const before = (await inbox(coach.session)).unreadCount;
    const { id } = await newCard('Mention me');
    const live = await liveCountAfter(bell, () =>
      member.session.post(`${MTN}/activity/upsert`, {
        comment: 'Could you review my listing?',
        CardId: id,
        mentionedUsers: [coach.person.id],
      }),
    );
    expect(live).toBe(before + 1);
    const got = await inbox(coach.session);
    expect(got.unreadCount).toBe(before + 1);
    expect(got.notifications[0]).toMatchObject({
      kind: 'mention',
      cardId: id,
      cardTitle: 'Mention me',
      boardOwnerId: member.person.id,
      actorName: member.person.fullName,
      text: 'Could you review my listing?',
      readAt: null,
    });
  });

  it('a member whose card a coach commented on (reply)', async () => {
    const bell = await openBell(member.session);
    const before = (await inbox(member.session)).unreadCount;
    const { id } = await newCard('Reply to me');
    const live = await liveCountAfter(bell, () =>
      coach.session.post(`${MTN}/activity/upsert`, { comment: 'Nice work, one tip…', CardId: id }),
    );
    expect(live).toBe(before + 1);
    const got = await inbox(member.session);
    expect(got.unreadCount).toBe(before + 1);
    expect(got.notifications[0]).toMatchObject({ kind: 'reply', cardId: id, actorName: coach.person.fullName });
    // Reading them all is heard live too.
    expect(await liveCountAfter(bell, () => member.session.post('/api/notifications/read', { all: true }))).toBe(0);
    expect((await inbox(member.session)).unreadCount).toBe(0);
  });

  it('every coach when a member moves a card into FOR REVIEW', async () => {
    const bell = await openBell(coach.session);
    const before = (await inbox(coach.session)).unreadCount;
    const { id } = await newCard('Ready for review');
    const live = await liveCountAfter(bell, () => moveToReview(member.session, member.person.id, id));
    expect(live).toBe(before + 1);
    const got = await inbox(coach.session);
    expect(got.unreadCount).toBe(before + 1);
    expect(got.notifications[0]).toMatchObject({
      kind: 'review',
      cardId: id,
      boardOwnerId: member.person.id,
      actorName: member.person.fullName,
    });
    // The member herself is not told of her own move.
    expect((await inbox(member.session)).notifications.some((n) => n.cardId === id)).toBe(false);
  });
});

describe('the review queue', () => {
  it("lists reviewed members' FOR REVIEW cards only, for coaches and admins", async () => {
    const { id } = await newCard('Queued card');
    await moveToReview(member.session, member.person.id, id);
    // A card in the coach's own FOR REVIEW list is not for review.
    const own = await coach.session.get<Board>(`${MTN}/list/read-many?userId=${coach.person.id}`);
    const { card: coachCard } = await coach.session.post<{ card: { id: number } }>(`${MTN}/card/upsert`, {
      title: 'Coach own card',
      ListId: own.lists.find((l) => l.name === 'IN PROGRESS')?.id,
    });
    await moveToReview(coach.session, coach.person.id, coachCard.id);

    const queue = await coach.session.get<ReviewQueueResponse>(`${MTN}/review-queue?cardsPerPage=50`);
    expect(queue.total).toBeGreaterThanOrEqual(queue.cards.length);
    const pages = Math.ceil(queue.total / 50);
    const all = [...queue.cards];
    for (let page = 2; page <= pages; page += 1) {
      all.push(
        ...(await coach.session.get<ReviewQueueResponse>(`${MTN}/review-queue?page=${page}&cardsPerPage=50`)).cards,
      );
    }
    expect(all.find((c) => c.id === id)).toMatchObject({
      title: 'Queued card',
      ownerId: member.person.id,
      memberName: member.person.fullName,
      listName: 'FOR REVIEW',
    });
    expect(all.some((c) => c.id === coachCard.id)).toBe(false);
    expect(all.every((c) => c.listName === 'FOR REVIEW')).toBe(true);
    // Every listed board is one the coach may open.
    for (const ownerId of new Set(all.map((c) => c.ownerId))) {
      expect([ownerId, (await coach.session.request('GET', `${MTN}/summary?userId=${ownerId}`)).status]).toEqual([
        ownerId,
        200,
      ]);
    }
    const entered = all.map((c) => Date.parse(c.enteredListAt));
    expect([...entered].sort((a, b) => a - b)).toEqual(entered);

    expect((await admin.request('GET', `${MTN}/review-queue`)).status).toBe(200);
    expect((await member.session.request('GET', `${MTN}/review-queue`)).status).toBe(403);
  });
});
