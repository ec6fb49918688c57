import { useQueryClient } from '@tanstack/react-query';
import { type BoardList, refreshBoard, setBoardLists, type useBoardScope } from '../../../api/board';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../components/toast';

/**
 * Runs one change: `optimistic` rewrites the cached board first (checkboxes answer at once), the call follows, then
 * the toast; the board is refreshed either way (a refusal puts the cache back as the server has it).
 */
export type Run = (
  work: () => Promise<unknown>,
  success?: string,
  optimistic?: (lists: BoardList[]) => BoardList[],
) => Promise<boolean>;

/** The card dialog's one way to save a change (see Run). */
export function useCardRun(scope: ReturnType<typeof useBoardScope>): Run {
  const queryClient = useQueryClient();
  return async (work, success, optimistic) => {
    if (optimistic) {
      // Synchronously, so the control shows its new state at once; a refetch under way must not overwrite it.
      void queryClient.cancelQueries({ queryKey: scope }, { revert: false });
      setBoardLists(queryClient, scope, optimistic);
    }
    try {
      await work();
      if (success) toast(success, 'success');
      return true;
    } catch (error) {
      toast(errorMessage(error), 'error');
      return false;
    } finally {
      void refreshBoard(queryClient, scope);
    }
  };
}
