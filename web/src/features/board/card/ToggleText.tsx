import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type ReactNode, useRef, useState } from 'react';
import { VISUALLY_HIDDEN } from '../../../lib/visuallyHidden';
import { editTriggerProps } from './editTrigger';
import { SaveStatus } from './SaveStatus';
import { useAutosave } from './useAutosave';

/**
 * Text that shows as a preview and becomes a text box on click (checklist and item titles). What is typed is saved
 * after a pause, at once on Enter and on leaving the box; Escape puts back the text the box opened with and leaves
 * the dialog open. An empty title is never saved (leaving the box empty puts the saved one back). An unsaved edit
 * is kept on this device (`storageKey`) and the box opens with it again after a reload.
 */
export function ToggleText({
  value,
  label,
  canEdit,
  onSave,
  render,
  storageKey,
}: {
  value: string;
  label: string;
  canEdit: boolean;
  onSave: (next: string) => Promise<boolean>;
  render: (value: string) => ReactNode;
  storageKey?: string;
}) {
  const autosave = useAutosave({
    saved: value,
    save: onSave,
    storageKey: canEdit ? storageKey : undefined,
    normalize: (t) => t.trim(),
    valid: (t) => t.length > 0,
  });
  const [editing, setEditing] = useState(canEdit && autosave.restored);
  const start = useRef(autosave.restored ? autosave.savedText() : value);
  const previewRef = useRef<HTMLDivElement>(null);
  const done = useRef(false);

  const open = () => {
    if (!canEdit) return;
    start.current = autosave.draft.trim() || autosave.savedText();
    done.current = false;
    setEditing(true);
  };
  const finish = (how: 'save' | 'cancel', refocus: boolean) => {
    if (done.current) return;
    done.current = true;
    if (how === 'cancel') autosave.revert(start.current);
    else if (!autosave.draft.trim()) autosave.revert(autosave.savedText());
    else void autosave.flush();
    setEditing(false);
    if (refocus) requestAnimationFrame(() => previewRef.current?.focus());
  };
  const status =
    autosave.state !== 'idle' && (editing || autosave.state !== 'saved') ? (
      <SaveStatus state={autosave.state} onRetry={() => void autosave.flush()} />
    ) : null;

  if (!canEdit || !editing) {
    const shown = autosave.draft.trim() || value;
    return (
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box
          ref={previewRef}
          {...editTriggerProps(canEdit, open)}
          sx={{
            position: 'relative',
            minWidth: 0,
            cursor: canEdit ? 'text' : 'default',
            borderRadius: 1,
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          {render(shown)}
          {canEdit && (
            <Box component="span" sx={VISUALLY_HIDDEN}>
              , click to edit the {label}
            </Box>
          )}
        </Box>
        {status}
      </Box>
    );
  }
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <TextField
        autoFocus
        fullWidth
        size="small"
        multiline
        label={label}
        value={autosave.draft}
        onChange={(e) => autosave.change(e.target.value)}
        onBlur={() => finish('save', false)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            finish('save', true);
          } else if (e.key === 'Escape') {
            // Cancels the edit, never the dialog.
            e.preventDefault();
            e.stopPropagation();
            finish('cancel', true);
          }
        }}
      />
      {status}
    </Box>
  );
}
