import EventRounded from '@mui/icons-material/EventRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { type BoardCard, boardApi } from '../../../api/board';
import { COMPLETED_LIST_NAME } from '../constants';
import { dueStatus, dueText, fromPickerValue, toPickerValue } from '../dueDates';
import type { Run } from './useCardRun';

/** The toasts of the due date (worded like the board's others). */
export const DUE_TOASTS = { set: 'Due date set', cleared: 'Due date removed' } as const;

/**
 * The card's due date: a native date-time box (typed with the keyboard, the phone's own picker on touch), in the
 * person's zone like every date shown; saved when the box is left or Enter is pressed, and when it changed;
 * "Remove" clears it.
 */
export function DueDateSection({
  card,
  listName,
  canEdit,
  run,
}: {
  card: BoardCard;
  listName: string;
  canEdit: boolean;
  run: Run;
}) {
  const saved = toPickerValue(card.dueAt);
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  // What was last sent: Enter then leaving the box (before the board refetch) sends it once.
  const sent = useRef(saved);
  const status = dueStatus(card.dueAt, new Date(), listName === COMPLETED_LIST_NAME);

  const save = async (next: string) => {
    if (next === sent.current) return;
    const dueAt = next === '' ? null : fromPickerValue(next);
    if (next !== '' && dueAt === null) {
      setError('Enter a whole date and time');
      return;
    }
    setError(null);
    sent.current = next;
    const done = await run(
      () => boardApi.upsertCard({ id: card.id, title: card.title, ListId: card.ListId, dueAt }),
      dueAt === null ? DUE_TOASTS.cleared : DUE_TOASTS.set,
    );
    if (!done) sent.current = saved;
  };

  if (!canEdit) {
    return card.dueAt ? (
      <Box sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
        <EventRounded fontSize="small" aria-hidden />
        <Typography variant="body2">{dueText(status, card.dueAt)}</Typography>
      </Box>
    ) : null;
  }
  return (
    <Box component="section" aria-labelledby="card-due-heading" sx={{ mb: 2 }}>
      <Typography id="card-due-heading" component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        Due date
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
        <TextField
          type="datetime-local"
          size="small"
          label="Due date and time"
          value={value}
          error={error !== null}
          helperText={error ?? (card.dueAt ? dueText(status, card.dueAt) : 'No due date')}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => void save(value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void save(value);
            } else if (event.key === 'Escape' && value !== saved) {
              // Escape puts the saved date back and closes only the box's edit, not the dialog.
              event.stopPropagation();
              setValue(saved);
              setError(null);
            }
          }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'card-due-input', step: 60 } }}
          sx={{ minWidth: 240 }}
        />
        {card.dueAt && (
          <Button
            size="small"
            onClick={() => {
              setValue('');
              void save('');
            }}
            sx={{ mt: 0.5 }}
          >
            Remove due date
          </Button>
        )}
      </Box>
    </Box>
  );
}
