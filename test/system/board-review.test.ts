/**
 * A coach's review across the whole stack: marking a FOR REVIEW card reviewed takes it out of the queue, tells the
 * owner once (one notification, one e-mail), and moving it back into FOR REVIEW puts it in the queue again; the
 * owner and a coach on another coach's board are refused; the card's history lists every kind the board records.
 *
 * The people are fresh (as test/system/notifications.test.ts): two coaches and a premium member whose account
 * predates the 2025-02-13 cut-off.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type {
  BoardCard,
  CardActivityResponse,
  CardReviewResponse,
  NotificationsResponse,
  ReviewQueueResponse,
} from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { type GatewaySession, listMail, readMail, signIn } from '../support/stack-client';
import { closeSystemResources, createPerson, createReviewedMember, type Person } from '../support/system';

jest.setTimeout(120_000);

const MTN = '/api/move-the-needle';

interface Board {
  lists: { id: number; name: string; Cards: BoardCard[] }[];
}

let admin: GatewaySession;
let coach: { person: Person; session: GatewaySession };
let otherCoach: { person: Person; session: GatewaySession };
let member: { person: Person; session: GatewaySession };

beforeAll(async () => {
  admin = await signIn('admin');
  const coachPerson = await createPerson(admin, 'Review coach', { role: 'coach' });
  coach = { person: coachPerson, session: await signIn(coachPerson) };
  const otherPerson = await createPerson(admin, 'Other coach', { role: 'coach' });
  otherCoach = { person: otherPerson, session: await signIn(otherPerson) };
  member = await createReviewedMember(admin, 'Reviewed member', [coach.session]);
});

afterAll(async () => {
  await closeSystemResources();
});

const boardOf = (session: GatewaySession, userId: number) =>
  session.get<Board>(`${MTN}/list/read-many?userId=${userId}`);
const listNamed = (board: Board, name: string) => {
  const list = board.lists.find((l) => l.name === name);
  if (!list) throw new Error(`no list ${name}`);
  return list;
};

async function move(session: GatewaySession, userId: number, cardId: number, to: string): Promise<void> {
  const board = await boardOf(session, userId);
  const source = board.lists.find((l) => l.Cards.some((c) => c.id === cardId));
  const dest = listNamed(board, to);
  const card = source?.Cards.find((c) => c.id === cardId);
  if (!source || !card) throw new Error(`card ${cardId} not on the board`);
  await session.post(`${MTN}/card/move`, {
    cardId,
    sourceListId: source.id,
    destListId: dest.id,
    positionOnSourceList: card.position,
    positionOnDestList: dest.Cards.length,
  });
}

/** A new card of the member's, moved into FOR REVIEW by her. */
async function submit(title: string): Promise<number> {
  const board = await boardOf(member.session, member.person.id);
  const { card } = await member.session.post<{ card: BoardCard }>(`${MTN}/card/upsert`, {
    title,
    ListId: listNamed(board, 'IN PROGRESS').id,
  });
  await move(member.session, member.person.id, card.id, 'FOR REVIEW');
  return card.id;
}

const queuedIds = async (session: GatewaySession) =>
  (await session.get<ReviewQueueResponse>(`${MTN}/review-queue?cardsPerPage=50`)).cards.map((c) => c.id);
const reviewedNotes = async (cardId: number) =>
  (await member.session.get<NotificationsResponse>('/api/notifications?notificationsPerPage=50')).notifications.filter(
    (n) => n.cardId === cardId && n.kind === 'reviewed',
  );

describe('a review that closes', () => {
  it('takes the card out of the queue, answers the reviewer on the card and tells the owner once', async () => {
    const cardId = await submit('Listing photos');
    expect(await queuedIds(coach.session)).toContain(cardId);
    const since = new Date();
    const answer = await coach.session.request<CardReviewResponse>('POST', `${MTN}/card/review`, {
      cardId,
      comment: 'Great photos, ship it',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.card.reviewedBy).toEqual({ id: coach.person.id, fullName: coach.person.fullName });
    expect(Date.parse(answer.body.card.reviewedAt ?? '')).toBeGreaterThanOrEqual(since.getTime() - 1000);
    // The comment is an ordinary comment of the reviewer's.
    expect(answer.body.card.Activities[0]).toMatchObject({
      comment: 'Great photos, ship it',
      User: { id: coach.person.id },
    });
    expect(await queuedIds(coach.session)).not.toContain(cardId);
    expect(await queuedIds(otherCoach.session)).not.toContain(cardId);
    // The owner sees the review on her board too.
    const seen = listNamed(await boardOf(member.session, member.person.id), 'FOR REVIEW').Cards.find(
      (c) => c.id === cardId,
    );
    expect(seen?.reviewedBy?.fullName).toBe(coach.person.fullName);

    // One notification (the comment rides on it: no 'reply' besides) and one e-mail.
    const notes = await reviewedNotes(cardId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ actorName: coach.person.fullName, text: 'Great photos, ship it' });
    const replies = (
      await member.session.get<NotificationsResponse>('/api/notifications?notificationsPerPage=50')
    ).notifications.filter((n) => n.cardId === cardId && n.kind === 'reply');
    expect(replies).toHaveLength(0);
    const mail = await readMail(member.person.email, { subject: 'reviewed "Listing photos"', since });
    expect(mail.text).toContain('Great photos, ship it');

    // A second review (another coach, a double click) is refused: the card is not waiting any more.
    const again = await otherCoach.session.request('POST', `${MTN}/card/review`, { cardId });
    expect(again.status).toBe(409);
    await waitFor(async () => (await listMail(member.person.email)).length > 0, { what: 'the mail to settle' });
    const reviewMails = (await listMail(member.person.email)).filter((m) => m.subject.includes('"Listing photos"'));
    expect(reviewMails).toHaveLength(1);
    expect(await reviewedNotes(cardId)).toHaveLength(1);
  });

  it('puts the card back in the queue when it enters FOR REVIEW again', async () => {
    const cardId = await submit('Ad copy');
    await coach.session.post(`${MTN}/card/review`, { cardId });
    expect(await queuedIds(coach.session)).not.toContain(cardId);
    await move(member.session, member.person.id, cardId, 'IN PROGRESS');
    await move(member.session, member.person.id, cardId, 'FOR REVIEW');
    expect(await queuedIds(coach.session)).toContain(cardId);
    const card = listNamed(await boardOf(member.session, member.person.id), 'FOR REVIEW').Cards.find(
      (c) => c.id === cardId,
    );
    expect(card).toMatchObject({ reviewedAt: null, reviewedBy: null });
    // Reviewed again by the other coach: every coach is every member's coach.
    const second = await otherCoach.session.request<CardReviewResponse>('POST', `${MTN}/card/review`, { cardId });
    expect(second.status).toBe(200);
    expect(second.body.card.reviewedBy?.id).toBe(otherCoach.person.id);
  });

  it('refuses the owner and a coach on a coach’s own board (403), and a card not in FOR REVIEW (409)', async () => {
    const cardId = await submit('Supplier shortlist');
    expect((await member.session.request('POST', `${MTN}/card/review`, { cardId })).status).toBe(403);
    // A coach's own board is not reviewed: another coach may read it, not review it.
    const coachBoard = await boardOf(otherCoach.session, otherCoach.person.id);
    const { card } = await otherCoach.session.post<{ card: BoardCard }>(`${MTN}/card/upsert`, {
      title: 'My own plan',
      ListId: listNamed(coachBoard, 'FOR REVIEW').id,
    });
    expect((await coach.session.request('POST', `${MTN}/card/review`, { cardId: card.id })).status).toBe(403);
    expect((await otherCoach.session.request('POST', `${MTN}/card/review`, { cardId: card.id })).status).toBe(403);
    // Waiting elsewhere: nothing to close.
    await move(member.session, member.person.id, cardId, 'COMPLETED');
    expect((await coach.session.request('POST', `${MTN}/card/review`, { cardId })).status).toBe(409);
    // Bad input: field errors, never a 500.
    const bad = await coach.session.request<{ errors?: Record<string, string> }>('POST', `${MTN}/card/review`, {
      cardId: 'x',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['cardId']);
  });
});

describe('card history', () => {
  it('lists each recorded kind, newest first, for whoever may read the card', async () => {
    const board = await boardOf(member.session, member.person.id);
    const { card } = await member.session.post<{ card: BoardCard }>(`${MTN}/card/upsert`, {
      title: 'Draft',
      ListId: listNamed(board, 'IN PROGRESS').id,
    });
    await member.session.post(`${MTN}/card/upsert`, { id: card.id, title: 'Final listing', ListId: card.ListId });
    await member.session.post(`${MTN}/attachment/upsert`, {
      CardId: card.id,
      fileUrl: '/upload/files/0b8f6a4e-2a4c-4c55-9a43-6f3f5d1c2e11.png',
      fileName: 'hero.png',
    });
    const { checklist } = await member.session.post<{ checklist: { id: number } }>(`${MTN}/checkList/upsert`, {
      CardId: card.id,
      title: 'Launch',
    });
    const { item } = await member.session.post<{ item: { id: number } }>(`${MTN}/checkListItem/upsert`, {
      CheckListId: checklist.id,
      title: 'Photos',
    });
    await member.session.post(`${MTN}/checkListItem/upsert`, {
      id: item.id,
      CheckListId: checklist.id,
      title: 'Photos',
      completed: true,
    });
    await member.session.post(`${MTN}/activity/upsert`, { CardId: card.id, comment: 'Ready for a look' });
    await move(member.session, member.person.id, card.id, 'FOR REVIEW');
    await coach.session.post(`${MTN}/card/review`, { cardId: card.id });

    const { activity } = await coach.session.get<CardActivityResponse>(`${MTN}/card/${card.id}/activity`);
    expect(activity.map((a) => a.type)).toEqual([
      'reviewed',
      'moved',
      'comment.added',
      'checklist.item-done',
      'attachment.added',
      'renamed',
      'created',
    ]);
    expect(activity[0]).toMatchObject({ actor: { id: coach.person.id, fullName: coach.person.fullName } });
    expect(activity[1]).toMatchObject({
      details: { from: 'IN PROGRESS', to: 'FOR REVIEW' },
      actor: { id: member.person.id, fullName: member.person.fullName },
    });
    expect(activity.find((a) => a.type === 'renamed')?.details).toEqual({ from: 'Draft', to: 'Final listing' });
    expect(activity.find((a) => a.type === 'checklist.item-done')?.details).toEqual({
      item: 'Photos',
      checklist: 'Launch',
    });
    expect(activity.find((a) => a.type === 'created')?.details).toEqual({ list: 'IN PROGRESS' });
    for (let i = 1; i < activity.length; i++) {
      expect(Date.parse(activity[i - 1]?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(activity[i]?.at ?? ''));
    }
    // The owner reads it too; a stranger's answer is the unknown card's 404.
    expect((await member.session.request('GET', `${MTN}/card/${card.id}/activity`)).status).toBe(200);
    const stranger = await signIn('premium');
    expect((await stranger.request('GET', `${MTN}/card/${card.id}/activity`)).status).toBe(404);
    expect((await coach.session.request('GET', `${MTN}/card/999999999/activity`)).status).toBe(404);
    expect((await coach.session.request('GET', `${MTN}/card/abc/activity`)).status).toBe(400);
  });
});
