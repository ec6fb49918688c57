/** How a card's history reads in the card dialog ("Ana moved this from To do to Doing · 2 hours ago"). Pure. */
import type { CardActivityEntry } from '../../../api/board';
import { formatDate } from '../../../lib/dates';
import { timeAgo } from '../../../lib/timeAgo';

const day = (iso: string | null) => (iso === null ? '' : formatDate(iso));

/** What happened, after the actor's name. */
function what(entry: CardActivityEntry): string {
  switch (entry.type) {
    case 'created':
      return `added this card to ${entry.details.list}`;
    case 'moved':
      return `moved this from ${entry.details.from} to ${entry.details.to}`;
    case 'renamed':
      return `renamed this from "${entry.details.from}" to "${entry.details.to}"`;
    case 'due.set':
      return `set the due date to ${day(entry.details.to)}`;
    case 'due.changed':
      return `changed the due date from ${day(entry.details.from)} to ${day(entry.details.to)}`;
    case 'due.cleared':
      return 'removed the due date';
    case 'reviewed':
      return 'marked this reviewed';
    case 'comment.added':
      return `commented: "${entry.details.excerpt}"`;
    case 'checklist.item-done':
      return `completed "${entry.details.item}" in ${entry.details.checklist}`;
    case 'attachment.added':
      return `attached ${entry.details.fileName}`;
    default:
      return 'changed this card';
  }
}

/** The whole line: who, what and how long ago. */
export function activityLine(entry: CardActivityEntry, now: number = Date.now()): string {
  const who = entry.actor.fullName || 'A former member';
  return `${who} ${what(entry)} · ${timeAgo(entry.at, now)}`;
}

/** "Reviewed by Cora Coach on Nov 29, 2026". */
export function reviewedLine(card: { reviewedAt: string | null; reviewedBy: { fullName: string } | null }): string {
  if (!card.reviewedAt || !card.reviewedBy) return '';
  return `Reviewed by ${card.reviewedBy.fullName} on ${day(card.reviewedAt)}`;
}
