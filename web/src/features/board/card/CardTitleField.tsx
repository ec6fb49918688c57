import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import { type BoardCard, boardApi } from '../../../api/board';
import { draftKey } from '../../../components/drafts';
import { useCurrentUser } from '../../../session/context';
import { updateCard } from '../model';
import { SaveStatus } from './SaveStatus';
import { useAutosave } from './useAutosave';
import type { Run } from './useCardRun';

/**
 * The card's title in the dialog's head: saved as one types (an empty title is never saved; leaving the box empty
 * puts the saved one back), Enter saves at once, Escape puts back the title the box had when it got the focus.
 */
export function CardTitleField({ card, run }: { card: BoardCard; run: Run }) {
  const viewer = useCurrentUser();
  const latest = useRef(card);
  latest.current = card;
  const autosave = useAutosave({
    saved: card.title,
    storageKey: draftKey(viewer.id, `card:${card.id}:title`),
    normalize: (t) => t.trim(),
    valid: (t) => t.length > 0,
    save: (title) => {
      const { id, ListId } = latest.current;
      return run(
        () => boardApi.upsertCard({ id, title, ListId }),
        undefined,
        (lists) => updateCard(lists, id, (c) => ({ ...c, title })),
      );
    },
  });
  const start = useRef(card.title);
  return (
    <Box>
      <TextField
        id="card-dialog-title"
        fullWidth
        variant="standard"
        value={autosave.draft}
        onFocus={() => {
          start.current = autosave.draft.trim() || autosave.savedText();
        }}
        onChange={(e) => autosave.change(e.target.value)}
        onBlur={() => {
          if (!autosave.draft.trim()) autosave.revert(autosave.savedText());
          else void autosave.flush();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            autosave.revert(start.current);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            void autosave.flush();
          }
        }}
        slotProps={{
          htmlInput: {
            'aria-label': 'Card title',
            'aria-describedby': autosave.state === 'idle' ? undefined : 'card-title-status',
            style: { fontSize: '1.25rem', fontWeight: 700 },
          },
        }}
      />
      {autosave.state !== 'idle' && (
        <SaveStatus id="card-title-status" state={autosave.state} onRetry={() => void autosave.flush()} />
      )}
    </Box>
  );
}
