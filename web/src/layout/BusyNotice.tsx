import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { type QueryCache, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { ApiError } from '../api/client';
import { isBusy } from '../api/retry';

export const BUSY_MESSAGE = 'We are busy right now. Retrying in a moment…';

/** A read is being retried after a "busy" answer (503/429 with Retry-After; api/retry.ts readRetryDelay). */
function retryingBusy(cache: QueryCache): boolean {
  return cache.getAll().some(({ state }) => {
    const reason = state.fetchFailureReason;
    return (
      state.fetchStatus !== 'idle' &&
      reason instanceof ApiError &&
      isBusy({ status: reason.status, retryAfter: reason.retryAfter })
    );
  });
}

/**
 * While a screen's data is being retried because the server asked to come back later, a calm note instead of an
 * error (the screen keeps its loading state or its last data meanwhile); gone once the retry is answered. The
 * live region is always there, so screen readers announce the note politely when it appears.
 */
export function BusyNotice() {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const busy = useSyncExternalStore(subscribe, () => retryingBusy(cache));
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        bottom: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (t) => t.zIndex.snackbar,
        ...(busy
          ? {
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              px: 2,
              py: 1,
              borderRadius: 2,
              bgcolor: 'background.paper',
              color: 'text.primary',
              boxShadow: '0 6px 20px rgba(43, 27, 46, 0.18)',
              fontSize: 14,
            }
          : {}),
      }}
    >
      {busy && (
        <>
          <CircularProgress size={16} aria-hidden />
          {BUSY_MESSAGE}
        </>
      )}
    </Box>
  );
}
