/**
 * The weekly digest across the whole stack: a reviewed member with a week on her board (moves, a card due, one
 * overdue, a coach's review and comment) and a coach, both in one time zone set through POST /api/user/upsert; the
 * digest sweep (the board-reminders job's code path) run by two "replicas" at once with the clock set to the coming
 * Monday 09:00 in that zone: one e-mail each, through the send-mail queue to the mail catcher, saying what it
 * should; nothing on the Sunday before, before 08:00 or on the Tuesday; nothing more on a second run that week;
 * nothing for a member who turned the digest off.
 *
 * The zone is one where it is not Monday from 08:00 now, so the board process's own sweep (the real clock) owes
 * these people nothing while the test runs.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { BoardCard } from '@rainmakers/contracts';
import { formatDateInZone } from '@rainmakers/contracts/time-zone';
import { createDatabase, createMailSender, createRedis, type DatabaseHandle, type MailSender } from '@rainmakers/kit';
import { waitFor } from '@rainmakers/kit/testing';
import { type DigestDeps, sweepWeeklyDigests } from '../../services/board/src/commands/digests';
import type { BoardDatabase } from '../../services/board/src/store/schema';
import { type GatewaySession, listMail, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, createPerson, type Person, query } from '../support/system';

jest.setTimeout(180_000);

const MTN = '/api/move-the-needle';
const HOUR = 60 * 60 * 1000;
const MEMBER_SUBJECT = 'Your week on Move the Needle';
const COACH_SUBJECT = 'Your members this week';

interface Board {
  lists: { id: number; name: string; Cards: BoardCard[] }[];
}

const local = (at: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, p) => Object.assign(all, { [p.type]: p.value }), {});
  return { weekday: parts.weekday, hour: Number(parts.hour) };
};
/** Whether it is Monday from 08:00 in the zone at any time in the next half hour, or the half hour before. */
const digestTimeNear = (timeZone: string) =>
  [-0.5, 0, 0.5].some((h) => {
    const { weekday, hour } = local(new Date(Date.now() + h * HOUR), timeZone);
    return weekday === 'Mon' && hour >= 8;
  });
// Their Monday mornings never all overlap: one of them is always free.
const ZONE = ['Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => !digestTimeNear(z)) ?? 'UTC';

/** The coming Monday, 09:00 in `timeZone` (the zones above are whole hours from UTC). */
function comingMonday9(timeZone: string): Date {
  let at = new Date(Math.ceil(Date.now() / HOUR) * HOUR);
  while (!(local(at, timeZone).weekday === 'Mon' && local(at, timeZone).hour === 9)) at = new Date(at.getTime() + HOUR);
  return at;
}

const handles: DatabaseHandle<BoardDatabase>[] = [];
const senders: MailSender[] = [];
const redis = createRedis(stackInfo().redisUrl, 'board-digest-test');

/** A sweeper as a board replica has one: its own pool and its own sender on the shared send-mail queue. */
function replica(): DigestDeps {
  const handle = createDatabase<BoardDatabase>(stackInfo().databaseUrls.board, { max: 2 });
  handles.push(handle);
  const mail = createMailSender(redis, stackInfo().redisPrefix);
  senders.push(mail);
  return { db: handle.db, mail, publicUrl: stackInfo().publicUrl };
}

let admin: GatewaySession;
let coach: { person: Person; session: GatewaySession };
let member: { person: Person; session: GatewaySession };
let quiet: { person: Person; session: GatewaySession };
const dueSoon = new Date(Date.now() + 2 * 24 * HOUR);
const overdue = new Date(Date.now() - HOUR);

/** A person in ZONE, as the board's copy holds her (and a reviewed member's account from before the cut-off). */
async function personInZone(role: 'coach' | 'premium', label: string) {
  const person = await createPerson(admin, label, { role });
  if (role === 'premium') {
    await query('users', 'UPDATE users SET created_at = $2 WHERE id = $1', [person.id, '2024-06-01T00:00:00Z']);
  }
  await admin.post('/api/user/upsert', { id: person.id, timeZone: ZONE });
  await waitFor(
    async () => {
      const [copy] = await query<{ time_zone: string | null; account_created_at: Date }>(
        'board',
        'SELECT time_zone, account_created_at FROM people WHERE user_id = $1',
        [person.id],
      );
      return copy?.time_zone === ZONE && (role === 'coach' || copy.account_created_at.getUTCFullYear() === 2024);
    },
    { what: `${label}'s zone in the board's copy` },
  );
  return { person, session: await signIn(person) };
}

const boardOf = (session: GatewaySession, userId: number) =>
  session.get<Board>(`${MTN}/list/read-many?userId=${userId}`);
const listNamed = (board: Board, name: string) => {
  const list = board.lists.find((l) => l.name === name);
  if (!list) throw new Error(`no list ${name}`);
  return list;
};

async function newCard(who: typeof member, list: string, title: string, dueAt?: Date): Promise<number> {
  const board = await boardOf(who.session, who.person.id);
  const { card } = await who.session.post<{ card: BoardCard }>(`${MTN}/card/upsert`, {
    title,
    ListId: listNamed(board, list).id,
    ...(dueAt ? { dueAt: dueAt.toISOString() } : {}),
  });
  return card.id;
}

async function move(who: typeof member, cardId: number, to: string): Promise<void> {
  const board = await boardOf(who.session, who.person.id);
  const source = board.lists.find((l) => l.Cards.some((c) => c.id === cardId));
  const card = source?.Cards.find((c) => c.id === cardId);
  const dest = listNamed(board, to);
  if (!source || !card) throw new Error(`card ${cardId} not on the board`);
  await who.session.post(`${MTN}/card/move`, {
    cardId,
    sourceListId: source.id,
    destListId: dest.id,
    positionOnSourceList: card.position,
    positionOnDestList: dest.Cards.length,
  });
}

const digestsTo = async (email: string) =>
  (await listMail(email)).filter((m) => m.subject === MEMBER_SUBJECT || m.subject.startsWith(COACH_SUBJECT));
const weeksOf = async (userId: number) =>
  (
    await query<{ week: string }>('board', 'SELECT week_start::text AS week FROM weekly_digests WHERE user_id = $1', [
      userId,
    ])
  ).map((r) => r.week);

beforeAll(async () => {
  admin = await signIn('admin');
  coach = await personInZone('coach', 'Digest coach');
  member = await personInZone('premium', 'Digest member');
  quiet = await personInZone('premium', 'Quiet member');
  await waitFor(
    async () => (await coach.session.request('GET', `${MTN}/list/read-many?userId=${member.person.id}`)).status === 200,
    { what: 'the member to hold a board her coach may open' },
  );

  // Her week: two cards sent for review (one reviewed with a comment, one commented on), one due soon, one overdue.
  const reviewed = await newCard(member, 'IN PROGRESS', 'Listing photos');
  await move(member, reviewed, 'FOR REVIEW');
  await coach.session.post(`${MTN}/card/review`, { cardId: reviewed, comment: 'Great photos, ship it' });
  const waiting = await newCard(member, 'IN PROGRESS', 'Pricing');
  await move(member, waiting, 'FOR REVIEW');
  await coach.session.post(`${MTN}/activity/upsert`, { comment: 'Try 19.99', CardId: waiting });
  await newCard(member, 'NOT STARTED', 'Write the listing', dueSoon);
  await newCard(member, 'IN PROGRESS', 'Order samples', overdue);

  // The quiet member has a week too, and turned the digest off.
  await move(quiet, await newCard(quiet, 'NOT STARTED', 'Quiet card'), 'IN PROGRESS');
  const off = await quiet.session.request<Record<string, boolean>>('PUT', '/api/notifications/settings', {
    emailDigest: false,
  });
  expect([off.status, off.body.emailDigest]).toEqual([200, false]);
});

afterAll(async () => {
  await Promise.all(senders.map((s) => s.close()));
  await Promise.all(handles.map((h) => h.close()));
  await redis.quit();
  await closeSystemResources();
});

describe('the weekly digest', () => {
  const monday = comingMonday9(ZONE);

  it('owes nothing on the Sunday before, before 08:00 on the Monday, or on the Tuesday', async () => {
    const sweeper = replica();
    for (const now of [
      new Date(monday.getTime() - 24 * HOUR),
      new Date(monday.getTime() - 1.5 * HOUR),
      new Date(monday.getTime() + 24 * HOUR),
    ]) {
      await sweepWeeklyDigests(sweeper, now);
    }
    for (const who of [member, coach, quiet]) expect(await weeksOf(who.person.id)).toEqual([]);
  });

  it('mails the member her week and the coach her members once, with two replicas sweeping at once', async () => {
    const [a, b] = [replica(), replica()];
    await Promise.all([sweepWeeklyDigests(a, monday), sweepWeeklyDigests(b, monday), sweepWeeklyDigests(a, monday)]);
    const [memberMail] = await waitFor(
      async () => ((await digestsTo(member.person.email)).length > 0 ? digestsTo(member.person.email) : undefined),
      { what: "the member's digest" },
    );
    const [coachMail] = await waitFor(
      async () => ((await digestsTo(coach.person.email)).length > 0 ? digestsTo(coach.person.email) : undefined),
      { what: "the coach's digest" },
    );

    const week = formatDateInZone(monday, ZONE, { day: true });
    expect(memberMail?.subject).toBe(MEMBER_SUBJECT);
    const text = memberMail?.text ?? '';
    expect(text).toContain(`Here is your week on Move the Needle: the 7 days to ${week}.`);
    expect(text).toContain(
      'Cards moved (2):\n- "Pricing": IN PROGRESS -> FOR REVIEW\n- "Listing photos": IN PROGRESS -> FOR REVIEW',
    );
    const dueLine = (title: string, at: Date) =>
      at.getTime() <= monday.getTime()
        ? `- "${title}": overdue, was due ${formatDateInZone(at, ZONE)}`
        : `- "${title}": due ${formatDateInZone(at, ZONE)}`;
    expect(text).toContain(
      `Due in the next 7 days or overdue (2):\n${dueLine('Order samples', overdue)}\n${dueLine('Write the listing', dueSoon)}`,
    );
    expect(text).toContain(
      `From your coaches (2):\n- ${coach.person.fullName} commented on "Pricing": Try 19.99\n` +
        `- ${coach.person.fullName} reviewed "Listing photos": Great photos, ship it`,
    );
    expect(text).toContain(`Open your board: ${stackInfo().publicUrl.replace(/\/+$/, '')}/move-the-needle`);

    const late = [overdue, dueSoon].filter((at) => at.getTime() < monday.getTime()).length;
    expect(coachMail?.subject).toMatch(/^Your members this week: \d+ cards? waiting for review/);
    expect(coachMail?.text).toContain(`- ${member.person.fullName}: 1 waiting for review, ${late} overdue\n`);
    expect(coachMail?.text).toContain(
      `Open the review queue: ${stackInfo().publicUrl.replace(/\/+$/, '')}/review-queue`,
    );

    // Never a second copy (the queue had time to deliver one), and one week recorded each.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await digestsTo(member.person.email)).toHaveLength(1);
    expect(await digestsTo(coach.person.email)).toHaveLength(1);
    const weekStart = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(monday);
    expect(await weeksOf(member.person.id)).toEqual([weekStart]);
    expect(await weeksOf(coach.person.id)).toEqual([weekStart]);
  });

  it('sends nothing more that week, and nothing to a member who turned it off', async () => {
    const sweeper = replica();
    await sweepWeeklyDigests(sweeper, new Date(monday.getTime() + 3 * HOUR));
    await sweepWeeklyDigests(sweeper, new Date(monday.getTime() + 14 * HOUR));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await digestsTo(member.person.email)).toHaveLength(1);
    expect(await digestsTo(coach.person.email)).toHaveLength(1);
    expect(await digestsTo(quiet.person.email)).toEqual([]);
    expect(await weeksOf(quiet.person.id)).toEqual([]);
  });
});
