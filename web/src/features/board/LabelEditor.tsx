import CheckRounded from '@mui/icons-material/CheckRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import type { BoardLabel, LabelColor } from '../../api/board';
import { LABEL_SWATCHES } from './constants';
import { offeredColors } from './model';

/**
 * The label editor (spec part 1 §4, §5): create and update modes; a colour must be chosen (Save is disabled without
 * one), the name is optional; only colours no other label uses are offered, plus the label's own.
 */
export default function LabelEditor({
  mode,
  label,
  labels,
  onClose,
  onSave,
}: {
  mode: 'create' | 'update';
  label: BoardLabel | null;
  labels: BoardLabel[];
  onClose: () => void;
  onSave: (value: { name: string; color: LabelColor }) => Promise<void>;
}) {
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState<LabelColor | null>(label?.color ?? null);
  const [saving, setSaving] = useState(false);
  const colors = offeredColors(labels, label?.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!color) return;
    setSaving(true);
    try {
      await onSave({ name: name.trim(), color });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="label-editor-title">
      <Box component="form" onSubmit={(e) => void submit(e)}>
        <DialogTitle id="label-editor-title">{mode === 'create' ? 'Create label' : 'Edit label'}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label="Name (optional)"
            value={name}
            onChange={(e) => setName(e.target.value)}
            sx={{ mt: 1, mb: 2 }}
          />
          <Typography id="label-colour-heading" sx={{ fontWeight: 700, mb: 1 }}>
            Colour
          </Typography>
          {colors.length === 0 ? (
            <Typography color="text.secondary">Every colour is in use by another label.</Typography>
          ) : (
            <Box
              role="radiogroup"
              aria-labelledby="label-colour-heading"
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 1 }}
            >
              {colors.map((c) => {
                const selected = color === c;
                return (
                  <Box
                    key={c}
                    component="button"
                    type="button"
                    role="radio"
                    aria-checked={selected}
                    aria-label={LABEL_SWATCHES[c].name}
                    onClick={() => setColor(c)}
                    sx={{
                      height: 40,
                      borderRadius: 1.5,
                      border: 2,
                      borderColor: selected ? 'primary.main' : 'transparent',
                      bgcolor: LABEL_SWATCHES[c].bg,
                      color: '#1F1424',
                      cursor: 'pointer',
                      display: 'grid',
                      placeItems: 'center',
                      '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                    }}
                  >
                    {selected && <CheckRounded fontSize="small" />}
                  </Box>
                );
              })}
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!color} loading={saving}>
            {mode === 'create' ? 'Create' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
