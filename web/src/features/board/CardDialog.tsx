import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type MutableRefObject, useEffect, useRef, useState } from 'react';
import { type BoardCard, type BoardList, type BoardSummary, boardApi, useBoardScope } from '../../api/board';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Markdown } from '../courses/Markdown';
import { AttachmentsSection } from './card/CardAttachments';
import { ChecklistsSection } from './card/CardChecklists';
import { CommentsSection } from './card/CardComments';
import { LabelsSection } from './card/CardLabels';
import { Section } from './card/CardParts';
import { MoveToList } from './card/MoveToList';
import { type Run, useCardRun } from './card/useCardRun';
import { BOARD_TOASTS, DELETE_CARD_CONFIRMATION, VISUALLY_HIDDEN } from './constants';
import { findCard } from './model';

/**
 * The card dialog (spec part 1 §4 Board): opening sets the active card (the address's `?card=`), closing saves the
 * title and description when they changed. The description, checklist titles and item titles show as a preview and
 * turn into a text box on click. Everything else (labels, checklists, attachments, cover, comments) is saved at once.
 */
export default function CardDialog({
  boardUserId,
  cardId,
  lists,
  summary,
  onClose,
}: {
  boardUserId: number;
  cardId: number;
  lists: BoardList[];
  summary: BoardSummary;
  onClose: () => void;
}) {
  const card = findCard(lists, cardId);
  // Escape and a click outside go through the body's close, which saves first.
  const closeRef = useRef<(() => void) | null>(null);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={() => (closeRef.current ? closeRef.current() : onClose())}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      aria-labelledby="card-dialog-title"
      scroll="paper"
    >
      {card ? (
        <CardDialogBody
          key={card.id}
          boardUserId={boardUserId}
          card={card}
          listName={lists.find((l) => l.id === card.ListId)?.name ?? ''}
          summary={summary}
          onClose={onClose}
          closeRef={closeRef}
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
  closeRef,
}: {
  boardUserId: number;
  card: BoardCard;
  listName: string;
  summary: BoardSummary;
  onClose: () => void;
  closeRef: MutableRefObject<(() => void) | null>;
}) {
  const scope = useBoardScope(boardUserId);
  const { abilities } = summary;
  const canEdit = abilities.edit;
  const [title, setTitle] = useState(card.title);
  const [description, setDescription] = useState(card.description);
  const [editingDescription, setEditingDescription] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [closing, setClosing] = useState(false);

  const run: Run = useCardRun(scope);

  /** The card's own fields as the dialog has them (a cleared title keeps the saved one). */
  const fields = () => ({
    id: card.id,
    title: title.trim() || card.title,
    description,
    ListId: card.ListId,
  });

  const close = async () => {
    if (closing) return;
    const changed = (title.trim() && title.trim() !== card.title) || description !== card.description;
    if (canEdit && changed) {
      setClosing(true);
      const saved = await run(() => boardApi.upsertCard(fields()), BOARD_TOASTS.cardUpdated);
      setClosing(false);
      if (!saved) return;
    }
    onClose();
  };

  closeRef.current = () => void close();
  useEffect(
    () => () => {
      closeRef.current = null;
    },
    [closeRef],
  );

  const setCover = (coverPhotoUrl: string | null) =>
    run(() => boardApi.upsertCard({ ...fields(), coverPhotoUrl }), BOARD_TOASTS.cardUpdated);

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
              <TextField
                id="card-dialog-title"
                fullWidth
                variant="standard"
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                slotProps={{
                  htmlInput: { 'aria-label': 'Card title', style: { fontSize: '1.25rem', fontWeight: 700 } },
                }}
              />
            ) : (
              <Typography id="card-dialog-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                {card.title}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              in list <strong>{listName}</strong>
            </Typography>
            {canEdit && <MoveToList boardUserId={boardUserId} card={card} />}
          </Box>
          <IconButton aria-label="Close card" onClick={() => void close()} disabled={closing}>
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

          <Section title="Description">
            {canEdit && editingDescription ? (
              <TextField
                autoFocus
                fullWidth
                multiline
                minRows={4}
                label="Description (markdown)"
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                onBlur={() => setEditingDescription(false)}
              />
            ) : (
              <Box
                role={canEdit ? 'button' : undefined}
                tabIndex={canEdit ? 0 : undefined}
                onClick={() => canEdit && setEditingDescription(true)}
                onKeyDown={(e) => {
                  if (canEdit && (e.key === 'Enter' || e.key === ' ')) {
                    e.preventDefault();
                    setEditingDescription(true);
                  }
                }}
                sx={{
                  position: 'relative',
                  p: 1.25,
                  borderRadius: 2,
                  bgcolor: 'action.hover',
                  cursor: canEdit ? 'text' : 'default',
                  minHeight: 48,
                  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                }}
              >
                {description.trim() ? (
                  <Markdown source={description} />
                ) : (
                  <Typography color="text.secondary">
                    {canEdit ? 'Add a more detailed description…' : 'No description'}
                  </Typography>
                )}
                {canEdit && description.trim() && (
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    Description, click to edit
                  </Box>
                )}
              </Box>
            )}
          </Section>

          <ChecklistsSection card={card} canEdit={canEdit} run={run} />
          <AttachmentsSection card={card} canEdit={canEdit} run={run} onCover={setCover} />
          <CommentsSection card={card} canComment={abilities.comment} run={run} />

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
