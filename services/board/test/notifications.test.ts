/**
 * Notifications against the real service: a coach mentioned in a comment, a member whose card a coach
 * or admin commented on, and every coach when a member puts a card in FOR REVIEW; never the actor. Read newest
 * first with the unread count, marked read (one's own only), heard live over /api/notifications/events, and the
 * mention e-mail setting. Also editing and deleting comments.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NotificationsResponse } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { type MailCatcher, startMailCatcher } from '../../../scripts/lib/mail-catcher';
import {
  addCard,
  type EventStream,
  eventsNamed,
  type Harness,
  listNamed,
  openEvents,
  type Person,
  readBoard,
  startHarness,
  userChanged,
} from './helpers';

const MTN = '/api/move-the-needle';
const N = '/api/notifications';
let h: Harness;
let catcher: MailCatcher;
let mailDir: string;
let coach: Person;
let admin: Person;

beforeAll(async () => {
  mailDir = await mkdtemp(path.join(tmpdir(), 'board-notify-mail-'));
  catcher = await startMailCatcher({ directory: mailDir, smtpPort: 0, webPort: 0 });
  h = await startHarness({
    smtpUrl: catcher.smtpUrl,
    env: { LIVE_HEARTBEAT_MS: '200' },
  });
  coach = await h.person('coach', { fullName: 'Cora Coach' });
  admin = await h.person('admin', { fullName: 'Ada Admin' });
});
afterAll(async () => {
  await h.stop();
  await catcher.stop();
  await rm(mailDir, { recursive: true, force: true });
});

async function inbox(as: Person, query = ''): Promise<NotificationsResponse> {
  const res = await h.api.get<NotificationsResponse>(as, `${N}${query}`);
  if (res.status !== 200) throw new Error(`notifications: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function memberWithCard(name: string, title: string) {
  const person = await h.person('premium', { fullName: name });
  const board = await readBoard(h, person);
  const card = await addCard(h, person, listNamed(board, 'IN PROGRESS').id, title);
  return { person, board, card };
}

async function moveToReview(who: Person, cardId: number) {
  const board = await readBoard(h, who);
  const from = board.lists.find((l) => l.Cards.some((c) => c.id === cardId));
  const to = listNamed(board, 'FOR REVIEW');
  const card = from?.Cards.find((c) => c.id === cardId);
  const res = await h.api.post(who, `${MTN}/card/move`, {
    cardId,
    sourceListId: from?.id,
    destListId: to.id,
    positionOnSourceList: card?.position,
    positionOnDestList: to.Cards.length,
  });
  expect(res.status).toBe(200);
}

describe('what is stored for whom', () => {
  it('tells a mentioned coach (mention), never the author', async () => {
    const { person, card } = await memberWithCard('Mia Member', 'Product photos');
    const before = (await inbox(coach)).unreadCount;
    const res = await h.api.post(person, `${MTN}/activity/upsert`, {
      comment: 'Could you check the photos?\nThanks',
      CardId: card.id,
      mentionedUsers: [coach.userId],
    });
    expect(res.status).toBe(201);
    const got = await inbox(coach);
    expect(got.unreadCount).toBe(before + 1);
    expect(got.notifications[0]).toEqual({
      id: expect.any(Number),
      kind: 'mention',
      cardId: card.id,
      cardTitle: 'Product photos',
      boardOwnerId: person.userId,
      link: `/move-the-needle/${person.userId}?card=${card.id}`,
      actorName: 'Mia Member',
      text: 'Could you check the photos? Thanks',
      createdAt: expect.any(String),
      readAt: null,
    });
    expect(await inbox(person)).toEqual({ notifications: [], unreadCount: 0 });
  });

  it('tells the member when a coach or an admin comments on her card (reply), not for her own comments', async () => {
    const { person, card } = await memberWithCard('Noah Member', 'Supplier call');
    await h.api.post(person, `${MTN}/activity/upsert`, { comment: 'note to self', CardId: card.id });
    expect((await inbox(person)).unreadCount).toBe(0);
    await h.api.post(coach, `${MTN}/activity/upsert`, { comment: 'Great progress', CardId: card.id });
    await h.api.post(admin, `${MTN}/activity/upsert`, { comment: 'Agreed', CardId: card.id });
    const got = await inbox(person);
    expect(got.unreadCount).toBe(2);
    expect(got.notifications.map((n) => [n.kind, n.actorName, n.text])).toEqual([
      ['reply', 'Ada Admin', 'Agreed'],
      ['reply', 'Cora Coach', 'Great progress'],
    ]);
    // A coach commenting on her own board tells nobody.
    const coachBoard = await readBoard(h, coach);
    const own = await addCard(h, coach, listNamed(coachBoard, 'IN PROGRESS').id, 'Coach task');
    const coachBefore = (await inbox(coach)).unreadCount;
    await h.api.post(coach, `${MTN}/activity/upsert`, { comment: 'mine', CardId: own.id });
    expect((await inbox(coach)).unreadCount).toBe(coachBefore);
  });

  it('tells every coach but nobody else when a member moves a card into FOR REVIEW', async () => {
    const second = await h.person('coach', { fullName: 'Carl Coach' });
    const { person, card } = await memberWithCard('Ola Member', 'Launch plan');
    const counts = async () => [(await inbox(coach)).unreadCount, (await inbox(second)).unreadCount];
    const [a, b] = await counts();
    await moveToReview(person, card.id);
    expect(await counts()).toEqual([(a ?? 0) + 1, (b ?? 0) + 1]);
    expect((await inbox(second)).notifications[0]).toMatchObject({
      kind: 'review',
      cardId: card.id,
      cardTitle: 'Launch plan',
      boardOwnerId: person.userId,
      actorName: 'Ola Member',
      text: '',
    });
    expect((await inbox(person)).unreadCount).toBe(0);
    // A reorder inside FOR REVIEW is not a new submission.
    const review = listNamed(await readBoard(h, person), 'FOR REVIEW');
    await addCard(h, person, review.id, 'Second in review');
    await h.api.post(person, `${MTN}/card/reorder`, { ListId: review.id, startPosition: 0, endPosition: 1 });
    expect(await counts()).toEqual([(a ?? 0) + 1, (b ?? 0) + 1]);
    // A coach moving a card on her own board tells no one.
    const coachBoard = await readBoard(h, coach);
    const own = await addCard(h, coach, listNamed(coachBoard, 'IN PROGRESS').id, 'Coach review');
    await moveToReview(coach, own.id);
    expect(await counts()).toEqual([(a ?? 0) + 1, (b ?? 0) + 1]);
  });
});

describe('reading and marking read', () => {
  it('pages newest first, marks ids or all read, and touches only the caller’s own', async () => {
    const reader = await h.person('coach', { fullName: 'Rita Reader' });
    const { person, card } = await memberWithCard('Pia Member', 'Pricing');
    for (const text of ['one', 'two', 'three']) {
      await h.api.post(person, `${MTN}/activity/upsert`, {
        comment: text,
        CardId: card.id,
        mentionedUsers: [reader.userId],
      });
    }
    const page1 = await inbox(reader, '?page=1&notificationsPerPage=2');
    expect(page1.notifications.map((n) => n.text)).toEqual(['three', 'two']);
    expect(page1.unreadCount).toBe(3);
    expect((await inbox(reader, '?page=2&notificationsPerPage=2')).notifications.map((n) => n.text)).toEqual(['one']);
    expect((await h.api.get(reader, `${N}?notificationsPerPage=51`)).status).toBe(400);

    // Someone else's ids change nothing.
    const [newest] = page1.notifications;
    const other = await h.api.post(coach, `${N}/read`, { ids: [newest?.id] });
    expect(other.status).toBe(200);
    expect((await inbox(reader)).unreadCount).toBe(3);

    const one = await h.api.post(reader, `${N}/read`, { ids: [newest?.id] });
    expect(one.body).toEqual({ unreadCount: 2 });
    const after = await inbox(reader);
    expect(after.notifications[0]?.readAt).toEqual(expect.any(String));
    expect(after.notifications[1]?.readAt).toBeNull();
    expect((await h.api.post(reader, `${N}/read`, { all: true })).body).toEqual({ unreadCount: 0 });
    expect((await inbox(reader)).notifications.every((n) => n.readAt !== null)).toBe(true);

    for (const body of [{}, { ids: [] }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, { all: false }]) {
      expect([body, (await h.api.post(reader, `${N}/read`, body)).status]).toEqual([body, 400]);
    }
    expect((await h.api.get(null, N)).status).toBe(401);
  });

  it('sends the unread count live: ready, then an event on each new notification and on read', async () => {
    const watcher = await h.person('coach', { fullName: 'Wes Watcher' });
    const { person, card } = await memberWithCard('Lea Member', 'Live card');
    const stream = await openEvents(h, watcher, `${N}/events`);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    await waitFor(() => eventsNamed(stream, 'ready').length === 1, { what: 'ready' });
    expect(eventsNamed(stream, 'ready')).toEqual([{ unreadCount: 0 }]);

    await h.api.post(person, `${MTN}/activity/upsert`, {
      comment: 'hi',
      CardId: card.id,
      mentionedUsers: [watcher.userId],
    });
    await waitFor(() => eventsNamed(stream, 'notifications').length === 1, { what: 'the new count' });
    expect(eventsNamed(stream, 'notifications')).toEqual([{ unreadCount: 1 }]);
    await h.api.post(watcher, `${N}/read`, { all: true });
    await waitFor(() => eventsNamed(stream, 'notifications').length === 2, { what: 'the count after read' });
    expect(eventsNamed(stream, 'notifications')[1]).toEqual({ unreadCount: 0 });
    await waitFor(() => stream.text().includes(': heartbeat'), { what: 'a heartbeat' });
    expect(h.service.live.watchedPeople()).toContain(watcher.userId);
    await stream.close();
    await waitFor(() => !h.service.live.watchedPeople().includes(watcher.userId), { what: 'the stream to be freed' });
    expect((await h.api.get(null, `${N}/events`)).status).toBe(401);
  });

  it("caps one person's notification streams at 5, apart from her board streams", async () => {
    const many = await h.person('coach');
    const board = await openEvents(h, many, `${MTN}/events?userId=${many.userId}`);
    const streams: EventStream[] = [];
    for (let i = 0; i < 6; i += 1) streams.push(await openEvents(h, many, `${N}/events`));
    for (const s of streams.slice(1)) await waitFor(() => s.text().includes('event: ready'), { what: 'ready' });
    await waitFor(() => streams[0]?.ended() === true, { what: 'the oldest to end' });
    expect(streams[0]?.text()).toContain('event: superseded');
    expect(streams.slice(1).some((s) => s.ended())).toBe(false);
    expect(board.ended()).toBe(false);
    for (const s of [...streams, board]) await s.close();
  });
});

describe('the mention e-mail setting', () => {
  it('defaults to on; a coach who turns it off still gets the notification but no e-mail', async () => {
    const quiet = await h.person('coach', { fullName: 'Quinn Quiet' });
    const loud = await h.person('coach', { fullName: 'Lou Loud' });
    expect((await h.api.get(quiet, `${N}/settings`)).body).toEqual({
      emailMentions: true,
      emailDueDates: true,
      emailReviews: true,
      emailDigest: true,
      emailLessons: true,
    });
    const put = await h.api.put(quiet, `${N}/settings`, { emailMentions: false });
    expect([put.status, put.body]).toEqual([
      200,
      { emailMentions: false, emailDueDates: true, emailReviews: true, emailDigest: true, emailLessons: true },
    ]);
    expect((await h.api.get(quiet, `${N}/settings`)).body).toEqual({
      emailMentions: false,
      emailDueDates: true,
      emailReviews: true,
      emailDigest: true,
      emailLessons: true,
    });
    expect((await h.api.get(loud, `${N}/settings`)).body).toEqual({
      emailMentions: true,
      emailDueDates: true,
      emailReviews: true,
      emailDigest: true,
      emailLessons: true,
    });
    // One setting at a time: the other keeps its value.
    const reviews = await h.api.put(quiet, `${N}/settings`, { emailReviews: false });
    expect([reviews.status, reviews.body]).toEqual([
      200,
      { emailMentions: false, emailDueDates: true, emailReviews: false, emailDigest: true, emailLessons: true },
    ]);
    const digest = await h.api.put(quiet, `${N}/settings`, { emailDigest: false });
    expect([digest.status, digest.body]).toEqual([
      200,
      { emailMentions: false, emailDueDates: true, emailReviews: false, emailDigest: false, emailLessons: true },
    ]);
    const refused = await h.api.put<{ errors?: Record<string, string> }>(quiet, `${N}/settings`, {});
    expect(refused.status).toBe(400);
    expect(Object.values(refused.body.errors ?? {}).join(' ')).toContain('emailDigest');
    expect((await h.api.put(quiet, `${N}/settings`, { emailDigest: 'no' })).status).toBe(400);
    expect((await h.api.put(quiet, `${N}/settings`, { emailMentions: 'no' })).status).toBe(400);
    expect((await h.api.put(quiet, `${N}/settings`, {})).status).toBe(400);

    const { person, card } = await memberWithCard('Eve Member', 'Mail card');
    await h.api.post(person, `${MTN}/activity/upsert`, {
      comment: 'Both of you please',
      CardId: card.id,
      mentionedUsers: [quiet.userId, loud.userId],
    });
    await waitFor(() => catcher.messages(loud.email).length > 0, { what: 'the e-mail to the coach who wants it' });
    await h.service.flushEvents();
    expect(catcher.messages(quiet.email)).toHaveLength(0);
    expect((await inbox(quiet)).unreadCount).toBe(1);
  });
});

describe('editing and deleting comments', () => {
  it("edits one's own comment only; deletes one's own, admins any; the board hears of both", async () => {
    const { person, card } = await memberWithCard('Cai Member', 'Comment card');
    const post = async (as: Person, comment: string) =>
      (await h.api.post<{ activity: { id: number } }>(as, `${MTN}/activity/upsert`, { comment, CardId: card.id })).body
        .activity.id;
    const mine = await post(person, 'first draft');
    const coachs = await post(coach, 'coach note');
    const watch = await openEvents(h, person, `${MTN}/events?userId=${person.userId}`);
    await waitFor(() => watch.text().includes('event: ready'), { what: 'ready' });

    const edited = await h.api.post(person, `${MTN}/activity/upsert`, { id: mine, comment: 'final', CardId: card.id });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ activity: { id: mine, comment: 'final' } });
    expect(
      (await h.api.post(coach, `${MTN}/activity/upsert`, { id: mine, comment: 'x', CardId: card.id })).status,
    ).toBe(403);
    expect(
      (await h.api.post(admin, `${MTN}/activity/upsert`, { id: mine, comment: 'x', CardId: card.id })).status,
    ).toBe(403);
    expect(
      (await h.api.post(person, `${MTN}/activity/upsert`, { id: coachs, comment: 'x', CardId: card.id })).status,
    ).toBe(403);

    expect((await h.api.del(person, `${MTN}/activity/${coachs}`)).status).toBe(403);
    expect((await h.api.del(coach, `${MTN}/activity/${mine}`)).status).toBe(403);
    expect((await h.api.del(person, `${MTN}/activity/${mine}`)).status).toBe(204);
    expect((await h.api.del(admin, `${MTN}/activity/${coachs}`)).status).toBe(204);
    expect((await h.api.del(admin, `${MTN}/activity/${coachs}`)).status).toBe(404);
    const left = listNamed(await readBoard(h, person), 'IN PROGRESS').Cards.find((c) => c.id === card.id);
    expect(left?.Activities).toEqual([]);
    await waitFor(() => watch.text().includes('comment.updated') && watch.text().includes('comment.deleted'), {
      what: 'the board notices',
    });
    await watch.close();
  });
});

describe('learning notices from the courses service', () => {
  it('tell each person once, lead to the lesson, and e-mail only those who want lesson e-mails', async () => {
    const keen = await h.person('premium', { fullName: 'Kim Keen' });
    const quiet = await h.person('premium', { fullName: 'Quade Quiet' });
    const off = await h.api.put(quiet, `${N}/settings`, { emailLessons: false });
    expect([off.status, off.body]).toEqual([
      200,
      { emailMentions: true, emailDueDates: true, emailReviews: true, emailDigest: true, emailLessons: false },
    ]);
    const notice = {
      key: `lesson-comment-${keen.userId}-reply`,
      kind: 'lesson-reply' as const,
      userIds: [keen.userId, quiet.userId],
      actorId: coach.userId,
      actorName: 'Cora Coach',
      courseTitle: 'Amazon FBA Basics',
      title: 'Understanding FBA Fees',
      text: 'Storage fees go up in October.',
      link: '/courses/fba-basics/3/9',
      lessonId: 9,
      moduleId: 3,
    };
    // A redelivered event (the same key) tells nobody twice.
    await h.users.publish('courses.learning-notice', notice);
    await h.users.publish('courses.learning-notice', notice);
    await waitFor(async () => (await inbox(quiet)).notifications.length > 0, { what: 'the notice in the bell' });
    await waitFor(() => catcher.messages(keen.email).length > 0, { what: 'the e-mail to the member who wants it' });
    for (const who of [keen, quiet]) {
      const { notifications, unreadCount } = await inbox(who);
      expect(unreadCount).toBe(1);
      expect(notifications).toEqual([
        expect.objectContaining({
          kind: 'lesson-reply',
          cardId: null,
          boardOwnerId: null,
          cardTitle: 'Understanding FBA Fees',
          actorName: 'Cora Coach',
          text: 'Storage fees go up in October.',
          link: '/courses/fba-basics/3/9',
        }),
      ]);
    }
    const mail = catcher.messages(keen.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Cora Coach replied on "Understanding FBA Fees"');
    expect(mail[0]?.text).toContain('/courses/fba-basics/3/9');
    expect(catcher.messages(quiet.email)).toHaveLength(0);
  });

  it("name the writer by the board's copy when it arrives after the notice", async () => {
    const reader = await h.person('premium');
    const newcomerId = 9_000_000 + Math.floor(Math.random() * 100_000);
    await h.users.publish('courses.learning-notice', {
      key: `lesson-comment-${newcomerId}-mention`,
      kind: 'lesson-mention',
      userIds: [reader.userId],
      actorId: newcomerId,
      actorName: 'A member',
      courseTitle: 'Amazon FBA Basics',
      title: 'Understanding FBA Fees',
      text: 'A question a moment after signing up.',
      link: '/courses/fba-basics/3/9',
      lessonId: 9,
      moduleId: 3,
    });
    await waitFor(async () => (await inbox(reader)).notifications.length > 0, { what: 'the notice in the bell' });
    expect((await inbox(reader)).notifications[0]?.actorName).toBe('A member');
    await h.users.publish(
      'users.user-changed',
      userChanged({
        id: newcomerId,
        fullName: 'Nia Newcomer',
        role: 'premium',
        createdAt: '2024-01-01T00:00:00.000Z',
        version: 1,
      }),
    );
    await waitFor(async () => (await inbox(reader)).notifications[0]?.actorName === 'Nia Newcomer', {
      what: "the writer's name once the board knows her",
    });
  });
});
