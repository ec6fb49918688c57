/**
 * Sync with Stripe (admins, from the user dashboard's Options menu): starts the stripe-sync job, follows its
 * progress (pages and subscriptions read, people checked), then shows the result. Every person's Stripe Status
 * is then what Stripe holds; the list reloads.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useStartStripeSync, useStripeSyncStatus } from '../../api/billing';
import { errorMessage } from '../../api/client';

export const SYNC_DONE = 'Sync with Stripe complete';

export default function StripeSyncDialog({ onClose }: { onClose: () => void }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartStripeSync();
  const status = useStripeSyncStatus(jobId);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate(undefined, { onSuccess: (answer) => setJobId(answer.data.jobId) });
  }, [start]);

  const data = status.data;
  const summary = data?.summary;
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
          <>
            <LinearProgress aria-label="Sync progress" sx={{ mb: 2 }} />
            <Typography role="status">
              {summary && summary.pages > 0
                ? `Read ${summary.subscriptions} subscription(s) on ${summary.pages} page(s); ${summary.customers} customer(s) checked...`
                : 'Starting the sync...'}
            </Typography>
          </>
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
