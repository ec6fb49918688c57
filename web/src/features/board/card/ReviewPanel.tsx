import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type BoardCard, boardApi } from '../../../api/board';
import type { Run } from './useCardRun';

export const CARD_REVIEWED_TOAST = 'Card marked reviewed';

/**
 * "Mark reviewed" for a coach who opened the card from the review queue: an optional comment (posted as hers) and
 * the button. After the review the queue is told (`onReviewed`), which closes the dialog and refreshes the queue.
 */
export function ReviewPanel({ card, run, onReviewed }: { card: BoardCard; run: Run; onReviewed: () => void }) {
  const [comment, setComment] = useState('');
  const [pending, setPending] = useState(false);
  const review = async () => {
    setPending(true);
    const text = comment.trim();
    const done = await run(
      () => boardApi.reviewCard({ cardId: card.id, ...(text ? { comment: text } : {}) }),
      CARD_REVIEWED_TOAST,
    );
    setPending(false);
    if (done) onReviewed();
  };
  return (
    <Box
      component="section"
      aria-label="Review"
      sx={{ mt: 1.5, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
    >
      <TextField
        label="Review comment (optional)"
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <Button
        sx={{ mt: 1 }}
        variant="contained"
        startIcon={<TaskAltRounded />}
        disabled={pending}
        onClick={() => void review()}
      >
        Mark reviewed
      </Button>
    </Box>
  );
}
