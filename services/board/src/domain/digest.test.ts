import { describe, expect, it } from '@jest/globals';
import {
  type CoachDigest,
  coachDigestMail,
  DIGEST_MEMBER_LIMIT,
  DIGEST_SECTION_LIMIT,
  digestDayAnywhere,
  digestJobId,
  isEmptyCoachDigest,
  isEmptyMemberDigest,
  type MemberDigest,
  memberDigestMail,
} from './digest';

// Monday, May 4, 2026, 09:00 in New York (EDT, UTC-4).
const NOW = new Date('2026-05-04T13:00:00Z');
const URL = 'https://app.example.com/';
const ada = { fullName: 'Ada Member', email: 'ada@example.com', timeZone: 'America/New_York' };
const cora = { fullName: 'Cora Coach', email: 'cora@example.com', timeZone: 'Asia/Tokyo' };

const empty: MemberDigest = {
  moved: { items: [], total: 0 },
  due: { items: [], total: 0 },
  feedback: { items: [], total: 0 },
};

const week: MemberDigest = {
  moved: { items: [{ title: 'Listing photos', from: 'IN PROGRESS', to: 'FOR REVIEW' }], total: 1 },
  due: {
    items: [
      { title: 'Order samples', dueAt: new Date('2026-05-01T13:00:00Z') },
      { title: 'Write the listing', dueAt: new Date('2026-05-06T21:00:00Z') },
    ],
    total: 2,
  },
  feedback: {
    items: [
      { kind: 'review', author: 'Cora Coach', title: 'Listing photos', excerpt: 'Great photos, ship it' },
      { kind: 'comment', author: 'Cora Coach', title: 'Pricing', excerpt: 'Try 19.99' },
      { kind: 'review', author: 'Cora Coach', title: 'Logo', excerpt: '' },
    ],
    total: 3,
  },
};

const lines = (text: string) => text.split('\n');

describe('the member digest', () => {
  it('says what moved, what is due (in her zone) and her coaches comments and reviews, with a link to her board', () => {
    const mail = memberDigestMail(ada, week, URL, NOW);
    expect(mail?.to).toBe('ada@example.com');
    expect(mail?.subject).toBe('Your week on Move the Needle');
    expect(mail?.text).toBe(
      [
        'Hi Ada Member,',
        '',
        'Here is your week on Move the Needle: the 7 days to May 4, 2026.',
        '',
        'Cards moved (1):',
        '- "Listing photos": IN PROGRESS -> FOR REVIEW',
        '',
        'Due in the next 7 days or overdue (2):',
        '- "Order samples": overdue, was due May 1, 2026, 9:00 AM EDT',
        '- "Write the listing": due May 6, 2026, 5:00 PM EDT',
        '',
        'From your coaches (3):',
        '- Cora Coach reviewed "Listing photos": Great photos, ship it',
        '- Cora Coach commented on "Pricing": Try 19.99',
        '- Cora Coach reviewed "Logo"',
        '',
        'Open your board: https://app.example.com/move-the-needle',
      ].join('\n'),
    );
  });

  it('leaves out the sections with nothing in them', () => {
    const mail = memberDigestMail(ada, { ...empty, moved: week.moved }, URL, NOW);
    expect(mail?.text).toContain('Cards moved (1):');
    expect(mail?.text).not.toContain('Due in the next');
    expect(mail?.text).not.toContain('From your coaches');
  });

  it('is no mail at all when there is nothing to report', () => {
    expect(isEmptyMemberDigest(empty)).toBe(true);
    expect(memberDigestMail(ada, empty, URL, NOW)).toBeNull();
    expect(isEmptyMemberDigest(week)).toBe(false);
  });

  it('shows at most 20 lines a section and says how many more there were', () => {
    const many = Array.from({ length: DIGEST_SECTION_LIMIT + 5 }, (_, i) => ({
      title: `Card ${i + 1}`,
      from: 'NOT STARTED',
      to: 'IN PROGRESS',
    }));
    // The store sends at most the limit and the total; a longer list is cut here too.
    for (const items of [many.slice(0, DIGEST_SECTION_LIMIT), many]) {
      const text = memberDigestMail(ada, { ...empty, moved: { items, total: 45 } }, URL, NOW)?.text ?? '';
      expect(text).toContain('Cards moved (45):');
      expect(lines(text).filter((l) => l.startsWith('- "Card '))).toHaveLength(DIGEST_SECTION_LIMIT);
      expect(text).toContain('- "Card 20": NOT STARTED -> IN PROGRESS\n- and 25 more\n');
      expect(text).not.toContain('"Card 21"');
    }
    // Exactly the limit: no "and 0 more".
    const exact = memberDigestMail(
      ada,
      { ...empty, due: { items: many.slice(0, 20).map((m) => ({ title: m.title, dueAt: NOW })), total: 20 } },
      URL,
      NOW,
    );
    expect(exact?.text).not.toContain('more');
  });

  it('dates in her zone, and in UTC, named, while she has none or an unknown one', () => {
    const due = { ...empty, due: { items: [{ title: 'Ship', dueAt: new Date('2026-05-05T03:30:00Z') }], total: 1 } };
    expect(memberDigestMail(ada, due, URL, NOW)?.text).toContain('"Ship": due May 4, 2026, 11:30 PM EDT');
    expect(memberDigestMail({ ...ada, timeZone: 'Asia/Tokyo' }, due, URL, NOW)?.text).toContain(
      '"Ship": due May 5, 2026, 12:30 PM GMT+9',
    );
    for (const timeZone of [null, undefined, 'Mars/Olympus_Mons']) {
      expect(memberDigestMail({ ...ada, timeZone }, due, URL, NOW)?.text).toContain(
        '"Ship": due May 5, 2026, 3:30 AM UTC',
      );
    }
    // The week's date is hers too: late Sunday in UTC is already Monday in Tokyo.
    const sundayUtc = new Date('2026-05-03T20:00:00Z');
    expect(memberDigestMail({ ...ada, timeZone: 'Asia/Tokyo' }, due, URL, sundayUtc)?.text).toContain(
      'the 7 days to May 4, 2026.',
    );
  });
});

const coachWeek: CoachDigest = {
  members: {
    items: [
      { fullName: 'Ada Member', waiting: 2, overdue: 1 },
      { fullName: 'Bea Member', waiting: 2, overdue: 0 },
      { fullName: 'Cy Member', waiting: 0, overdue: 3 },
    ],
    total: 3,
  },
  waiting: 4,
  overdue: 4,
};

describe('the coach digest', () => {
  it('lists her members with cards waiting for review or overdue, and links to the review queue', () => {
    const mail = coachDigestMail(cora, coachWeek, URL, NOW);
    expect(mail?.to).toBe('cora@example.com');
    expect(mail?.subject).toBe('Your members this week: 4 cards waiting for review and 4 overdue cards');
    expect(mail?.text).toBe(
      [
        'Hi Cora Coach,',
        '',
        'Your members as of May 4, 2026: 4 cards waiting for review and 4 overdue cards, across 3 members.',
        '',
        '- Ada Member: 2 waiting for review, 1 overdue',
        '- Bea Member: 2 waiting for review',
        '- Cy Member: 3 overdue',
        '',
        'Open the review queue: https://app.example.com/review-queue',
      ].join('\n'),
    );
  });

  it('names only what there is in the subject, in the singular for one', () => {
    const one = { fullName: 'Ada Member', waiting: 1, overdue: 0 };
    expect(
      coachDigestMail(cora, { members: { items: [one], total: 1 }, waiting: 1, overdue: 0 }, URL, NOW)?.subject,
    ).toBe('Your members this week: 1 card waiting for review');
    const late = { fullName: 'Cy Member', waiting: 0, overdue: 1 };
    const mail = coachDigestMail(cora, { members: { items: [late], total: 1 }, waiting: 0, overdue: 1 }, URL, NOW);
    expect(mail?.subject).toBe('Your members this week: 1 overdue card');
    expect(mail?.text).toContain(': 1 overdue card, across 1 member.');
  });

  it('lists at most 30 members and says how many more', () => {
    const items = Array.from({ length: DIGEST_MEMBER_LIMIT + 1 }, (_, i) => ({
      fullName: `Member ${i + 1}`,
      waiting: 1,
      overdue: 0,
    }));
    const text = coachDigestMail(cora, { members: { items, total: 32 }, waiting: 32, overdue: 0 }, URL, NOW)?.text;
    expect(lines(text ?? '').filter((l) => l.startsWith('- Member '))).toHaveLength(DIGEST_MEMBER_LIMIT);
    expect(text).toContain('- and 2 more members\n');
    expect(text).toContain('32 cards waiting for review, across 32 members.');
    const oneMore = coachDigestMail(cora, { members: { items, total: 31 }, waiting: 31, overdue: 0 }, URL, NOW);
    expect(oneMore?.text).toContain('- and 1 more member\n');
  });

  it('is no mail at all when no member waits or is late', () => {
    const none: CoachDigest = { members: { items: [], total: 0 }, waiting: 0, overdue: 0 };
    expect(isEmptyCoachDigest(none)).toBe(true);
    expect(coachDigestMail(cora, none, URL, NOW)).toBeNull();
  });

  it('dates the week in her zone', () => {
    // Monday 00:30 in Tokyo is still Sunday in UTC.
    const text = coachDigestMail(cora, coachWeek, URL, new Date('2026-05-03T15:30:00Z'))?.text;
    expect(text).toContain('Your members as of May 4, 2026:');
    expect(
      coachDigestMail({ ...cora, timeZone: null }, coachWeek, URL, new Date('2026-05-03T15:30:00Z'))?.text,
    ).toContain('Your members as of May 3, 2026:');
  });
});

describe('the job id', () => {
  it('names the person and the week, so one week is queued once', () => {
    expect(digestJobId(42, '2026-05-04')).toBe('digest-42-2026-05-04');
  });
});

describe('the days a digest can be owed', () => {
  it('are Monday from 08:00 somewhere: Sunday 18:00 UTC (Kiritimati) to Tuesday 12:00 UTC (UTC-12)', () => {
    const owed = (iso: string) => digestDayAnywhere(new Date(iso));
    expect(owed('2026-05-03T17:59:59Z')).toBe(false);
    expect(owed('2026-05-03T18:00:00Z')).toBe(true);
    expect(owed('2026-05-04T00:00:00Z')).toBe(true);
    expect(owed('2026-05-05T11:59:59Z')).toBe(true);
    expect(owed('2026-05-05T12:00:00Z')).toBe(false);
    expect(owed('2026-05-07T12:00:00Z')).toBe(false);
    expect(owed('1969-12-29T09:00:00Z')).toBe(true);
  });
});
