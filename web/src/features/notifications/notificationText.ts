/** How a notification reads in the bell's list, and where it leads. Pure (unit-tested). */
import type { AppNotification } from '../../api/notifications';

/** "Ada mentioned you on 'Find a supplier'". */
export function notificationHeadline(n: Pick<AppNotification, 'kind' | 'actorName' | 'cardTitle'>): string {
  switch (n.kind) {
    case 'mention':
      return `${n.actorName} mentioned you on "${n.cardTitle}"`;
    case 'reply':
      return `${n.actorName} commented on "${n.cardTitle}"`;
    case 'review':
      return `${n.actorName} put "${n.cardTitle}" in FOR REVIEW`;
    case 'due-soon':
      return `"${n.cardTitle}" is due within 24 hours`;
    case 'overdue':
      return `"${n.cardTitle}" is overdue`;
    case 'reviewed':
      return `${n.actorName} reviewed "${n.cardTitle}"`;
    default:
      return `${n.actorName} on "${n.cardTitle}"`;
  }
}

/** The card's address: the board of its owner with the card open (own board: the route forwards to /move-the-needle). */
export function notificationHref(n: Pick<AppNotification, 'boardOwnerId' | 'cardId'>): string {
  return `/move-the-needle/${n.boardOwnerId}?card=${n.cardId}`;
}
