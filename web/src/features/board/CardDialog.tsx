import AddRounded from '@mui/icons-material/AddRounded';
import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import CheckBoxOutlined from '@mui/icons-material/CheckBoxOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox, { type CheckboxProps } from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type MutableRefObject, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import {
  type BoardCard,
  type BoardLabel,
  type BoardList,
  type BoardSummary,
  boardApi,
  type CheckList,
  type PersonRef,
  refreshBoard,
  setBoardLists,
  useBoardLabels,
  useBoardScope,
  useCoaches,
} from '../../api/board';
import { errorMessage } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { UploadError, UploadingOverlay, useImageUpload } from '../../components/ImageUpload';
import { toast } from '../../components/toast';
import { Markdown } from '../courses/Markdown';
import {
  BOARD_TOASTS,
  DELETE_CARD_CONFIRMATION,
  LABEL_CREATE_LIMIT,
  LABEL_SWATCHES,
  VISUALLY_HIDDEN,
} from './constants';
import { checklistPercent, checklistStatus, findCard, updateCard } from './model';

// The label editor is rarely opened: its own download.
const LabelEditor = lazy(() => import('./LabelEditor'));

/**
 * Runs one change: `optimistic` rewrites the cached board first (checkboxes answer at once), the call follows, then
 * the toast; the board is refreshed either way (a refusal puts the cache back as the server has it).
 */
type Run = (
  work: () => Promise<unknown>,
  success?: string,
  optimistic?: (lists: BoardList[]) => BoardList[],
) => Promise<boolean>;

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
  const queryClient = useQueryClient();
  const { abilities } = summary;
  const canEdit = abilities.edit;
  const [title, setTitle] = useState(card.title);
  const [description, setDescription] = useState(card.description);
  const [editingDescription, setEditingDescription] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [closing, setClosing] = useState(false);

  const run: Run = async (work, success, optimistic) => {
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

/**
 * A checkbox that shows a click at once (its own state), then follows the saved value whenever that changes: the
 * cache update and the server answer arrive a moment later.
 */
function InstantCheckbox({ checked, ...props }: CheckboxProps & { checked: boolean }) {
  const [shown, setShown] = useState(checked);
  useEffect(() => setShown(checked), [checked]);
  return (
    <Checkbox
      {...props}
      checked={shown}
      onChange={(event, value) => {
        setShown(value);
        props.onChange?.(event, value);
      }}
    />
  );
}

function Section({
  title,
  icon,
  actions,
  children,
}: {
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" sx={{ mt: 2.5 }} aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        {icon}
        <Typography component="h3" sx={{ fontWeight: 800, flex: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}

export function LabelChip({ label }: { label: Pick<BoardLabel, 'name' | 'color'> }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1,
        borderRadius: 1,
        fontSize: '0.8125rem',
        fontWeight: 700,
        lineHeight: '26px',
        minWidth: 40,
        color: '#1F1424',
        bgcolor: LABEL_SWATCHES[label.color].bg,
      }}
    >
      {label.name || LABEL_SWATCHES[label.color].name}
    </Box>
  );
}

type Editing = { mode: 'create' } | { mode: 'update'; label: BoardLabel } | null;

function LabelsSection({
  boardUserId,
  card,
  summary,
  run,
}: {
  boardUserId: number;
  card: BoardCard;
  summary: BoardSummary;
  run: Run;
}) {
  const canEdit = summary.abilities.edit;
  const [open, setOpen] = useState(false);
  const labels = useBoardLabels(boardUserId, open);
  const [editing, setEditing] = useState<Editing>(null);
  const onCard = new Set(card.Labels.map((l) => l.id));
  const all = labels.data ?? [];
  const canCreate = summary.abilities.createLabel && (labels.data ? all.length < LABEL_CREATE_LIMIT : true);

  return (
    <Section
      title="Labels"
      icon={<LabelOutlined fontSize="small" />}
      actions={
        canEdit && (
          <Button size="small" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
            {open ? 'Done' : 'Edit labels'}
          </Button>
        )
      }
    >
      {card.Labels.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {card.Labels.map((l) => (
            <LabelChip key={l.id} label={l} />
          ))}
        </Box>
      ) : (
        !open && (
          <Typography variant="body2" color="text.secondary">
            No labels
          </Typography>
        )
      )}
      {open && (
        <Box sx={{ mt: 1.5, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}>
          {labels.isPending ? (
            <LinearProgress aria-label="Loading labels" />
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Board labels">
              {all.map((label) => (
                <Box component="li" key={label.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <InstantCheckbox
                    checked={onCard.has(label.id)}
                    slotProps={{
                      input: { 'aria-label': `Label ${label.name || LABEL_SWATCHES[label.color].name} on this card` },
                    }}
                    onChange={(e) => {
                      const on = e.target.checked;
                      void run(
                        () => boardApi.setCardLabel({ LabelId: label.id, CardId: card.id, on }),
                        on ? BOARD_TOASTS.labelAdded : BOARD_TOASTS.labelRemoved,
                        (lists) =>
                          updateCard(lists, card.id, (c) => ({
                            ...c,
                            Labels: on ? [...c.Labels, label] : c.Labels.filter((l) => l.id !== label.id),
                          })),
                      );
                    }}
                  />
                  <Box sx={{ flex: 1 }}>
                    <LabelChip label={label} />
                  </Box>
                  <IconButton
                    size="small"
                    aria-label={`Edit label ${label.name || LABEL_SWATCHES[label.color].name}`}
                    onClick={() => setEditing({ mode: 'update', label })}
                  >
                    <EditRounded fontSize="small" />
                  </IconButton>
                </Box>
              ))}
            </Box>
          )}
          {canCreate && (
            <Button startIcon={<AddRounded />} sx={{ mt: 1 }} onClick={() => setEditing({ mode: 'create' })}>
              Create new label
            </Button>
          )}
        </Box>
      )}
      {editing && (
        <Suspense fallback={null}>
          <LabelEditor
            mode={editing.mode}
            label={editing.mode === 'update' ? editing.label : null}
            labels={all}
            onClose={() => setEditing(null)}
            onSave={async ({ name, color }) => {
              if (editing.mode === 'update') {
                const ok = await run(
                  () => boardApi.upsertLabel({ id: editing.label.id, name, color, userId: boardUserId }),
                  BOARD_TOASTS.labelUpdated,
                );
                if (ok) setEditing(null);
                return;
              }
              // A label created from a card is put on it.
              const ok = await run(async () => {
                const { label } = await boardApi.upsertLabel({ name, color, userId: boardUserId });
                await boardApi.setCardLabel({ LabelId: label.id, CardId: card.id, on: true });
              }, BOARD_TOASTS.labelAdded);
              if (ok) setEditing(null);
            }}
          />
        </Suspense>
      )}
    </Section>
  );
}

/** Text that shows as a preview and becomes a text box on click; Enter or leaving the box saves a change. */
function ToggleText({
  value,
  label,
  canEdit,
  onSave,
  render,
}: {
  value: string;
  label: string;
  canEdit: boolean;
  onSave: (next: string) => void;
  render: (value: string) => ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const done = useRef(false);
  if (!canEdit || !editing) {
    return (
      <Box
        role={canEdit ? 'button' : undefined}
        tabIndex={canEdit ? 0 : undefined}
        onClick={() => {
          if (!canEdit) return;
          setDraft(value);
          done.current = false;
          setEditing(true);
        }}
        onKeyDown={(e) => {
          if (canEdit && (e.key === 'Enter' || e.key === ' ')) {
            e.preventDefault();
            setDraft(value);
            done.current = false;
            setEditing(true);
          }
        }}
        sx={{
          position: 'relative',
          flex: 1,
          minWidth: 0,
          cursor: canEdit ? 'text' : 'default',
          borderRadius: 1,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {render(value)}
        {canEdit && (
          <Box component="span" sx={VISUALLY_HIDDEN}>
            , click to edit the {label}
          </Box>
        )}
      </Box>
    );
  }
  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    setEditing(false);
    if (save && draft.trim() && draft.trim() !== value) onSave(draft.trim());
  };
  return (
    <TextField
      autoFocus
      fullWidth
      size="small"
      multiline
      label={label}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.shiftKey) {
          e.preventDefault();
          finish(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          finish(false);
        }
      }}
      sx={{ flex: 1 }}
    />
  );
}

function ChecklistsSection({ card, canEdit, run }: { card: BoardCard; canEdit: boolean; run: Run }) {
  if (!canEdit && card.CheckLists.length === 0) return null;
  return (
    <Section
      title="Checklists"
      icon={<CheckBoxOutlined fontSize="small" />}
      actions={
        canEdit && (
          <Button
            size="small"
            startIcon={<AddRounded />}
            onClick={() =>
              void run(
                () => boardApi.upsertChecklist({ title: 'Checklist', CardId: card.id }),
                BOARD_TOASTS.checklistAdded,
              )
            }
          >
            Add checklist
          </Button>
        )
      }
    >
      {card.CheckLists.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No checklists yet
        </Typography>
      )}
      {card.CheckLists.map((checklist) => (
        <ChecklistBlock key={checklist.id} checklist={checklist} canEdit={canEdit} run={run} />
      ))}
    </Section>
  );
}

function ChecklistBlock({ checklist, canEdit, run }: { checklist: CheckList; canEdit: boolean; run: Run }) {
  const [newItem, setNewItem] = useState('');
  const percent = checklistPercent(checklist);
  const addItem = async () => {
    const title = newItem.trim();
    if (!title) return;
    const ok = await run(
      () => boardApi.upsertChecklistItem({ title, completed: false, CheckListId: checklist.id }),
      BOARD_TOASTS.checkItemAdded,
    );
    if (ok) setNewItem('');
  };
  return (
    <Box
      sx={{ mb: 2, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}
      role="group"
      aria-label={`Checklist ${checklist.title}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ToggleText
          value={checklist.title}
          label="checklist title"
          canEdit={canEdit}
          onSave={(title) =>
            void run(
              () => boardApi.upsertChecklist({ id: checklist.id, title, CardId: checklist.CardId }),
              BOARD_TOASTS.checklistUpdated,
            )
          }
          render={(v) => <Typography sx={{ fontWeight: 700 }}>{v}</Typography>}
        />
        {canEdit && (
          <IconButton
            size="small"
            aria-label={`Delete checklist ${checklist.title}`}
            onClick={() => void run(() => boardApi.deleteChecklist(checklist.id))}
          >
            <DeleteOutlineRounded fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 700, minWidth: 40 }}>
          {percent}%
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={percent >= 100 ? 'success' : 'primary'}
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
          aria-label={`${checklist.title} progress`}
        />
      </Box>
      <Typography
        variant="body2"
        sx={{ color: percent >= 100 ? 'success.dark' : 'text.secondary', fontWeight: 600, mb: 0.5 }}
        role="status"
      >
        {checklistStatus(percent)}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {checklist.CheckListItems.map((item) => (
          <Box component="li" key={item.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <InstantCheckbox
              checked={item.completed}
              disabled={!canEdit}
              slotProps={{ input: { 'aria-label': `Done: ${item.title}` } }}
              onChange={(e) => {
                const completed = e.target.checked;
                void run(
                  () =>
                    boardApi.upsertChecklistItem({
                      id: item.id,
                      title: item.title,
                      completed,
                      CheckListId: checklist.id,
                    }),
                  BOARD_TOASTS.checkItemUpdated,
                  (lists) =>
                    updateCard(lists, checklist.CardId, (c) => ({
                      ...c,
                      CheckLists: c.CheckLists.map((list) =>
                        list.id === checklist.id
                          ? {
                              ...list,
                              CheckListItems: list.CheckListItems.map((i) =>
                                i.id === item.id ? { ...i, completed } : i,
                              ),
                            }
                          : list,
                      ),
                    })),
                );
              }}
            />
            <ToggleText
              value={item.title}
              label="item title"
              canEdit={canEdit}
              onSave={(title) =>
                void run(
                  () =>
                    boardApi.upsertChecklistItem({
                      id: item.id,
                      title,
                      completed: item.completed,
                      CheckListId: checklist.id,
                    }),
                  BOARD_TOASTS.checkItemUpdated,
                )
              }
              render={(v) => <Markdown source={v} />}
            />
            {canEdit && (
              <IconButton
                size="small"
                aria-label={`Delete item ${item.title}`}
                onClick={() => void run(() => boardApi.deleteChecklistItem(item.id))}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
      {canEdit && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            void addItem();
          }}
          sx={{ display: 'flex', gap: 1, mt: 1 }}
        >
          <TextField
            size="small"
            fullWidth
            label="Add an item"
            value={newItem}
            onChange={(e) => setNewItem(e.target.value)}
          />
          <Button type="submit" variant="outlined" disabled={!newItem.trim()}>
            Add
          </Button>
        </Box>
      )}
    </Box>
  );
}

function AttachmentsSection({
  card,
  canEdit,
  run,
  onCover,
}: {
  card: BoardCard;
  canEdit: boolean;
  run: Run;
  onCover: (url: string | null) => Promise<boolean>;
}) {
  const upload = useImageUpload((fileUrl, file) =>
    run(
      () => boardApi.addAttachment({ fileUrl, fileName: file.name || 'image', CardId: card.id }),
      BOARD_TOASTS.attachmentAdded,
    ),
  );
  if (!canEdit && card.Attachments.length === 0) return null;
  return (
    <Section
      title="Attachments"
      icon={<AttachFileRounded fontSize="small" />}
      actions={
        canEdit && (
          <Button
            component="label"
            size="small"
            startIcon={<AddRounded />}
            loading={upload.isPending}
            loadingPosition="start"
          >
            Add attachment
            <input type="file" accept="image/*" hidden onChange={upload.onChange} aria-label="Attachment file" />
          </Button>
        )
      }
    >
      <UploadError upload={upload} sx={{ mb: 1 }} />
      <Box sx={{ position: 'relative' }}>
        {card.Attachments.length === 0 && !upload.isPending && (
          <Typography variant="body2" color="text.secondary">
            No attachments yet
          </Typography>
        )}
        {upload.isPending && <Box sx={{ height: 64 }} />}
        <UploadingOverlay upload={upload} label="Uploading the attachment" borderRadius={8} />
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {card.Attachments.map((attachment) => {
          const isCover = card.coverPhotoUrl === attachment.fileUrl;
          return (
            <Box
              component="li"
              key={attachment.id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
            >
              <Box
                component="a"
                href={attachment.fileUrl}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ flex: '0 0 auto' }}
              >
                <Box
                  component="img"
                  src={attachment.fileUrl}
                  alt={attachment.fileName}
                  sx={{ width: 88, height: 60, objectFit: 'cover', borderRadius: 1.5, display: 'block' }}
                />
              </Box>
              <Box sx={{ flex: 1, minWidth: 120 }}>
                <Typography component="div" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {attachment.fileName}
                  {isCover && <Chip size="small" label="Cover" sx={{ ml: 1 }} />}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  Added {new Date(attachment.createdAt).toLocaleString()}
                </Typography>
              </Box>
              {canEdit && (
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <Button size="small" onClick={() => void onCover(isCover ? null : attachment.fileUrl)}>
                    {isCover ? 'Remove Cover' : 'Make Cover'}
                  </Button>
                  <IconButton
                    size="small"
                    aria-label={`Delete attachment ${attachment.fileName}`}
                    onClick={() =>
                      void run(() => boardApi.deleteAttachment(attachment.id), BOARD_TOASTS.attachmentDeleted)
                    }
                  >
                    <DeleteOutlineRounded fontSize="small" />
                  </IconButton>
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

function CommentsSection({ card, canComment, run }: { card: BoardCard; canComment: boolean; run: Run }) {
  const [text, setText] = useState('');
  const [mentioned, setMentioned] = useState<PersonRef[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const coaches = useCoaches(canComment && pickerOpen);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    const comment = text.trim();
    if (!comment || sending) return;
    setSending(true);
    try {
      await boardApi.addComment({ comment, CardId: card.id, mentionedUsers: mentioned.map((p) => p.id) });
      toast(BOARD_TOASTS.commentAdded, 'success');
      setText('');
      setMentioned([]);
      setError(null);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSending(false);
      void run(async () => undefined);
    }
  };

  return (
    <Section title="Comments">
      {canComment && (
        <Box sx={{ mb: 2 }}>
          <Autocomplete
            multiple
            size="small"
            options={coaches.data ?? []}
            loading={coaches.isPending && pickerOpen}
            value={mentioned}
            onOpen={() => setPickerOpen(true)}
            onChange={(_, value) => setMentioned(value)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(p) => `${p.fullName} (${p.email})`}
            renderOption={(props, p) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {p.fullName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {p.email}
                  </Typography>
                </Box>
              );
            }}
            renderValue={(value, getItemProps) =>
              value.map((p, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={`@${p.fullName}`} {...itemProps} />;
              })
            }
            renderInput={(params) => <TextField {...params} label="Mention a coach" />}
            sx={{ mb: 1 }}
          />
          <TextField
            fullWidth
            multiline
            minRows={2}
            label="Write a comment"
            helperText={error ?? 'Enter sends, Shift+Enter starts a new line'}
            error={!!error}
            value={text}
            disabled={sending}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
          />
        </Box>
      )}
      {card.Activities.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No comments yet
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }} aria-label="Comments">
          {card.Activities.map((activity) => (
            <Box component="li" key={activity.id} sx={{ display: 'flex', gap: 1.25 }}>
              <Box
                aria-hidden="true"
                sx={{
                  flex: '0 0 auto',
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  fontSize: '0.75rem',
                  fontWeight: 700,
                }}
              >
                {initials(activity.User?.fullName ?? '?')}
              </Box>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2">
                  <strong>{activity.User?.fullName ?? 'Former member'}</strong>{' '}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {new Date(activity.createdAt).toLocaleString()}
                  </Box>
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.25 }}>
                  {activity.comment}
                </Typography>
                {activity.TaggedUsers.length > 0 && (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                    {activity.TaggedUsers.map((p) => (
                      <Chip key={p.id} size="small" variant="outlined" label={`@${p.fullName}`} />
                    ))}
                  </Box>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}
