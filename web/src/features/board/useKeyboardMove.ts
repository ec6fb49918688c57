import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type BoardList, setBoardDragInProgress, setBoardLists, useBoardScope } from '../../api/board';
import { moveCard, type Spot } from './model';
import { spotOf, useSaveMove } from './useSaveMove';

interface Lifted {
  cardId: number;
  title: string;
  from: Spot;
  at: Spot;
  before: BoardList[];
}

export interface KeyboardMove {
  /** The card lifted by the keyboard, if any. */
  liftedId: number | null;
  /** Space on a focused card. */
  lift: (cardId: number) => void;
  /** The latest announcement (shown in a live region). */
  announcement: string;
}

const nameOf = (lists: readonly BoardList[], listId: number) => lists.find((l) => l.id === listId)?.name ?? 'the list';
const sameSpot = (a: Spot, b: Spot) => a.listId === b.listId && a.index === b.index;

/**
 * Keyboard dragging, every list reachable: Space lifts the focused card, the arrow keys move it up and down its list
 * and to the list on the left or right (the card moves on screen at each step, the board scrolls to it and the step
 * is announced), Space or Enter drops it (saved through the same calls as a drag), Escape or Tab or a click elsewhere
 * puts it back where it was. The library's keyboard dragging only reaches lists already on screen (one on a phone).
 */
export function useKeyboardMove(boardUserId: number, lists: BoardList[]): KeyboardMove {
  const scope = useBoardScope(boardUserId);
  const queryClient = useQueryClient();
  const saveMove = useSaveMove(boardUserId);
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Successive equal texts are still read: the live region's text changes every time.
  const say = useCallback((text: string) => setAnnouncement((old) => (old === text ? `${text}\u00a0` : text)), []);
  const listsRef = useRef(lists);
  listsRef.current = lists;
  // A board left in the middle of a keyboard move must not hold live updates back.
  useEffect(() => () => setBoardDragInProgress(false), []);

  const lift = useCallback(
    (cardId: number) => {
      const current = listsRef.current;
      const from = spotOf(current, cardId);
      if (!from) return;
      const list = current.find((l) => l.id === from.listId);
      const title = list?.Cards[from.index]?.title ?? 'Card';
      setBoardDragInProgress(true);
      void queryClient.cancelQueries({ queryKey: scope }, { revert: false });
      setLifted({ cardId, title, from, at: from, before: current });
      say(
        `Lifted card ${title} in ${list?.name ?? 'the list'}, position ${from.index + 1} of ${list?.Cards.length ?? 1}. ` +
          'Use the arrow keys to move it: up and down within the list, left and right to another list. ' +
          'Space to drop it, Escape to cancel.',
      );
    },
    [queryClient, scope, say],
  );

  // Keeps the moving card focused and on screen (it is a new element after each step across lists).
  const at = lifted?.at;
  const liftedId = lifted?.cardId ?? null;
  useEffect(() => {
    if (liftedId === null || !at) return;
    const tile = document.querySelector<HTMLElement>(`[data-card-id="${liftedId}"]`);
    if (!tile) return;
    if (document.activeElement !== tile) tile.focus({ preventScroll: true });
    tile.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [liftedId, at]);

  useEffect(() => {
    if (!lifted) return;
    const finish = () => {
      setBoardDragInProgress(false);
      setLifted(null);
    };
    const cancel = () => {
      if (!sameSpot(lifted.from, lifted.at)) setBoardLists(queryClient, scope, () => lifted.before);
      say(
        `Move cancelled. Card ${lifted.title} is back in ${nameOf(lifted.before, lifted.from.listId)}, position ${lifted.from.index + 1}.`,
      );
      finish();
    };
    const step = (to: Spot) => {
      setBoardLists(queryClient, scope, (current) => moveCard(current, lifted.at, to));
      setLifted({ ...lifted, at: to });
      const count = listsRef.current.find((l) => l.id === to.listId)?.Cards.length ?? 0;
      const total = to.listId === lifted.at.listId ? count : count + 1;
      say(`${nameOf(listsRef.current, to.listId)}, position ${to.index + 1} of ${total}.`);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const current = listsRef.current;
      const listIndex = current.findIndex((l) => l.id === lifted.at.listId);
      const list = current[listIndex];
      if (!list) return;
      const key = event.key;
      if (key === 'Tab') {
        cancel();
        return;
      }
      if (!['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', ' ', 'Enter', 'Escape'].includes(key)) return;
      event.preventDefault();
      event.stopPropagation();
      if (event.repeat && (key === ' ' || key === 'Enter')) return;
      if (key === 'Escape') {
        cancel();
      } else if (key === ' ' || key === 'Enter') {
        const place = `${list.name}, position ${lifted.at.index + 1}`;
        if (sameSpot(lifted.from, lifted.at)) {
          say(`Card ${lifted.title} dropped where it was: ${place}.`);
          finish();
          return;
        }
        say(`Card ${lifted.title} dropped in ${place}.`);
        finish();
        void saveMove({
          cardId: lifted.cardId,
          from: lifted.from,
          to: lifted.at,
          before: lifted.before,
          alreadyShown: true,
        });
      } else if (key === 'ArrowUp') {
        if (lifted.at.index === 0) say(`Top of ${list.name}.`);
        else step({ listId: list.id, index: lifted.at.index - 1 });
      } else if (key === 'ArrowDown') {
        if (lifted.at.index >= list.Cards.length - 1) say(`Bottom of ${list.name}.`);
        else step({ listId: list.id, index: lifted.at.index + 1 });
      } else {
        const next = current[listIndex + (key === 'ArrowLeft' ? -1 : 1)];
        if (!next) say(`No list to the ${key === 'ArrowLeft' ? 'left' : 'right'} of ${list.name}.`);
        else step({ listId: next.id, index: Math.min(lifted.at.index, next.Cards.length) });
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const tile = document.querySelector(`[data-card-id="${lifted.cardId}"]`);
      if (!tile?.contains(event.target as Node)) cancel();
    };
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [lifted, queryClient, scope, say, saveMove]);

  return { liftedId, lift, announcement };
}
