import type { DragStart, DragUpdate, DropResult, ResponderProvided } from '@hello-pangea/dnd';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type BoardList,
  type BoardSummary,
  boardApi,
  refreshBoard,
  setBoardDragInProgress,
  setBoardLists,
  useBoardScope,
} from '../../api/board';
import { errorMessage } from '../../api/client';
import { LazyConfirmDialog } from '../../components/LazyMui';
import { toast } from '../../components/toast';
import { type DndParts, useDeferredDnd } from './deferredDnd';
import { useKeyboardMove } from './useKeyboardMove';
import { useSaveMove } from './useSaveMove';

const LIST_PREFIX = 'list-';
const CARD_PREFIX = 'card-';

/**
 * The board scrolls while a dragged card's centre is within a tenth of the scroller's width of its edge (the library's
 * default, a quarter, would start scrolling as soon as a card is picked up from a list at the board's edge).
 */
const AUTO_SCROLL = { startFromPercentage: 0.1, maxScrollAtPercentage: 0.03 };

const listIdOf = (droppableId: string) => Number(droppableId.slice(LIST_PREFIX.length));

import { VISUALLY_HIDDEN } from '../../lib/visuallyHidden';
import { AddCard, AddList } from './BoardAdders';
import { CardTile } from './CardTile';
import { COLUMN_WIDTH, COMPLETED_LIST_NAME } from './constants';
import { ListName } from './ListName';

/**
 * The lists as columns, cards dragged with @hello-pangea/dnd (mouse, touch) and by keyboard (useKeyboardMove: focus a
 * card, Space, arrows, Space; Enter opens it). A drop moves the card in the cache first, then tells the server; a
 * refusal puts it back (useSaveMove). Desktop: columns side by side with a horizontal scroll; phones: one column per
 * screen width, snapping. The lists are not scroll boxes of their own: the board's scroller is the one scroll
 * container of every list, so the library scrolls it while a card is dragged near its left or right edge (and the
 * window near the top or bottom), and any list can be reached.
 */
export function BoardColumns({
  boardUserId,
  lists,
  abilities,
  onOpenCard,
  filtered = false,
  now,
}: {
  boardUserId: number;
  lists: BoardList[];
  abilities: BoardSummary['abilities'];
  onOpenCard: (cardId: number) => void;
  /** Filters hide some cards: dragging is off meanwhile (positions count every card). */
  filtered?: boolean;
  /** The clock due dates are read against. */
  now: Date;
}) {
  const scope = useBoardScope(boardUserId);
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<BoardList | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  // While a card is dragged the phone's snapping is off (it would pull the auto-scrolled board back to the list).
  const [dragging, setDragging] = useState(false);
  const saveMove = useSaveMove(boardUserId);
  const keyboard = useKeyboardMove(boardUserId, lists);
  // A board left in the middle of a drag must not hold live updates back for the next one.
  useEffect(() => () => setBoardDragInProgress(false), []);

  const nameOf = (droppableId: string) => lists.find((l) => l.id === listIdOf(droppableId))?.name ?? 'the list';
  const cardTitle = (draggableId: string) =>
    lists.flatMap((l) => l.Cards).find((c) => `${CARD_PREFIX}${c.id}` === draggableId)?.title ?? 'Card';

  const onDragStart = (start: DragStart, provided: ResponderProvided) => {
    setBoardDragInProgress(true);
    setDragging(true);
    provided.announce(
      `Lifted card ${cardTitle(start.draggableId)} in ${nameOf(start.source.droppableId)}, position ${start.source.index + 1}.`,
    );
  };
  const onDragUpdate = (update: DragUpdate, provided: ResponderProvided) => {
    if (!update.destination) {
      provided.announce('Not over a list: dropping now puts the card back.');
      return;
    }
    provided.announce(`${nameOf(update.destination.droppableId)}, position ${update.destination.index + 1}.`);
  };

  const onDragEnd = async (result: DropResult, provided: ResponderProvided) => {
    setBoardDragInProgress(false);
    setDragging(false);
    const { source, destination } = result;
    const title = cardTitle(result.draggableId);
    if (!destination) {
      provided.announce(`Card ${title} is back in ${nameOf(source.droppableId)}.`);
      return;
    }
    if (source.droppableId === destination.droppableId && source.index === destination.index) {
      provided.announce(`Card ${title} dropped where it was.`);
      return;
    }
    provided.announce(
      `Card ${title} dropped in ${nameOf(destination.droppableId)}, position ${destination.index + 1}.`,
    );
    const from = { listId: listIdOf(source.droppableId), index: source.index };
    const to = { listId: listIdOf(destination.droppableId), index: destination.index };
    const cardId = Number(result.draggableId.slice(CARD_PREFIX.length));
    await saveMove({ cardId, from, to, before: lists });
  };

  const deleteList = async () => {
    if (!deleting) return;
    setDeletePending(true);
    try {
      await boardApi.deleteList(deleting.id);
      setBoardLists(queryClient, scope, (current) => current.filter((l) => l.id !== deleting.id));
      setDeleting(null);
      void refreshBoard(queryClient, scope);
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setDeletePending(false);
    }
  };

  const dnd = useDeferredDnd();
  const { DragDropContext } = dnd;
  return (
    <>
      <DragDropContext
        enableDefaultSensors={false}
        sensors={dnd.sensors}
        autoScrollerOptions={AUTO_SCROLL}
        onDragStart={onDragStart}
        onDragUpdate={onDragUpdate}
        onDragEnd={(result, provided) => void onDragEnd(result, provided)}
      >
        <Box
          role="region"
          aria-label="Board lists"
          data-dnd-ready={dnd.ready || undefined}
          tabIndex={0}
          sx={{
            display: 'flex',
            // Every list as tall as the longest: a card dragged sideways from a long list is over the next one wherever
            // the finger is.
            alignItems: 'stretch',
            gap: { xs: 1.5, sm: 2 },
            overflowX: 'auto',
            pb: 2,
            scrollSnapType: { xs: dragging ? 'none' : 'x mandatory', sm: 'none' },
            // The containing block of the screen-reader-only texts inside: they stay inside the scroller instead of
            // widening the page (phones then zoom out to fit it).
            position: 'relative',
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {lists.map((list) => (
            <BoardColumn
              key={list.id}
              dnd={dnd}
              boardUserId={boardUserId}
              list={list}
              canEdit={abilities.edit}
              canDelete={abilities.deleteLists && !list.fixed}
              onDelete={() => setDeleting(list)}
              onOpenCard={onOpenCard}
              liftedId={keyboard.liftedId}
              onLift={keyboard.lift}
              filtered={filtered}
              now={now}
            />
          ))}
          {abilities.edit && <AddList boardUserId={boardUserId} />}
          <Box aria-live="assertive" aria-atomic="true" data-testid="board-announcer" sx={VISUALLY_HIDDEN}>
            {keyboard.announcement}
          </Box>
        </Box>
      </DragDropContext>
      <LazyConfirmDialog
        open={deleting !== null}
        title="Delete list"
        confirmLabel="Delete list"
        pending={deletePending}
        onConfirm={() => void deleteList()}
        onClose={() => setDeleting(null)}
      >
        Delete the list {deleting?.name} and every card in it? This cannot be undone.
      </LazyConfirmDialog>
    </>
  );
}

function BoardColumn({
  dnd: { Droppable, Draggable },
  boardUserId,
  list,
  canEdit,
  canDelete,
  onDelete,
  onOpenCard,
  liftedId,
  onLift,
  filtered,
  now,
}: {
  dnd: DndParts;
  /** Filters hide cards: positions would not match, so cards are not dragged meanwhile. */
  filtered: boolean;
  now: Date;
  boardUserId: number;
  list: BoardList;
  canEdit: boolean;
  canDelete: boolean;
  onDelete: () => void;
  onOpenCard: (cardId: number) => void;
  liftedId: number | null;
  onLift: (cardId: number) => void;
}) {
  const headingId = `list-heading-${list.id}`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{
        flex: '0 0 auto',
        width: COLUMN_WIDTH,
        maxWidth: 320,
        scrollSnapAlign: 'start',
        bgcolor: (t) => alpha(t.palette.primary.main, 0.035),
        borderRadius: 3,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 120,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1.25, pb: 0.75 }}>
        <ListName list={list} headingId={headingId} boardUserId={boardUserId} canRename={canEdit && !list.fixed} />
        <Typography variant="caption" color="text.secondary" aria-label={`${list.Cards.length} cards`}>
          {list.Cards.length}
        </Typography>
        {canDelete && (
          <IconButton size="small" aria-label={`Delete list ${list.name}`} onClick={onDelete}>
            <DeleteOutlineRounded fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Droppable droppableId={`${LIST_PREFIX}${list.id}`} isDropDisabled={!canEdit}>
        {(drop, snapshot) => (
          <Box
            component="ol"
            ref={drop.innerRef}
            {...drop.droppableProps}
            aria-labelledby={headingId}
            sx={{
              listStyle: 'none',
              m: 0,
              px: 1,
              pb: 0.5,
              minHeight: 48,
              flex: '1 1 auto',
              bgcolor: snapshot.isDraggingOver ? (t) => alpha(t.palette.secondary.main, 0.1) : 'transparent',
              transition: 'background-color 120ms',
            }}
          >
            {list.Cards.map((card, index) => (
              <Draggable
                key={card.id}
                draggableId={`${CARD_PREFIX}${card.id}`}
                index={index}
                isDragDisabled={!canEdit || filtered}
              >
                {(drag, dragSnapshot) => (
                  <CardTile
                    card={card}
                    drag={drag}
                    dragging={dragSnapshot.isDragging || liftedId === card.id}
                    onOpen={() => onOpenCard(card.id)}
                    onLift={canEdit && !filtered ? () => onLift(card.id) : undefined}
                    completed={list.name === COMPLETED_LIST_NAME}
                    now={now}
                  />
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </Box>
        )}
      </Droppable>
      {canEdit ? (
        <AddCard boardUserId={boardUserId} list={list} />
      ) : (
        list.Cards.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pb: 1.5 }}>
            No cards
          </Typography>
        )
      )}
    </Paper>
  );
}
