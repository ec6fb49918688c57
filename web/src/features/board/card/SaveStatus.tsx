import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SAVE_STATE_TEXT, type SaveState } from './useAutosave';

/**
 * The truthful saving state next to a box that saves as one types: "Unsaved changes", "Saving…", "Saved", or
 * "Not saved" with Retry. A polite status region, so screen readers hear it without losing their place.
 */
export function SaveStatus({ state, onRetry, id }: { state: SaveState; onRetry: () => void; id?: string }) {
  return (
    <Box
      id={id}
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 24 }}
      data-save-state={state}
    >
      <Typography
        variant="caption"
        sx={{ color: state === 'error' ? 'error.main' : 'text.secondary', fontWeight: 600 }}
      >
        {SAVE_STATE_TEXT[state]}
      </Typography>
      {state === 'error' && (
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Box>
  );
}
