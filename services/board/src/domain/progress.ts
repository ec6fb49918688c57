/** Progress rules of spec §5. Pure. */
import { COMPLETED_LIST_NAME, PROGRESS_LIST_NAMES } from '@rainmakers/contracts';
import { percentRound, totalProgressPercent } from '@rainmakers/contracts/board-progress';

export { checklistPercent } from '@rainmakers/contracts/board-progress';

/**
 * Board total progress: COMPLETED cards over every card in NOT STARTED, IN PROGRESS, COMPLETED and ON HOLD,
 * rounded; 0 when none is completed. Only the fixed lists count (a custom list named 'COMPLETED' does not).
 */
export function boardProgress(lists: readonly { name: string; fixed: boolean; cardCount: number }[]): number {
  const counted = lists.filter((l) => l.fixed && (PROGRESS_LIST_NAMES as readonly string[]).includes(l.name));
  const total = counted.reduce((sum, l) => sum + l.cardCount, 0);
  const completed = counted.filter((l) => l.name === COMPLETED_LIST_NAME).reduce((sum, l) => sum + l.cardCount, 0);
  return totalProgressPercent(completed, total);
}

export interface BoardStatusShares {
  /** Cards in NOT STARTED, IN PROGRESS, COMPLETED and ON HOLD together. */
  total: number;
  counts: { notStarted: number; inProgress: number; completed: number; onHold: number };
  /** Each status as a whole-number share of `total`; all zero when the board has no cards. */
  percent: { notStarted: number; inProgress: number; completed: number; onHold: number };
}

/**
 * The dashboard's donut (spec part 2 §4): each status list's cards as a share of all cards in the four status
 * lists, zero when there are none. Only the fixed lists count, as for the total progress.
 */
export function statusShares(lists: readonly { name: string; fixed: boolean; cardCount: number }[]): BoardStatusShares {
  const count = (name: (typeof PROGRESS_LIST_NAMES)[number]) =>
    lists.filter((l) => l.fixed && l.name === name).reduce((sum, l) => sum + l.cardCount, 0);
  const counts = {
    notStarted: count('NOT STARTED'),
    inProgress: count('IN PROGRESS'),
    completed: count(COMPLETED_LIST_NAME),
    onHold: count('ON HOLD'),
  };
  const total = counts.notStarted + counts.inProgress + counts.completed + counts.onHold;
  const share = (n: number) => percentRound(n, total);
  return {
    total,
    counts,
    percent: {
      notStarted: share(counts.notStarted),
      inProgress: share(counts.inProgress),
      completed: share(counts.completed),
      onHold: share(counts.onHold),
    },
  };
}
