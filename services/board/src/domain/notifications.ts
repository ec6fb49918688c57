/** Who is told what when a comment is posted or a card enters FOR REVIEW. Pure. */
import { NOTIFICATION_EXCERPT_LENGTH, type NotificationKind, textExcerpt } from '@rainmakers/contracts';

export interface NotificationTarget {
  userId: number;
  kind: NotificationKind;
}

/** The comment's start, on one line, cut at a word where possible, with '…' when shortened (contracts textExcerpt). */
export function excerpt(text: string, max = NOTIFICATION_EXCERPT_LENGTH): string {
  return textExcerpt(text, max);
}

/**
 * A new comment tells each mentioned person ('mention') and, when a reviewer (coach or admin) wrote it on
 * someone else's board, the board's owner ('reply'), once each; never the author. `ownerId` is null on the
 * Master Template.
 */
export function commentTargets(input: {
  authorId: number;
  authorIsReviewer: boolean;
  ownerId: number | null;
  mentionedUserIds: readonly number[];
}): NotificationTarget[] {
  const targets: NotificationTarget[] = [];
  const told = new Set<number>([input.authorId]);
  for (const userId of input.mentionedUserIds) {
    if (told.has(userId)) continue;
    told.add(userId);
    targets.push({ userId, kind: 'mention' });
  }
  if (input.authorIsReviewer && input.ownerId !== null && !told.has(input.ownerId)) {
    targets.push({ userId: input.ownerId, kind: 'reply' });
  }
  return targets;
}

/** Whether a move puts the card into the FOR REVIEW list (from another list). */
export const entersList = (sourceListId: number, dest: { id: number; name: string; fixed: boolean }, name: string) =>
  sourceListId !== dest.id && dest.fixed && dest.name === name;
