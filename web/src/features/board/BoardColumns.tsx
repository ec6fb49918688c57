import type { DraggableProvided, DragStart, DragUpdate, DropResult, ResponderProvided } from '@hello-pangea/dnd';
import AddRounded from '@mui/icons-material/AddRounded';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import NotesRounded from '@mui/icons-material/NotesRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import {
  type BoardCard,
  type BoardList,
  type BoardSummary,
  boardApi,
  refreshBoard,
  setBoardDragInProgress,
  setBoardLists,
  useBoardScope,
} from '../../api/board';
import { errorMessage } from '../../api/client';
import { LazyConfirmDialog, LazyTextField } from '../../components/LazyMui';
import { toast } from '../../components/toast';
import { BOARD_TOASTS, LABEL_SWATCHES, MOVE_REFUSED, VISUALLY_HIDDEN } from './constants';
import { type DndParts, useDeferredDnd } from './deferredDnd';
import { applyPlacements, checklistPercent, moveCard } from './model';

const LIST_PREFIX = 'list-';
const CARD_PREFIX = 'card-';

const listIdOf = (droppableId: string) => Number(droppableId.slice(LIST_PREFIX.length));

/**
 * The lists as columns, cards dragged with @hello-pangea/dnd (mouse, touch, keyboard: focus a card, Space, arrows,
 * Space; Enter opens it). A drop moves the card in the cache first, then tells the server; a refusal puts it back.
 * Desktop: columns side by side with a horizontal scroll; phones: one column per screen width, snapping.
 */
export function BoardColumns({
  boardUserId,
  lists,
  abilities,
  onOpenCard,
}: {
  boardUserId: number;
  lists: BoardList[];
  abilities: BoardSummary['abilities'];
  onOpenCard: (cardId: number) => void;
}) {
  const scope = useBoardScope(boardUserId);
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<BoardList | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  // A board left in the middle of a drag must not hold live updates back for the next one.
  useEffect(() => () => setBoardDragInProgress(false), []);

  const nameOf = (droppableId: string) => lists.find((l) => l.id === listIdOf(droppableId))?.name ?? 'the list';
  const cardTitle = (draggableId: string) =>
    lists.flatMap((l) => l.Cards).find((c) => `${CARD_PREFIX}${c.id}` === draggableId)?.title ?? 'Card';

  const onDragStart = (start: DragStart, provided: ResponderProvided) => {
    setBoardDragInProgress(true);
    provided.announce(
      `Lifted card ${cardTitle(start.draggableId)} in ${nameOf(start.source.droppableId)}, position ${start.source.index + 1}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
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
    const sourceCard = lists.find((l) => l.id === from.listId)?.Cards[from.index];
    const destList = lists.find((l) => l.id === to.listId);
    const before = lists;
    // Synchronously in the drop (dnd's rule: no flash back to the old place); a refetch under way is dropped.
    void queryClient.cancelQueries({ queryKey: scope }, { revert: false });
    setBoardLists(queryClient, scope, (current) => moveCard(current, from, to));
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
    } catch (error) {
      setBoardLists(queryClient, scope, () => before);
      toast(`${MOVE_REFUSED} ${errorMessage(error)}`, 'error');
      void refreshBoard(queryClient, scope);
    }
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
            alignItems: 'flex-start',
            gap: { xs: 1.5, sm: 2 },
            overflowX: 'auto',
            pb: 2,
            scrollSnapType: { xs: 'x mandatory', sm: 'none' },
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
            />
          ))}
          {abilities.edit && <AddList boardUserId={boardUserId} />}
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

/** Phones: one list per screen with the next one peeking in (a share of the scroller, never of the viewport). */
const COLUMN_WIDTH = { xs: 'calc(100% - 28px)', sm: 288 } as const;

function BoardColumn({
  dnd: { Droppable, Draggable },
  boardUserId,
  list,
  canEdit,
  canDelete,
  onDelete,
  onOpenCard,
}: {
  dnd: DndParts;
  boardUserId: number;
  list: BoardList;
  canEdit: boolean;
  canDelete: boolean;
  onDelete: () => void;
  onOpenCard: (cardId: number) => void;
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
        maxHeight: { sm: 'calc(100dvh - 260px)' },
        minHeight: 120,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1.25, pb: 0.75 }}>
        <Typography id={headingId} component="h2" sx={{ fontWeight: 800, fontSize: '0.875rem', flex: 1 }}>
          {list.name}
        </Typography>
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
              overflowY: 'auto',
              flex: '1 1 auto',
              bgcolor: snapshot.isDraggingOver ? (t) => alpha(t.palette.secondary.main, 0.1) : 'transparent',
              transition: 'background-color 120ms',
            }}
          >
            {list.Cards.map((card, index) => (
              <Draggable key={card.id} draggableId={`${CARD_PREFIX}${card.id}`} index={index} isDragDisabled={!canEdit}>
                {(drag, dragSnapshot) => (
                  <CardTile
                    card={card}
                    drag={drag}
                    dragging={dragSnapshot.isDragging}
                    onOpen={() => onOpenCard(card.id)}
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

function CardTile({
  card,
  drag,
  dragging,
  onOpen,
}: {
  card: BoardCard;
  drag: DraggableProvided;
  dragging: boolean;
  onOpen: () => void;
}) {
  const items = card.CheckLists.flatMap((c) => c.CheckListItems);
  const done = items.filter((i) => i.completed).length;
  const allDone = items.length > 0 && card.CheckLists.every((c) => checklistPercent(c) === 100);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen();
    }
  };
  return (
    <Box component="li" ref={drag.innerRef} {...drag.draggableProps} sx={{ pb: 1 }}>
      <Box
        {...drag.dragHandleProps}
        onKeyDown={onKeyDown}
        onClick={onOpen}
        data-card-id={card.id}
        tabIndex={0}
        role="button"
        sx={{
          position: 'relative',
          borderRadius: 2,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: dragging ? 'primary.light' : 'divider',
          boxShadow: dragging ? '0 12px 28px rgba(43, 27, 46, 0.22)' : '0 1px 2px rgba(43, 27, 46, 0.08)',
          cursor: 'pointer',
          overflow: 'hidden',
          '&:hover': { borderColor: 'primary.light' },
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 1 },
        }}
      >
        {card.coverPhotoUrl && (
          <Box
            component="img"
            src={card.coverPhotoUrl}
            alt=""
            loading="lazy"
            sx={{ display: 'block', width: '100%', height: 120, objectFit: 'cover' }}
          />
        )}
        <Box sx={{ px: 1.25, py: 1 }}>
          {card.Labels.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 0.75 }}>
              {card.Labels.map((label) => (
                <Box
                  key={label.id}
                  component="span"
                  sx={{
                    px: 0.75,
                    borderRadius: 1,
                    fontSize: '0.75rem',
                    fontWeight: 700,
                    lineHeight: '20px',
                    minWidth: 32,
                    color: '#1F1424',
                    bgcolor: LABEL_SWATCHES[label.color].bg,
                  }}
                >
                  {label.name || LABEL_SWATCHES[label.color].name}
                </Box>
              ))}
            </Box>
          )}
          <Typography data-card-title sx={{ fontSize: '0.9375rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {card.title}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.25, mt: 0.5, color: 'text.secondary', '&:empty': { display: 'none' } }}>
            {card.description && (
              <Box component="span" sx={{ display: 'inline-flex' }}>
                <NotesRounded sx={{ fontSize: 16 }} />
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  has a description
                </Box>
              </Box>
            )}
            {items.length > 0 && (
              <Box
                component="span"
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.25,
                  fontSize: '0.75rem',
                  color: allDone ? 'success.dark' : undefined,
                  fontWeight: allDone ? 700 : undefined,
                }}
              >
                <CheckBoxOutlined sx={{ fontSize: 16 }} /> {done}/{items.length}
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  checklist items done
                </Box>
              </Box>
            )}
            {card.Activities.length > 0 && (
              <Box
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontSize: '0.75rem' }}
              >
                <ChatBubbleOutlineRounded sx={{ fontSize: 16 }} /> {card.Activities.length}
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  comments
                </Box>
              </Box>
            )}
            {card.Attachments.length > 0 && (
              <Box
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontSize: '0.75rem' }}
              >
                <AttachFileRounded sx={{ fontSize: 16 }} /> {card.Attachments.length}
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  attachments
                </Box>
              </Box>
            )}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/** 'Add another card': a title box at the bottom of the list; the card goes last (position = the list's count). */
function AddCard({ boardUserId, list }: { boardUserId: number; list: BoardList }) {
  const scope = useBoardScope(boardUserId);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!title.trim()) {
      setError('this field cannot be empty');
      return;
    }
    setPending(true);
    try {
      const { card } = await boardApi.upsertCard({ title: title.trim(), ListId: list.id, position: list.Cards.length });
      setBoardLists(queryClient, scope, (current) =>
        current.map((l) =>
          l.id === list.id && !l.Cards.some((c) => c.id === card.id) ? { ...l, Cards: [...l.Cards, card] } : l,
        ),
      );
      toast(BOARD_TOASTS.cardUpdated, 'success');
      setTitle('');
      setError(null);
      void refreshBoard(queryClient, scope);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  if (!open) {
    return (
      <Button
        startIcon={<AddRounded />}
        onClick={() => setOpen(true)}
        sx={{ justifyContent: 'flex-start', m: 1, mt: 0 }}
        aria-label={`Add another card to ${list.name}`}
      >
        Add another card
      </Button>
    );
  }
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} sx={{ p: 1, pt: 0 }}>
      <LazyTextField
        autoFocus
        fullWidth
        multiline
        minRows={2}
        size="small"
        label="Card title"
        value={title}
        error={!!error}
        helperText={error ?? undefined}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void submit();
          } else if (e.key === 'Escape') setOpen(false);
        }}
        sx={{ bgcolor: 'background.paper' }}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button type="submit" variant="contained" size="small" loading={pending}>
          Add card
        </Button>
        <Button size="small" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}

/** 'Add another list': a new list goes after the others (highest position + 1, decided by the server). */
function AddList({ boardUserId }: { boardUserId: number }) {
  const scope = useBoardScope(boardUserId);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('this field cannot be empty');
      return;
    }
    setPending(true);
    try {
      const { list } = await boardApi.upsertList({ name: name.trim(), userId: boardUserId });
      setBoardLists(queryClient, scope, (current) =>
        current.some((l) => l.id === list.id) ? current : [...current, list],
      );
      toast(BOARD_TOASTS.listAdded, 'success');
      setName('');
      setError(null);
      setOpen(false);
      void refreshBoard(queryClient, scope);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Box sx={{ flex: '0 0 auto', width: COLUMN_WIDTH, maxWidth: 320, scrollSnapAlign: 'start' }}>
      {open ? (
        <Paper component="form" variant="outlined" onSubmit={(e) => void submit(e)} sx={{ p: 1.25, borderRadius: 3 }}>
          <LazyTextField
            autoFocus
            fullWidth
            size="small"
            label="List name"
            value={name}
            error={!!error}
            helperText={error ?? undefined}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button type="submit" variant="contained" size="small" loading={pending}>
              Add list
            </Button>
            <Button size="small" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </Box>
        </Paper>
      ) : (
        <Button
          fullWidth
          variant="outlined"
          startIcon={<AddRounded />}
          onClick={() => setOpen(true)}
          sx={{ justifyContent: 'flex-start', borderStyle: 'dashed', py: 1.25, borderRadius: 3 }}
        >
          Add another list
        </Button>
      )}
    </Box>
  );
}
