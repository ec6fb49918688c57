/**
 * The bell: the unread count a page reads when it opens (GET /api/notifications?notificationsPerPage=1)
 * through the gateway at 10 connections. The reader holds notifications first, some read, so the count and the page
 * are not answered from an empty table.
 */
import type { GatewaySession } from '../seed/context';
import type { ScenarioPlan } from './scenarios';
import type { SessionHeaders } from './setup';

/** The bell's target: the unread count read, p95 under 20 ms at 10 connections. */
export const NOTIFICATIONS_P95_TARGET_MS = 20;
/** Notifications the reader holds before the run. */
export const BENCH_NOTIFICATIONS = 100;

interface ListAnswer {
  lists: { id: number; name: string; Cards: { id: number }[] }[];
}

/**
 * Gives `member` BENCH_NOTIFICATIONS notifications (the admin replies on a card of her board), half of them read.
 * Returns how many she holds.
 */
export async function prepareNotifications(
  member: GatewaySession,
  memberId: number,
  admin: GatewaySession,
): Promise<number> {
  const held = async () =>
    (await member.get<{ notifications: unknown[] }>('/api/notifications?notificationsPerPage=50')).notifications.length;
  const already = await held();
  if (already >= 50) return already;
  const board = await member.get<ListAnswer>(`/api/move-the-needle/list/read-many?userId=${memberId}`);
  const card = board.lists.flatMap((l) => l.Cards)[0];
  if (!card) throw new Error('The bench reader has no card to be replied on');
  for (let n = 0; n < BENCH_NOTIFICATIONS; n++) {
    await admin.post('/api/move-the-needle/activity/upsert', { comment: `Bench reply ${n + 1}`, CardId: card.id });
    if (n === BENCH_NOTIFICATIONS / 2) await member.post('/api/notifications/read', { all: true });
  }
  return held();
}

export function notificationsScenario(gatewayUrl: string, member: SessionHeaders): ScenarioPlan {
  return {
    key: 'notifications',
    name: 'GET /api/notifications unread count (premium, 10 conn)',
    description:
      'GET /api/notifications?notificationsPerPage=1: the newest notification and the unread count the bell shows ' +
      '(board service: one page query and one count on the partial index of unread rows)',
    origin: gatewayUrl,
    connections: 10,
    targets: [{ p95BelowMs: NOTIFICATIONS_P95_TARGET_MS }],
    next: () => ({
      method: 'GET',
      path: '/api/notifications?notificationsPerPage=1',
      headers: { ...member.read, 'accept-encoding': 'gzip, deflate, br' },
    }),
  };
}
