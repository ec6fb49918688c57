import Box from '@mui/material/Box';
import Checkbox, { type CheckboxProps } from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { VISUALLY_HIDDEN } from '../constants';

/**
 * A checkbox that shows a click at once (its own state), then follows the saved value whenever that changes: the
 * cache update and the server answer arrive a moment later.
 */
export function InstantCheckbox({ checked, ...props }: CheckboxProps & { checked: boolean }) {
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

export function Section({
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

/** Text that shows as a preview and becomes a text box on click; Enter or leaving the box saves a change. */
export function ToggleText({
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
