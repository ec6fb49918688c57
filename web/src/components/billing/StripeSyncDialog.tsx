/**
 * Sync with Stripe (admins, from the user dashboard's Options menu): starts the stripe-sync job, follows its
 * progress in the job table like every job (useJobProgress: pages and subscriptions read, people checked), then
 * shows the result. Every person's Stripe Status is then what Stripe holds; the list reloads.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useRef, useState } from 'react';
import { useStartStripeSync } from '../../api/billing';
import { errorMessage } from '../../api/client';
import { useJobProgress } from '../../api/jobProgress';
import JobProgress from '../../components/JobProgress';
import { jobCount } from '../jobProgressRules';

/**
 * The sync's row is written by users when billing's event arrives, a moment after the start: until then (at most
 * this long) its status answers 404.
 */
const SYNC_RECORDED_WITHIN_MS = 15_000;

export const SYNC_DONE = 'Sync with Stripe complete';

export default function StripeSyncDialog({ onClose }: { onClose: () => void }) {
  const [statusUrl, setStatusUrl] = useState<string | null>(null);
  const start = useStartStripeSync();
  const status = useJobProgress(statusUrl, { missingGraceMs: SYNC_RECORDED_WITHIN_MS });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate(undefined, { onSuccess: (answer) => setStatusUrl(answer.data.statusUrl) });
  }, [start]);

  const data = status.data;
  const summary = data
    ? {
        pages: jobCount(data, 'pages'),
        subscriptions: jobCount(data, 'subscriptions'),
        customers: jobCount(data, 'customers'),
        changed: jobCount(data, 'changed'),
      }
    : undefined;
  const finished = data?.state === 'completed' || data?.state === 'failed';
  const failure = start.error ?? status.error;

  return (
    <Dialog
      open
      onClose={finished || failure ? onClose : undefined}
      fullWidth
      maxWidth="xs"
      aria-labelledby="sync-title"
    >
      <DialogTitle id="sync-title">Sync with Stripe</DialogTitle>
      <DialogContent>
        {failure ? (
          <Alert severity="error">{errorMessage(failure)}</Alert>
        ) : data?.state === 'failed' ? (
          <Alert severity="error">The sync failed: {data.failedReason ?? 'unknown error'}</Alert>
        ) : data?.state === 'completed' && summary ? (
          <Alert severity="success" role="status">
            {SYNC_DONE}: {summary.subscriptions} subscription(s) read, {summary.customers} customer(s) checked,{' '}
            {summary.changed} status change(s).
          </Alert>
        ) : (
          <Box role="status">
            <JobProgress
              status={data}
              labelId="sync-progress-label"
              label={
                summary && summary.pages > 0
                  ? `Read ${summary.subscriptions} subscription(s) on ${summary.pages} page(s); ${summary.customers} customer(s) checked...`
                  : 'Starting the sync...'
              }
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={!finished && !failure}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
