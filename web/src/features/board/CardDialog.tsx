import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { type BoardCard, type BoardList, type BoardSummary, boardApi, useBoardScope } from '../../api/board';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TOAST_BAND_PX } from '../../components/Toasts';
import { reviewedLine } from './card/activityText';
import { AttachmentsSection } from './card/CardAttachments';
import { ChecklistsSection } from './card/CardChecklists';
import { CommentsSection } from './card/CardComments';
import { DueDateSection } from './card/CardDueDate';
import { CardHistory } from './card/CardHistory';
import { LabelsSection } from './card/CardLabels';
import { CardTitleField } from './card/CardTitleField';
import { DescriptionEditor } from './card/DescriptionEditor';
import { MoveToList } from './card/MoveToList';
import { ReviewPanel } from './card/ReviewPanel';
import { type Run, useCardRun } from './card/useCardRun';
import { BOARD_TOASTS, DELETE_CARD_CONFIRMATION, FOR_REVIEW_LIST_NAME } from './constants';
import { findCard } from './model';

/**
 * The card dialog (spec part 1 §4 Board): opening sets the active card (the address's `?card=`). The title, the
 * description, checklist titles and item titles save as one types (card/useAutosave.ts): closing never
 * holds an edit back, Escape inside a box cancels that edit and leaves the dialog open. Everything else (labels,
 * checklists, attachments, cover, comments) is saved at once. Opened from the review queue (`onReviewed`), a card
 * waiting in FOR REVIEW offers the coach "Mark reviewed".
 */
export default function CardDialog({
  boardUserId,
  cardId,
  lists,
  summary,
  onClose,
  onReviewed,
}: {
  boardUserId: number;
  cardId: number;
  lists: BoardList[];
  summary: BoardSummary;
  onClose: () => void;
  onReviewed?: () => void;
}) {
  const card = findCard(lists, cardId);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      aria-labelledby="card-dialog-title"
      scroll="paper"
      // On wide screens toasts show at the top centre: the dialog starts below their band, so "Check item updated"
      // never covers the card's title (components/Toasts.tsx TOAST_BAND_PX).
      slotProps={{
        paper: {
          sx: {
            mt: { md: `${TOAST_BAND_PX.desktop}px` },
            maxHeight: { md: `calc(100% - ${TOAST_BAND_PX.desktop + 32}px)` },
          },
        },
      }}
    >
      {card ? (
        <CardDialogBody
          key={card.id}
          boardUserId={boardUserId}
          card={card}
          listName={lists.find((l) => l.id === card.ListId)?.name ?? ''}
          summary={summary}
          onClose={onClose}
          onReviewed={onReviewed}
        />
      ) : (
        <DialogContent>
          <Typography id="card-dialog-title" component="h2" variant="h6" sx={{ mb: 1 }}>
            Card not found
          </Typography>
          <Typography color="text.secondary">This card is no longer on the board.</Typography>
          <Button sx={{ mt: 2 }} variant="contained" onClick={onClose}>
            Close
          </Button>
        </DialogContent>
      )}
    </Dialog>
  );
}

function CardDialogBody({
  boardUserId,
  card,
  listName,
  summary,
  onClose,
  onReviewed,
}: {
  boardUserId: number;
  card: BoardCard;
  listName: string;
  summary: BoardSummary;
  onClose: () => void;
  onReviewed: (() => void) | undefined;
}) {
  const scope = useBoardScope(boardUserId);
  const { abilities } = summary;
  const canEdit = abilities.edit;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const run: Run = useCardRun(scope);

  const setCover = (coverPhotoUrl: string | null) =>
    run(
      () => boardApi.upsertCard({ id: card.id, title: card.title, ListId: card.ListId, coverPhotoUrl }),
      BOARD_TOASTS.cardUpdated,
    );

  const deleteCard = async () => {
    setDeleting(true);
    const done = await run(() => boardApi.deleteCard(card.id), BOARD_TOASTS.cardRemoved);
    setDeleting(false);
    if (done) {
      setConfirmDelete(false);
      onClose();
    }
  };

  return (
    <>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: { xs: 2, sm: 3 }, pt: 2, pb: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {canEdit ? (
              <CardTitleField card={card} run={run} />
            ) : (
              <Typography id="card-dialog-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                {card.title}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              in list <strong>{listName}</strong>
            </Typography>
            {card.reviewedAt && (
              <Typography variant="body2" sx={{ mt: 0.5, color: 'success.main', fontWeight: 600 }}>
                {reviewedLine(card)}
              </Typography>
            )}
            {canEdit && <MoveToList boardUserId={boardUserId} card={card} />}
            {onReviewed && abilities.review && listName === FOR_REVIEW_LIST_NAME && !card.reviewedAt && (
              <ReviewPanel card={card} run={run} onReviewed={onReviewed} />
            )}
          </Box>
          <IconButton aria-label="Close card" onClick={onClose}>
            <CloseRounded />
          </IconButton>
        </Box>
        <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
          {card.coverPhotoUrl && (
            <Box
              component="img"
              src={card.coverPhotoUrl}
              alt={`Cover of ${card.title}`}
              sx={{ display: 'block', width: '100%', maxHeight: 220, objectFit: 'cover', borderRadius: 2, mb: 2 }}
            />
          )}
          <LabelsSection boardUserId={boardUserId} card={card} summary={summary} run={run} />
          <DueDateSection key={card.dueAt ?? 'none'} card={card} listName={listName} canEdit={canEdit} run={run} />

          <DescriptionEditor card={card} canEdit={canEdit} run={run} />

          <ChecklistsSection card={card} canEdit={canEdit} run={run} />
          <AttachmentsSection card={card} canEdit={canEdit} run={run} onCover={setCover} />
          <CommentsSection card={card} abilities={abilities} run={run} />
          <CardHistory boardUserId={boardUserId} cardId={card.id} />

          {abilities.deleteCards && (
            <Box sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteOutlineRounded />}
                onClick={() => setConfirmDelete(true)}
              >
                Delete card
              </Button>
            </Box>
          )}
        </DialogContent>
      </Box>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete card"
        confirmLabel="Yes"
        pending={deleting}
        onConfirm={() => void deleteCard()}
        onClose={() => setConfirmDelete(false)}
      >
        {DELETE_CARD_CONFIRMATION}
      </ConfirmDialog>
    </>
  );
}
