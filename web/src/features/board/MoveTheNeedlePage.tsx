import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { boardApi, refreshBoard, useBoard, useBoardLive, useBoardScope } from '../../api/board';
import { errorMessage } from '../../api/client';
import { LazyConfirmDialog } from '../../components/LazyMui';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { useCurrentUser } from '../../session/context';
import { BoardColumns } from './BoardColumns';
import { BoardFilterBar } from './BoardFilterBar';
import { BoardUnavailable } from './BoardUnavailable';
import { BOARD_TOASTS, DONT_SHOW_MTN_UPGRADE_KEY, MASTER_TEMPLATE_NAME } from './constants';
import { applyFilters, type BoardFilters, filtersOn, readFilters, writeFilters } from './dueDates';
import { totalProgress } from './model';
import { ProgressBar } from './ProgressBar';

// Opened on demand: the card dialog (with markdown, upload and the label editor) and the welcome dialog.
const CardDialog = lazy(() => import('./CardDialog'));
const WelcomeDialog = lazy(() => import('./WelcomeDialog'));

const readDontShow = () => {
  try {
    return window.localStorage.getItem(DONT_SHOW_MTN_UPGRADE_KEY) === 'true';
  } catch {
    return false;
  }
};

/** The time due dates are read against, a new one each minute ("Due soon" turns "Overdue" without a reload). */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Whose board a link meant (users table, review queue, notifications: `state.ownerName`), for the heading. */
function linkedOwnerName(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('ownerName' in state)) return null;
  return typeof state.ownerName === 'string' && state.ownerName ? state.ownerName : null;
}

/**
 * Move the Needle: /move-the-needle (your own board; the Master Template for admins) and /move-the-needle/:id (a
 * member's board, '{full name}'s Board', for coaches and admins). `?card=<id>` opens a card (mention e-mails link
 * there). Live: changes from another tab or person show without a reload (server-sent events).
 */
export default function MoveTheNeedlePage() {
  const params = useParams<{ id?: string }>();
  const user = useCurrentUser();
  const parsed = Number(params.id);
  const boardUserId = params.id && Number.isInteger(parsed) && parsed > 0 ? parsed : user.id;
  const own = boardUserId === user.id;
  const location = useLocation();
  const board = useBoard(boardUserId);
  const scope = useBoardScope(boardUserId);
  const queryClient = useQueryClient();
  useBoardLive(boardUserId, board.isSuccess);

  const [searchParams, setSearchParams] = useSearchParams();
  const activeCardId = Number(searchParams.get('card')) || null;
  const openCard = useCallback(
    (cardId: number | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (cardId === null) next.delete('card');
          else next.set('card', String(cardId));
          return next;
        },
        { replace: cardId === null },
      ),
    [setSearchParams],
  );

  // Filters live in the address (?labels=&due=&open=): a filtered board can be reloaded and shared.
  const filters = useMemo(() => readFilters(searchParams), [searchParams]);
  const setFilters = useCallback(
    (next: BoardFilters) => setSearchParams((current) => writeFilters(current, next), { replace: true }),
    [setSearchParams],
  );
  const now = useMinuteClock();

  const [welcomeOpen, setWelcomeOpen] = useState(() => !readDontShow());
  const [resetOpen, setResetOpen] = useState(false);
  const [resetting, setResetting] = useState(false);

  const data = board.data;
  const progress = useMemo(() => (data ? totalProgress(data.lists) : 0), [data]);
  const shown = useMemo(() => (data ? applyFilters(data.lists, filters, now) : null), [data, filters, now]);
  const summary = data?.board;
  // Someone else's board is named from the first paint (the link's name), also when it cannot be opened.
  const linkedName = linkedOwnerName(location.state);
  const title = !summary
    ? own
      ? 'Move The Needle'
      : linkedName
        ? `${linkedName}'s Board`
        : board.isError
          ? `Member #${boardUserId}'s Board`
          : 'Move The Needle'
    : summary.isTemplate
      ? MASTER_TEMPLATE_NAME
      : own
        ? 'Move The Needle'
        : `${summary.fullName}'s Board`;

  const reset = async () => {
    setResetting(true);
    try {
      await boardApi.reset(boardUserId);
      toast(BOARD_TOASTS.reset, 'success');
      setResetOpen(false);
      openCard(null);
      await refreshBoard(queryClient, scope);
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setResetting(false);
    }
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={title}
        subtitle={
          summary?.isTemplate
            ? 'Members start from this board, and get it again when they reset theirs.'
            : own
              ? 'Move your tasks from NOT STARTED to COMPLETED.'
              : undefined
        }
        actions={
          summary?.abilities.reset ? (
            <Button
              variant="outlined"
              color="error"
              startIcon={<RestartAltRounded />}
              onClick={() => setResetOpen(true)}
            >
              Reset board
            </Button>
          ) : undefined
        }
      />
      {board.isPending ? (
        <Box role="status" aria-label="Loading the board" sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
          <CircularProgress />
        </Box>
      ) : board.isError ? (
        <BoardUnavailable error={board.error} own={own} onRetry={() => void board.refetch()} />
      ) : (
        data && (
          <>
            <Box sx={{ mb: 3, maxWidth: 560 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75 }}>
                <Typography id="board-progress-label" sx={{ fontWeight: 700 }}>
                  Total progress
                </Typography>
                <Typography sx={{ fontWeight: 700 }} data-testid="board-progress">
                  {progress}%
                </Typography>
              </Box>
              <ProgressBar
                value={progress}
                aria-labelledby="board-progress-label"
                sx={{ height: 10, borderRadius: 5 }}
              />
            </Box>
            <BoardFilterBar lists={data.lists} filters={filters} hidden={shown?.hidden ?? 0} onChange={setFilters} />
            <BoardColumns
              boardUserId={boardUserId}
              lists={shown?.lists ?? data.lists}
              abilities={data.board.abilities}
              onOpenCard={(id) => openCard(id)}
              filtered={filtersOn(filters)}
              now={now}
            />
          </>
        )
      )}
      {data && activeCardId !== null && (
        <Suspense fallback={null}>
          <CardDialog
            boardUserId={boardUserId}
            cardId={activeCardId}
            lists={data.lists}
            summary={data.board}
            onClose={() => openCard(null)}
          />
        </Suspense>
      )}
      {/* The welcome greets a person on her own board: not admins on the Master Template, not coaches visiting. */}
      {welcomeOpen && own && data && !data.board.isTemplate && (
        <Suspense fallback={null}>
          <WelcomeDialog onClose={() => setWelcomeOpen(false)} />
        </Suspense>
      )}
      <LazyConfirmDialog
        open={resetOpen}
        title="Reset board"
        confirmLabel="Reset board"
        pending={resetting}
        onConfirm={() => void reset()}
        onClose={() => setResetOpen(false)}
      >
        Your lists, cards, labels, checklists, attachments and comments are replaced by a fresh copy of the Master
        Template. This cannot be undone.
      </LazyConfirmDialog>
    </Box>
  );
}
