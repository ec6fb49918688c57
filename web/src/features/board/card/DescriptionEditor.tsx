import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FocusEvent, useRef, useState } from 'react';
import { type BoardCard, boardApi } from '../../../api/board';
import { draftKey } from '../../../components/drafts';
import { Markdown } from '../../../components/Markdown';
import { VISUALLY_HIDDEN } from '../../../lib/visuallyHidden';
import { useCurrentUser } from '../../../session/context';
import { updateCard } from '../model';
import { Section } from './CardParts';
import { editTriggerProps } from './editTrigger';
import { SaveStatus } from './SaveStatus';
import { useAutosave } from './useAutosave';
import type { Run } from './useCardRun';

/**
 * The card's description: a markdown preview that turns into a box named "Description" on click. What is
 * typed is saved after a pause, on Save and on leaving the box; Escape (or Cancel) puts back the text the box opened
 * with and keeps the dialog open. An edit not yet saved is kept on this device and given back when the card opens
 * again.
 */
export function DescriptionEditor({ card, canEdit, run }: { card: BoardCard; canEdit: boolean; run: Run }) {
  const viewer = useCurrentUser();
  const latest = useRef(card);
  latest.current = card;
  const autosave = useAutosave({
    saved: card.description,
    storageKey: canEdit ? draftKey(viewer.id, `card:${card.id}:description`) : undefined,
    save: (description) => {
      const { id, title, ListId } = latest.current;
      return run(
        () => boardApi.upsertCard({ id, title, description, ListId }),
        undefined,
        (lists) => updateCard(lists, id, (c) => ({ ...c, description })),
      );
    },
  });
  const [editing, setEditing] = useState(canEdit && autosave.restored);
  /** Says that an earlier draft is back, until the box is left or the draft discarded. */
  const [notice, setNotice] = useState(autosave.restored);
  /** The text the box opened with: Escape and Cancel put it back. */
  const start = useRef(autosave.restored ? autosave.savedText() : card.description);
  const editorRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);

  const open = () => {
    if (!canEdit) return;
    start.current = autosave.draft;
    setEditing(true);
  };
  const leave = () => {
    setEditing(false);
    setNotice(false);
    // The preview takes the focus back (keyboard users stay in the dialog).
    requestAnimationFrame(() => previewRef.current?.focus());
  };
  const cancel = () => {
    autosave.revert(start.current);
    leave();
  };
  const saveNow = async () => {
    if (await autosave.flush()) leave();
  };
  const onBlur = (event: FocusEvent) => {
    // Moving to Save or Cancel is not leaving.
    if (event.relatedTarget instanceof Node && editorRef.current?.contains(event.relatedTarget)) return;
    void autosave.flush();
    setEditing(false);
    setNotice(false);
  };

  return (
    <Section title="Description">
      {canEdit && editing ? (
        <Box ref={editorRef} onBlur={onBlur}>
          {notice && (
            <Alert
              severity="info"
              sx={{ mb: 1 }}
              action={
                <Button color="inherit" size="small" onClick={cancel}>
                  Discard
                </Button>
              }
            >
              {autosave.restoredStale
                ? 'Your unsaved edit from earlier is back. The description has changed since: Save keeps yours.'
                : autosave.state === 'saved'
                  ? 'Your unsaved edit from earlier is back and saved.'
                  : 'Your unsaved edit from earlier is back and is being saved.'}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={4}
            label="Description"
            helperText="Markdown. Saved as you type; Escape cancels this edit."
            value={autosave.draft}
            onChange={(e) => autosave.change(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                // Cancels the edit, never the dialog.
                e.preventDefault();
                e.stopPropagation();
                cancel();
              } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void saveNow();
              }
            }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" size="small" onClick={() => void saveNow()}>
              Save
            </Button>
            <Button size="small" onClick={cancel}>
              Cancel
            </Button>
            <SaveStatus state={autosave.state} onRetry={() => void autosave.flush()} />
          </Box>
        </Box>
      ) : (
        <>
          <Box
            ref={previewRef}
            {...editTriggerProps(canEdit, open)}
            data-testid="description-preview"
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
            {autosave.draft.trim() ? (
              <Markdown source={autosave.draft} />
            ) : (
              <Typography color="text.secondary">
                {canEdit ? 'Add a more detailed description…' : 'No description'}
              </Typography>
            )}
            {canEdit && autosave.draft.trim() && (
              <Box component="span" sx={VISUALLY_HIDDEN}>
                Description, click to edit
              </Box>
            )}
          </Box>
          {autosave.state !== 'idle' && <SaveStatus state={autosave.state} onRetry={() => void autosave.flush()} />}
        </>
      )}
    </Section>
  );
}
