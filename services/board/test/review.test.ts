/**
 * A coach's review and a card's history against the real board service: the review takes the card out of the
 * queue and tells the owner once ('reviewed', no 'reply' besides), a move back into FOR REVIEW re-queues it, the
 * owner and a coach on a coach's board are refused, and every change the commands record is in the history.
 * test/system/board-review.test.ts runs the same through the gateway, with the e-mail.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type {
  CardActivityResponse,
  CardReviewResponse,
  NotificationsResponse,
  ReviewQueueResponse,
} from '@rainmakers/contracts';
import {
  addCard,
  type Harness,
  listNamed,
  moveCardTo,
  type Person,
  readBoard,
  startHarness,
  uploaded,
} from './helpers';

// A busy shared machine: starting the service and announcing people can take longer than jest's 5 s.
jest.setTimeout(60_000);

const MTN = '/api/move-the-needle';
let h: Harness;
let coach: Person;
let otherCoach: Person;
let member: Person;

beforeAll(async () => {
  h = await startHarness();
  coach = await h.person('coach', { fullName: 'Cora Coach' });
  otherCoach = await h.person('coach', { fullName: 'Otto Coach' });
  member = await h.person('premium', { fullName: 'Mia Member' });
});
afterAll(async () => {
  await h?.stop();
});

const move = (as: Person, owner: Person, cardId: number, to: string) => moveCardTo(h, as, owner, cardId, to);

async function submit(title: string): Promise<number> {
  const board = await readBoard(h, member);
  const card = await addCard(h, member, listNamed(board, 'IN PROGRESS').id, title);
  await move(member, member, card.id, 'FOR REVIEW');
  return card.id;
}

const queued = async () =>
  (await h.api.get<ReviewQueueResponse>(coach, `${MTN}/review-queue?cardsPerPage=50`)).body.cards.map((c) => c.id);
const notesOf = async (cardId: number) =>
  (await h.api.get<NotificationsResponse>(member, '/api/notifications?notificationsPerPage=50')).body.notifications
    .filter((n) => n.cardId === cardId)
    .map((n) => n.kind);

describe('a review that closes', () => {
  it('takes the card out of the queue and tells the owner once, the comment riding on the notification', async () => {
    const cardId = await submit('Listing photos');
    expect(await queued()).toContain(cardId);
    const res = await h.api.post<CardReviewResponse>(coach, `${MTN}/card/review`, { cardId, comment: 'Ship it' });
    expect(res.status).toBe(200);
    expect(res.body.card.reviewedBy).toEqual({ id: coach.userId, fullName: 'Cora Coach' });
    expect(res.body.card.reviewedAt).not.toBeNull();
    expect(res.body.card.Activities[0]).toMatchObject({ comment: 'Ship it', User: { id: coach.userId } });
    expect(await queued()).not.toContain(cardId);
    expect(await notesOf(cardId)).toEqual(['reviewed']);
    // Reviewed already: the second coach is told, the owner is not told twice.
    expect((await h.api.post(otherCoach, `${MTN}/card/review`, { cardId })).status).toBe(409);
    expect(await notesOf(cardId)).toEqual(['reviewed']);
  });

  it('re-queues the card when it enters FOR REVIEW again', async () => {
    const cardId = await submit('Ad copy');
    expect((await h.api.post(coach, `${MTN}/card/review`, { cardId })).status).toBe(200);
    await move(member, member, cardId, 'IN PROGRESS');
    await move(member, member, cardId, 'FOR REVIEW');
    expect(await queued()).toContain(cardId);
    const card = listNamed(await readBoard(h, member), 'FOR REVIEW').Cards.find((c) => c.id === cardId);
    expect(card).toMatchObject({ reviewedAt: null, reviewedBy: null });
  });

  it('refuses the owner, a coach on a coach’s board, and a card not waiting', async () => {
    const cardId = await submit('Supplier list');
    expect((await h.api.post(member, `${MTN}/card/review`, { cardId })).status).toBe(403);
    const coachBoard = await readBoard(h, otherCoach);
    const own = await addCard(h, otherCoach, listNamed(coachBoard, 'FOR REVIEW').id, 'My plan');
    expect((await h.api.post(coach, `${MTN}/card/review`, { cardId: own.id })).status).toBe(403);
    await move(member, member, cardId, 'COMPLETED');
    expect((await h.api.post(coach, `${MTN}/card/review`, { cardId })).status).toBe(409);
    const bad = await h.api.post<{ errors?: Record<string, string> }>(coach, `${MTN}/card/review`, { cardId: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['cardId']);
  });
});

describe('card history', () => {
  it('lists every recorded kind, newest first', async () => {
    const board = await readBoard(h, member);
    const card = await addCard(h, member, listNamed(board, 'IN PROGRESS').id, 'Draft');
    await h.api.post(member, `${MTN}/card/upsert`, { id: card.id, title: 'Final', ListId: card.ListId });
    await h.api.post(member, `${MTN}/attachment/upsert`, { CardId: card.id, fileUrl: uploaded(1), fileName: 'a.png' });
    const list = await h.api.post<{ checklist: { id: number } }>(member, `${MTN}/checkList/upsert`, {
      CardId: card.id,
      title: 'Launch',
    });
    const item = await h.api.post<{ item: { id: number } }>(member, `${MTN}/checkListItem/upsert`, {
      CheckListId: list.body.checklist.id,
      title: 'Photos',
    });
    await h.api.post(member, `${MTN}/checkListItem/upsert`, {
      id: item.body.item.id,
      CheckListId: list.body.checklist.id,
      title: 'Photos',
      completed: true,
    });
    await h.api.post(member, `${MTN}/activity/upsert`, { CardId: card.id, comment: 'Have a look' });
    await move(member, member, card.id, 'FOR REVIEW');
    await h.api.post(coach, `${MTN}/card/review`, { cardId: card.id });
    const res = await h.api.get<CardActivityResponse>(coach, `${MTN}/card/${card.id}/activity`);
    expect(res.status).toBe(200);
    expect(res.body.activity.map((a) => a.type)).toEqual([
      'reviewed',
      'moved',
      'comment.added',
      'checklist.item-done',
      'attachment.added',
      'renamed',
      'created',
    ]);
    expect(res.body.activity[1]).toMatchObject({
      actor: { id: member.userId, fullName: 'Mia Member' },
      details: { from: 'IN PROGRESS', to: 'FOR REVIEW' },
    });
    const stranger = await h.person('premium');
    expect((await h.api.get(stranger, `${MTN}/card/${card.id}/activity`)).status).toBe(404);
  });
});
