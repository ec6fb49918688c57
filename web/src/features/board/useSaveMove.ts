import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  type BoardList,
  boardApi,
  refreshBoard,
  setBoardDragInProgress,
  setBoardLists,
  useBoardScope,
} from '../../api/board';
import { errorMessage } from '../../api/client';
import { toast } from '../../components/toast';
import { BOARD_TOASTS, MOVE_REFUSED } from './constants';
import { applyPlacements, moveCard, type Spot } from './model';

export interface CardMove {
  cardId: number;
  from: Spot;
  to: Spot;
  /** The lists as they were before the move (the positions the server is told, and what a refusal restores). */
  before: BoardList[];
  /** The cache already shows the card at `to` (a keyboard move walks it there step by step). */
  alreadyShown?: boolean;
}

/**
 * The one way a card is moved, whatever moved it (mouse, touch, keyboard, the card dialog's 'Move to list'): the
 * cache first (`model.moveCard`), then `card/reorder` within a list or `card/move` across lists, then the server's
 * placements and 'Card moved'; a refusal puts the board back, says so and reloads it. Resolves true when saved.
 */
export function useSaveMove(boardUserId: number): (move: CardMove) => Promise<boolean> {
  const scope = useBoardScope(boardUserId);
  const queryClient = useQueryClient();
  return useCallback(
    async ({ cardId, from, to, before, alreadyShown }: CardMove) => {
      if (from.listId === to.listId && from.index === to.index) return true;
      const sourceCard = before.find((l) => l.id === from.listId)?.Cards[from.index];
      const destList = before.find((l) => l.id === to.listId);
      // Synchronously (dnd's rule: no flash back to the old place); a refetch under way is dropped.
      void queryClient.cancelQueries({ queryKey: scope }, { revert: false });
      if (!alreadyShown) setBoardLists(queryClient, scope, (current) => moveCard(current, from, to));
      // Live refetches wait until the move is saved (one read before it would show the card back in its old place).
      setBoardDragInProgress(true);
      try {
        const answer =
          from.listId === to.listId
            ? await boardApi.reorderCards({
                ListId: from.listId,
                startPosition: sourceCard?.position ?? from.index,
                endPosition: to.index,
              })
            : await boardApi.moveCard({
                cardId,
                sourceListId: from.listId,
                destListId: to.listId,
                positionOnSourceList: sourceCard?.position ?? from.index,
                positionOnDestList: Math.min(to.index, destList?.Cards.length ?? to.index),
              });
        setBoardLists(queryClient, scope, (current) => applyPlacements(current, answer.cards));
        toast(BOARD_TOASTS.cardMoved, 'success');
        return true;
      } catch (error) {
        setBoardLists(queryClient, scope, () => before);
        toast(`${MOVE_REFUSED} ${errorMessage(error)}`, 'error');
        void refreshBoard(queryClient, scope);
        return false;
      } finally {
        setBoardDragInProgress(false);
      }
    },
    [queryClient, scope],
  );
}

/** Where a card is: its list and index (null when it is not on the board). */
export function spotOf(lists: readonly BoardList[], cardId: number): Spot | null {
  for (const list of lists) {
    const index = list.Cards.findIndex((c) => c.id === cardId);
    if (index >= 0) return { listId: list.id, index };
  }
  return null;
}
