/**
 * A person's notifications: marking them read (their open streams hear the new unread count) and the mention
 * e-mail settings. Only one's own: the route passes the actor's id, and every query is scoped to it.
 */
import type { NotificationSettingsUpdate, NotificationsReadInput } from '@rainmakers/contracts';
import type { BoardDeps } from '../deps';
import { markRead, saveEmailSettings, unreadCount } from '../store/notifications';

export async function markNotificationsRead(
  deps: BoardDeps,
  userId: number,
  input: NotificationsReadInput,
): Promise<number> {
  const changed = await deps.db
    .transaction()
    .execute((trx) => markRead(trx, userId, 'all' in input ? 'all' : input.ids));
  if (changed > 0) await deps.changes.notificationsChanged([userId]);
  return unreadCount(deps.db, userId);
}

export async function setEmailSettings(
  deps: BoardDeps,
  userId: number,
  settings: NotificationSettingsUpdate,
): Promise<void> {
  await saveEmailSettings(deps.db, userId, settings);
}
