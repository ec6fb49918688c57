/**
 * The weekly digest sweep against the real board database, with the sweep's clock set: who is owed one (reviewed
 * members and coaches with the digest on, Monday from 08:00 in their zone, a zone PostgreSQL does not know read as
 * UTC), what it says, that an empty one is recorded but not mailed, the batch bounds, that racing sweeps and a
 * second run queue each week's digest once, and that a deleted person's weeks go with her.
 * test/system/board-digest.test.ts runs it through the whole stack.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type MailMessage, type MailSender, sql } from '@rainmakers/kit';
import { waitFor } from '@rainmakers/kit/testing';
import { type DigestDeps, sweepWeeklyDigests } from '../src/commands/digests';
import { addCard, type Harness, listNamed, moveCardTo, type Person, readBoard, startHarness } from './helpers';

jest.setTimeout(60_000);

const MTN = '/api/move-the-needle';
// Monday, June 3, 2030. New York is UTC-4 then, Tokyo UTC+9.
const SUNDAY_2259 = new Date('2030-06-02T22:59:00Z'); // Tokyo: Monday 07:59
const TOKYO_MONDAY_0800 = new Date('2030-06-02T23:00:00Z');
const UTC_MONDAY_1159 = new Date('2030-06-03T11:59:00Z'); // New York: Monday 07:59
const NEW_YORK_MONDAY_0900 = new Date('2030-06-03T13:00:00Z');
const LATER_THAT_MONDAY = new Date('2030-06-03T20:00:00Z'); // Tokyo: Tuesday 05:00
const TUESDAY_BEFORE = new Date('2030-05-28T13:00:00Z');
const IN_THE_WEEK = '2030-06-01T12:00:00Z';
const WEEKS_BEFORE = '2030-05-20T12:00:00Z';

let h: Harness;
const queued: { message: MailMessage; jobId: string | undefined }[] = [];
const mail: MailSender = {
  async send(message, jobId) {
    queued.push({ message, jobId });
  },
  close: async () => undefined,
  start: () => undefined,
  stop: async () => undefined,
};
let deps: DigestDeps;

let ada: Person; // reviewed member, New York: moves, a due card, a review and a comment
let bea: Person; // reviewed member, Tokyo: an overdue card
let cy: Person; // reviewed member, a zone PostgreSQL does not know: a move
let ida: Person; // reviewed member, no zone: nothing at all
let hal: Person; // reviewed member who turned the digest off
let cora: Person; // coach, New York
let quinn: Person; // coach who turned the digest off
// An admin, a basic member, a premium member after the cut-off: never a digest (not even an empty one recorded).
let others: Person[];

const move = (as: Person, owner: Person, cardId: number, to: string) => moveCardTo(h, as, owner, cardId, to);

async function newCard(owner: Person, list: string, title: string, extra: Record<string, unknown> = {}) {
  return addCard(h, owner, listNamed(await readBoard(h, owner), list).id, title, extra);
}

/** The history of these cards dated `at` (the sweep's clock is years ahead of the rows' own). */
async function dated(cardIds: number[], at: string, type?: string): Promise<void> {
  let query = h.service.database.db
    .updateTable('card_activity')
    .set({ created_at: at })
    .where('card_id', 'in', cardIds);
  if (type) query = query.where('type', '=', type);
  await query.execute();
}

/** "<user id> <week start>" for every week recorded, by user id. */
const recorded = async () =>
  (
    await h.service.database.db
      .selectFrom('weekly_digests')
      .select(['user_id', sql<string>`week_start::text`.as('week')])
      .orderBy('user_id')
      .execute()
  ).map((r) => `${r.user_id} ${r.week}`);
const mailsTo = (person: Person) => queued.filter((q) => q.message.to === person.email);

beforeAll(async () => {
  h = await startHarness();
  deps = { db: h.service.database.db, mail, publicUrl: 'https://app.example.com' };
  cora = await h.person('coach', { fullName: 'Cora Coach', timeZone: 'America/New_York' });
  quinn = await h.person('coach', { fullName: 'Quinn Coach', timeZone: 'America/New_York' });
  ada = await h.person('premium', { fullName: 'Ada Member', timeZone: 'America/New_York' });
  bea = await h.person('premium', { fullName: 'Bea Member', timeZone: 'Asia/Tokyo' });
  cy = await h.person('premium', { fullName: 'Cy Member' });
  ida = await h.person('premium', { fullName: 'Ida Member' });
  hal = await h.person('premium', { fullName: 'Hal Member', timeZone: 'America/New_York' });
  others = [
    await h.person('admin', { timeZone: 'America/New_York' }),
    await h.person('basic', { timeZone: 'America/New_York' }),
    await h.person('premium', { createdAt: '2025-03-01T00:00:00.000Z', timeZone: 'America/New_York' }),
  ];
  // As a copy could hold a zone this PostgreSQL's tz data lacks.
  await h.service.database.db
    .updateTable('people')
    .set({ time_zone: 'Not/A_Zone' })
    .where('user_id', '=', cy.userId)
    .execute();
  for (const who of [quinn, hal]) {
    expect((await h.api.put(who, '/api/notifications/settings', { emailDigest: false })).status).toBe(200);
  }

  // Ada: a card reviewed with a comment, one waiting for review with a coach's comment, one due Wednesday, one
  // finished and overdue (COMPLETED: never listed), and a move weeks ago.
  const reviewed = await newCard(ada, 'IN PROGRESS', 'Listing photos');
  await move(ada, ada, reviewed.id, 'FOR REVIEW');
  expect(
    (await h.api.post(cora, `${MTN}/card/review`, { cardId: reviewed.id, comment: 'Great photos, ship it' })).status,
  ).toBe(200);
  const waiting = await newCard(ada, 'IN PROGRESS', 'Pricing');
  await move(ada, ada, waiting.id, 'FOR REVIEW');
  await h.api.post(cora, `${MTN}/activity/upsert`, { comment: 'Try 19.99', CardId: waiting.id });
  await h.api.post(ada, `${MTN}/activity/upsert`, { comment: 'My own note', CardId: waiting.id });
  const due = await newCard(ada, 'NOT STARTED', 'Write the listing', { dueAt: '2030-06-05T15:00:00Z' });
  const done = await newCard(ada, 'COMPLETED', 'Old launch', { dueAt: '2030-05-01T15:00:00Z' });
  const old = await newCard(ada, 'NOT STARTED', 'Old idea');
  await move(ada, ada, old.id, 'IN PROGRESS');
  await dated([reviewed.id, waiting.id, due.id, done.id], IN_THE_WEEK);
  await dated([old.id], WEEKS_BEFORE);

  const late = await newCard(bea, 'IN PROGRESS', 'Order samples', { dueAt: '2030-06-01T03:00:00Z' });
  await dated([late.id], WEEKS_BEFORE);
  const moved = await newCard(cy, 'NOT STARTED', 'Find a supplier');
  await move(cy, cy, moved.id, 'IN PROGRESS');
  await dated([moved.id], IN_THE_WEEK);
  const halCard = await newCard(hal, 'NOT STARTED', 'Quiet card');
  await move(hal, hal, halCard.id, 'IN PROGRESS');
  await dated([halCard.id], IN_THE_WEEK);
});
afterAll(async () => {
  await h?.stop();
});

describe('the weekly digest sweep', () => {
  it('owes nobody anything on a Tuesday, a Sunday, or a Monday before 08:00 in their zone', async () => {
    for (const now of [TUESDAY_BEFORE, SUNDAY_2259]) {
      expect(await sweepWeeklyDigests(deps, now)).toEqual({ mailed: 0, empty: 0 });
    }
    expect(await recorded()).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('mails Tokyo from its Monday 08:00, UTC (no zone, or one PostgreSQL does not know) from 08:00 UTC', async () => {
    expect(await sweepWeeklyDigests(deps, TOKYO_MONDAY_0800)).toEqual({ mailed: 1, empty: 0 });
    expect(mailsTo(bea).map((q) => q.jobId)).toEqual([`digest-${bea.userId}-2030-06-03`]);
    expect(mailsTo(bea)[0]?.message.text).toContain('- "Order samples": overdue, was due June 1, 2030, 12:00 PM GMT+9');

    // Cy's unknown zone reads as UTC, and Ida's empty week is recorded without a mail; New York is not yet 08:00.
    expect(await sweepWeeklyDigests(deps, UTC_MONDAY_1159)).toEqual({ mailed: 1, empty: 1 });
    const cyMail = mailsTo(cy)[0]?.message;
    expect(cyMail?.text).toContain('- "Find a supplier": NOT STARTED -> IN PROGRESS');
    expect(cyMail?.text).toContain('the 7 days to June 3, 2030.');
    expect(mailsTo(ida)).toEqual([]);
    expect(await recorded()).toEqual(
      [bea, cy, ida].sort((a, b) => a.userId - b.userId).map((p) => `${p.userId} 2030-06-03`),
    );
  });

  it('sends a member her week and a coach her members, once, also when sweeps race and run again', async () => {
    // One person per run: the bounds hold.
    expect(await sweepWeeklyDigests(deps, NEW_YORK_MONDAY_0900, { batch: 1, maxBatches: 1 })).toEqual({
      mailed: 1,
      empty: 0,
    });
    const raced = await Promise.all([
      sweepWeeklyDigests(deps, NEW_YORK_MONDAY_0900),
      sweepWeeklyDigests(deps, NEW_YORK_MONDAY_0900),
      sweepWeeklyDigests(deps, NEW_YORK_MONDAY_0900),
    ]);
    expect(raced.reduce((n, r) => n + r.mailed, 0)).toBe(1);
    expect(await sweepWeeklyDigests(deps, LATER_THAT_MONDAY)).toEqual({ mailed: 0, empty: 0 });

    expect(mailsTo(ada).map((q) => q.jobId)).toEqual([`digest-${ada.userId}-2030-06-03`]);
    const member = mailsTo(ada)[0]?.message;
    expect(member?.subject).toBe('Your week on Move the Needle');
    expect(member?.text).toBe(
      [
        'Hi Ada Member,',
        '',
        'Here is your week on Move the Needle: the 7 days to June 3, 2030.',
        '',
        'Cards moved (2):',
        '- "Pricing": IN PROGRESS -> FOR REVIEW',
        '- "Listing photos": IN PROGRESS -> FOR REVIEW',
        '',
        'Due in the next 7 days or overdue (1):',
        '- "Write the listing": due June 5, 2030, 11:00 AM EDT',
        '',
        'From your coaches (2):',
        '- Cora Coach commented on "Pricing": Try 19.99',
        '- Cora Coach reviewed "Listing photos": Great photos, ship it',
        '',
        'Open your board: https://app.example.com/move-the-needle',
      ].join('\n'),
    );

    expect(mailsTo(cora).map((q) => q.jobId)).toEqual([`digest-${cora.userId}-2030-06-03`]);
    const coach = mailsTo(cora)[0]?.message;
    expect(coach?.subject).toBe('Your members this week: 1 card waiting for review and 1 overdue card');
    expect(coach?.text).toContain('- Ada Member: 1 waiting for review\n- Bea Member: 1 overdue\n');
    expect(coach?.text).toContain('Open the review queue: https://app.example.com/review-queue');

    // Nobody twice; nobody with the digest off, nor admins, basic members or members past the cut-off.
    expect(new Set(queued.map((q) => q.jobId)).size).toBe(queued.length);
    expect(queued.map((q) => q.message.to).sort()).toEqual([ada, bea, cora, cy].map((p) => p.email).sort());
    const owed = new Set((await recorded()).map((r) => Number.parseInt(r, 10)));
    for (const p of [hal, quinn, ...others]) expect(owed.has(p.userId)).toBe(false);
  });

  it('owes the next week again, and never a week whose Monday has passed unswept', async () => {
    const nextMonday = new Date('2030-06-10T15:00:00Z'); // New York 11:00; Tokyo: Tuesday 00:00
    expect(await sweepWeeklyDigests(deps, new Date('2030-06-11T13:00:00Z'))).toEqual({ mailed: 0, empty: 0 });
    const before = queued.length;
    // Ada's week has nothing new but her Wednesday card, overdue now; Cora's members still wait and are late; Cy
    // and Ida have nothing; Tokyo's Monday went by without a sweep: Bea gets nothing that week.
    expect(await sweepWeeklyDigests(deps, nextMonday)).toEqual({ mailed: 2, empty: 2 });
    const next = queued.slice(before);
    expect(next.map((q) => q.jobId).sort()).toEqual(
      [`digest-${ada.userId}-2030-06-10`, `digest-${cora.userId}-2030-06-10`].sort(),
    );
    expect(next.find((q) => q.message.to === ada.email)?.message.text).toContain(
      'Due in the next 7 days or overdue (1):\n- "Write the listing": overdue, was due June 5, 2030, 11:00 AM EDT\n\nOpen',
    );
    expect(next.find((q) => q.message.to === cora.email)?.message.subject).toBe(
      'Your members this week: 1 card waiting for review and 2 overdue cards',
    );
    expect(await recorded()).not.toContain(`${bea.userId} 2030-06-10`);
  });

  it("forgets a deleted person's weeks with her", async () => {
    expect((await recorded()).filter((r) => r.startsWith(`${ida.userId} `))).toHaveLength(2);
    await h.users.publish('users.user-deleted', { id: ida.userId });
    await waitFor(async () => !(await recorded()).some((r) => r.startsWith(`${ida.userId} `)), {
      what: "Ida's weeks to go",
    });
  });
});
