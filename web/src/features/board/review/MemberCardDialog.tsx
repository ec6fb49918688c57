import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense } from 'react';
import { useBoard, useBoardLive } from '../../../api/board';
import { errorMessage } from '../../../api/client';

const CardDialog = lazy(() => import('../CardDialog'));

/** A dialog of the same shape as the card dialog, while the board loads or when it cannot be read. */
function PlaceholderDialog({ title, children, onClose }: { title: string; children: ReactNode; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="member-card-dialog-title">
      <DialogContent>
        <Typography id="member-card-dialog-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
        <Button sx={{ mt: 2 }} variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A card of a member's board opened in place (review queue): the board is read through the board page's own query
 * (same keys, so the card dialog's changes refresh it) and kept live while open, then the board's card dialog shows.
 */
export default function MemberCardDialog({
  ownerId,
  cardId,
  onClose,
  onReviewed,
}: {
  ownerId: number;
  cardId: number;
  onClose: () => void;
  /** The card was marked reviewed: the queue closes the dialog and reads itself again. */
  onReviewed: () => void;
}) {
  const board = useBoard(ownerId);
  useBoardLive(ownerId, board.isSuccess);
  if (board.isPending) {
    return (
      <PlaceholderDialog title="Opening the card" onClose={onClose}>
        <CircularProgress aria-label="Loading the card" />
      </PlaceholderDialog>
    );
  }
  if (board.isError) {
    return (
      <PlaceholderDialog title="This card could not be opened" onClose={onClose}>
        <Typography color="text.secondary">{errorMessage(board.error)}</Typography>
      </PlaceholderDialog>
    );
  }
  return (
    <Suspense fallback={null}>
      <CardDialog
        boardUserId={ownerId}
        cardId={cardId}
        lists={board.data.lists}
        summary={board.data.board}
        onClose={onClose}
        onReviewed={onReviewed}
      />
    </Suspense>
  );
}
