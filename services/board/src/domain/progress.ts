/** Progress rules of spec §5. Pure. */
import { COMPLETED_LIST_NAME, PROGRESS_LIST_NAMES } from '@rainmakers/contracts';

/** Checklist percent: the whole-number floor of completed over total (0 with no items). */
export function checklistPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((completed * 100) / total);
}

/**
 * Board total progress: COMPLETED cards over every card in NOT STARTED, IN PROGRESS, COMPLETED and ON HOLD,
 * rounded; 0 when none is completed. Only the fixed lists count (a custom list named 'COMPLETED' does not).
 */
export function boardProgress(lists: readonly { name: string; fixed: boolean; cardCount: number }[]): number {
  const counted = lists.filter((l) => l.fixed && (PROGRESS_LIST_NAMES as readonly string[]).includes(l.name));
  const total = counted.reduce((sum, l) => sum + l.cardCount, 0);
  const completed = counted.filter((l) => l.name === COMPLETED_LIST_NAME).reduce((sum, l) => sum + l.cardCount, 0);
  if (completed === 0 || total === 0) return 0;
  return Math.round((completed * 100) / total);
}
