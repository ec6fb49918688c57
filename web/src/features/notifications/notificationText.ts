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
    case 'module-opened':
      return `"${n.cardTitle}" is open now`;
    case 'lesson-reply':
      return `${n.actorName} replied on "${n.cardTitle}"`;
    case 'lesson-mention':
      return `${n.actorName} mentioned you on "${n.cardTitle}"`;
    default:
      return `${n.actorName} on "${n.cardTitle}"`;
  }
}

/** Where the notification leads (the service gives every one its path: a card on its board, or a lesson). */
export function notificationHref(n: Pick<AppNotification, 'link'>): string {
  return n.link.startsWith('/') && !n.link.startsWith('//') ? n.link : '/';
}
