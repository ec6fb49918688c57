/**
 * Move the Needle across the whole stack: the seeded boards, a comment mentioning the coach ending as an e-mail
 * in the mail catcher, a deleted member's board gone (users.user-deleted), the cut-off enforced by the server,
 * and the live stream through the gateway with the session checked.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { MEMBER_MARKER } from '../../scripts/seed/board';
import { type GatewaySession, readMail, seededUsers, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, createPerson, openEventStream, query, sessionCookieHeader } from '../support/system';

jest.setTimeout(90_000);

const MTN = '/api/move-the-needle';

interface Card {
  id: number;
  title: string;
  ListId: number;
  coverPhotoUrl: string | null;
  Labels: { name: string }[];
  Attachments: { fileUrl: string }[];
  Activities: { comment: string; TaggedUsers: { id: number }[] }[];
  CheckLists: { CheckListItems: { completed: boolean }[] }[];
}
interface Board {
  lists: { id: number; name: string; Cards: Card[] }[];
  board: { fullName: string; isTemplate: boolean; totalProgress: number };
}

let admin: GatewaySession;
let premium: GatewaySession;
let coach: GatewaySession;

beforeAll(async () => {
  [admin, premium, coach] = await Promise.all([signIn('admin'), signIn('premium'), signIn('coach')]);
});
afterAll(async () => {
  await closeSystemResources();
});

const readBoard = (session: GatewaySession, userId: number) =>
  session.get<Board>(`${MTN}/list/read-many?userId=${userId}`);

describe('seeded boards', () => {
  it('has a Master Template with seller tasks and the long-standing member board built on it', async () => {
    const template = await readBoard(admin, seededUsers.admin.id);
    expect(template.board).toMatchObject({ isTemplate: true, fullName: 'Master Template' });
    expect(template.lists.flatMap((l) => l.Cards).length).toBeGreaterThanOrEqual(5);

    const board = await readBoard(coach, seededUsers.premium.id);
    expect(board.board.fullName).toBe(seededUsers.premium.fullName);
    const withCards = board.lists.filter((l) => l.Cards.length > 0).map((l) => l.name);
    expect(withCards.length).toBeGreaterThanOrEqual(3);
    const marker = board.lists.flatMap((l) => l.Cards).find((c) => c.title === MEMBER_MARKER);
    expect(marker?.coverPhotoUrl).toBe(marker?.Attachments[0]?.fileUrl);
    expect(marker?.Labels.length).toBeGreaterThan(0);
    expect(marker?.CheckLists[0]?.CheckListItems.some((i) => i.completed)).toBe(true);
    expect(marker?.Activities[0]?.TaggedUsers.map((u) => u.id)).toEqual([seededUsers.coach.id]);
    // The cover is a real upload, served by the gateway.
    const image = await fetch(`${stackInfo().gatewayUrl}${marker?.coverPhotoUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/png');
  });

  it('enforces the cut-off: the newer premium member has no board, the long-standing one has', async () => {
    const newer = await signIn('newPremium');
    const refused = await newer.request('GET', `${MTN}/list/read-many?userId=${seededUsers.newPremium.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: expect.any(String) });
    expect((await premium.request('GET', `${MTN}/list/read-many?userId=${seededUsers.premium.id}`)).status).toBe(200);
    // Nor does a coach find a board for her.
    expect((await coach.request('GET', `${MTN}/list/read-many?userId=${seededUsers.newPremium.id}`)).status).toBe(404);
  });
});

describe('a comment mentioning the coach', () => {
  it('ends as an e-mail to the coach naming the member and the card, with a link to the card', async () => {
    const board = await readBoard(premium, seededUsers.premium.id);
    const list = board.lists.find((l) => l.name === 'IN PROGRESS');
    const title = `Check my pricing ${Date.now()}`;
    const { card } = await premium.post<{ card: Card }>(`${MTN}/card/upsert`, { title, ListId: list?.id });
    const since = new Date();
    const res = await premium.request('POST', `${MTN}/activity/upsert`, {
      comment: 'Is $24.99 too high?',
      CardId: card.id,
      mentionedUsers: [seededUsers.coach.id],
    });
    expect(res.status).toBe(201);
    const mail = await readMail(seededUsers.coach.email, { subject: `${seededUsers.premium.fullName}'s board`, since });
    expect(mail.text).toContain(title);
    expect(mail.text).toContain('Is $24.99 too high?');
    expect(mail.links).toContain(`${stackInfo().publicUrl}/move-the-needle/${seededUsers.premium.id}?card=${card.id}`);
  });
});

describe('a deleted member', () => {
  it('loses the board with everything on it', async () => {
    const person = await createPerson(admin, 'board-leaver', { role: 'coach' });
    const session = await signIn(person);
    const board = await readBoard(session, person.id);
    const { card } = await session.post<{ card: Card }>(`${MTN}/card/upsert`, {
      title: 'Leaving soon',
      ListId: board.lists[0]?.id,
    });
    const before = await query('board', 'SELECT id FROM boards WHERE user_id = $1', [person.id]);
    expect(before).toHaveLength(1);
    await admin.del(`/api/user/${person.id}`);
    await waitFor(
      async () => (await query('board', 'SELECT id FROM boards WHERE user_id = $1', [person.id])).length === 0,
      {
        what: 'the board to go',
      },
    );
    expect(await query('board', 'SELECT id FROM cards WHERE id = $1', [card.id])).toEqual([]);
    expect(await query('board', 'SELECT user_id FROM people WHERE user_id = $1', [person.id])).toEqual([]);
    expect((await admin.request('GET', `${MTN}/list/read-many?userId=${person.id}`)).status).toBe(404);
  });
});

describe('live updates through the gateway', () => {
  it('streams a change made by the member to the coach reviewing the board, and checks the session', async () => {
    const anonymous = await fetch(`${stackInfo().gatewayUrl}${MTN}/events?userId=${seededUsers.premium.id}`);
    expect(anonymous.status).toBe(401);

    const stream = await openEventStream(`${MTN}/events?userId=${seededUsers.premium.id}`, sessionCookieHeader(coach));
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    try {
      await waitFor(() => stream.text().includes('event: ready'), { what: 'the stream to open' });
      const board = await readBoard(premium, seededUsers.premium.id);
      await premium.post(`${MTN}/card/upsert`, { title: `Live ${Date.now()}`, ListId: board.lists[0]?.id });
      await waitFor(() => stream.text().includes('event: board-changed'), { what: 'the change to reach the coach' });
    } finally {
      await stream.close();
    }
  });
});
