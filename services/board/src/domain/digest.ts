/**
 * The weekly digest e-mails (pure): a reviewed member's week on her board, and a coach's members who need her. What
 * the store read is turned into one plain-text message, or null when there is nothing at all to say.
 * docs/decisions.md "Weekly digest".
 */
import { formatDateInZone } from '@rainmakers/contracts/time-zone';
import type { MailRecipient } from './mail';

/** The member digest covers the 7 days before the sweep's clock; due dates the 7 days after it (and any overdue). */
export const DIGEST_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Monday (ISO weekday 1), from 08:00 in the person's zone until that Monday ends. */
export const DIGEST_ISO_WEEKDAY = 1;
export const DIGEST_FROM_HOUR = 8;
/** The widest offsets from UTC a zone has (Pacific/Kiritimati +14, Etc/GMT+12 -12), in hours. */
const EARLIEST_OFFSET_HOURS = 14;
const LATEST_OFFSET_HOURS = -12;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Whether it is Monday from 08:00 anywhere on earth at `now` (Sunday 18:00 UTC to Tuesday 12:00 UTC): the rest of
 * the week the sweep asks the database nothing about digests.
 */
export function digestDayAnywhere(now: Date): boolean {
  // Milliseconds since the latest Monday 00:00 UTC (1970-01-05 was a Monday).
  const sinceMonday = (((now.getTime() - Date.UTC(1970, 0, 5)) % (7 * DAY_MS)) + 7 * DAY_MS) % (7 * DAY_MS);
  const from = (DIGEST_FROM_HOUR - EARLIEST_OFFSET_HOURS) * HOUR_MS; // Sunday 18:00 UTC: -6 h
  const until = DAY_MS - LATEST_OFFSET_HOURS * HOUR_MS; // Tuesday 12:00 UTC: +36 h
  return sinceMonday < until || sinceMonday >= 7 * DAY_MS + from;
}

/** Lines per section of a member's digest, and members listed in a coach's: a digest stays one screen or two. */
export const DIGEST_SECTION_LIMIT = 20;
export const DIGEST_MEMBER_LIMIT = 30;

/** Up to a limit of lines, and how many there were in all (the rest is "and N more"). */
export interface DigestSection<T> {
  items: T[];
  total: number;
}

export interface MemberDigest {
  /** Moves between lists on her board, newest first. */
  moved: DigestSection<{ title: string; from: string; to: string }>;
  /** Cards due within the 7 days ahead or already overdue, not in COMPLETED, soonest first. */
  due: DigestSection<{ title: string; dueAt: Date }>;
  /** Comments and reviews by others (her coaches) on her cards, newest first; a review's comment is its excerpt. */
  feedback: DigestSection<{ kind: 'comment' | 'review'; author: string; title: string; excerpt: string }>;
}

export interface CoachDigest {
  /** Reviewed members with a card waiting for review or overdue: most waiting first, then most overdue. */
  members: DigestSection<{ fullName: string; waiting: number; overdue: number }>;
  /** Across every member, listed or not. */
  waiting: number;
  overdue: number;
}

export interface DigestMail {
  to: string;
  subject: string;
  text: string;
}

/** The send-mail job id: a sweep retried after a failed commit queues the same week's digest as the same job. */
export const digestJobId = (userId: number, weekStart: string) => `digest-${userId}-${weekStart}`;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');
/** A section's size: its total, never fewer than the lines it carries. */
const sectionTotal = <T>(section: DigestSection<T>) => Math.max(section.total, section.items.length);

/** A section's lines: at most `limit` items (whatever the store sent), then "and N more" for the rest of `total`. */
function sectionLines<T>(
  section: DigestSection<T>,
  limit: number,
  line: (item: T) => string,
  more: (rest: number) => string = (rest) => `${rest} more`,
): string[] {
  const shown = section.items.slice(0, limit);
  const rest = sectionTotal(section) - shown.length;
  return [...shown.map((item) => `- ${line(item)}`), ...(rest > 0 ? [`- and ${more(rest)}`] : [])];
}

export const isEmptyMemberDigest = (digest: MemberDigest) =>
  sectionTotal(digest.moved) + sectionTotal(digest.due) + sectionTotal(digest.feedback) === 0;

export const isEmptyCoachDigest = (digest: CoachDigest) =>
  sectionTotal(digest.members) === 0 || digest.waiting + digest.overdue === 0;

/** A reviewed member's digest, dates in her zone (UTC, named, while she has none); null when there is nothing. */
export function memberDigestMail(
  member: MailRecipient,
  digest: MemberDigest,
  publicUrl: string,
  now: Date,
): DigestMail | null {
  if (isEmptyMemberDigest(digest)) return null;
  const zone = member.timeZone;
  const paragraphs: string[][] = [
    [`Hi ${member.fullName},`],
    [`Here is your week on Move the Needle: the 7 days to ${formatDateInZone(now, zone, { day: true })}.`],
  ];
  if (sectionTotal(digest.moved) > 0) {
    paragraphs.push([
      `Cards moved (${sectionTotal(digest.moved)}):`,
      ...sectionLines(digest.moved, DIGEST_SECTION_LIMIT, (m) => `"${m.title}": ${m.from} -> ${m.to}`),
    ]);
  }
  if (sectionTotal(digest.due) > 0) {
    paragraphs.push([
      `Due in the next 7 days or overdue (${sectionTotal(digest.due)}):`,
      ...sectionLines(digest.due, DIGEST_SECTION_LIMIT, (d) =>
        d.dueAt.getTime() <= now.getTime()
          ? `"${d.title}": overdue, was due ${formatDateInZone(d.dueAt, zone)}`
          : `"${d.title}": due ${formatDateInZone(d.dueAt, zone)}`,
      ),
    ]);
  }
  if (sectionTotal(digest.feedback) > 0) {
    paragraphs.push([
      `From your coaches (${sectionTotal(digest.feedback)}):`,
      ...sectionLines(digest.feedback, DIGEST_SECTION_LIMIT, (f) => {
        const what =
          f.kind === 'review' ? `${f.author} reviewed "${f.title}"` : `${f.author} commented on "${f.title}"`;
        return f.excerpt ? `${what}: ${f.excerpt}` : what;
      }),
    ]);
  }
  paragraphs.push([`Open your board: ${base(publicUrl)}/move-the-needle`]);
  return {
    to: member.email,
    subject: 'Your week on Move the Needle',
    text: paragraphs.map((lines) => lines.join('\n')).join('\n\n'),
  };
}

/** "4 cards waiting for review and 2 overdue cards" (either part left out at zero). */
function coachCounts(waiting: number, overdue: number): string {
  const parts = [
    ...(waiting > 0 ? [`${plural(waiting, 'card')} waiting for review`] : []),
    ...(overdue > 0 ? [`${plural(overdue, 'overdue card')}`] : []),
  ];
  return parts.join(' and ');
}

/** A coach's digest: her reviewed members with cards waiting for review or overdue; null when there are none. */
export function coachDigestMail(
  coach: MailRecipient,
  digest: CoachDigest,
  publicUrl: string,
  now: Date,
): DigestMail | null {
  if (isEmptyCoachDigest(digest)) return null;
  const members = sectionTotal(digest.members);
  const memberLine = (m: { fullName: string; waiting: number; overdue: number }) => {
    const parts = [
      ...(m.waiting > 0 ? [`${m.waiting} waiting for review`] : []),
      ...(m.overdue > 0 ? [`${m.overdue} overdue`] : []),
    ];
    return `${m.fullName}: ${parts.join(', ')}`;
  };
  const text = [
    `Hi ${coach.fullName},`,
    '',
    `Your members as of ${formatDateInZone(now, coach.timeZone, { day: true })}: ${coachCounts(digest.waiting, digest.overdue)}, across ${plural(members, 'member')}.`,
    '',
    ...sectionLines(digest.members, DIGEST_MEMBER_LIMIT, memberLine, (rest) => `${plural(rest, 'more member')}`),
    '',
    `Open the review queue: ${base(publicUrl)}/review-queue`,
  ].join('\n');
  return {
    to: coach.email,
    subject: `Your members this week: ${coachCounts(digest.waiting, digest.overdue)}`,
    text,
  };
}
