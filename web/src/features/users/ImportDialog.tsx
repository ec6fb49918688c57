/**
 * Import users from a CSV or an Excel workbook (.xlsx): the file goes to the server, which queues a user-import job;
 * a progress bar follows the job (useJobProgress), then the final report (created, updated, skipped, failed) with
 * the error report to download.
 */
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { jobStatusPath } from '@rainmakers/contracts';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useJobProgress } from '../../api/jobProgress';
import { useStartImport } from '../../api/users';
import JobProgress from '../../components/JobProgress';
import { jobCount } from '../../components/jobProgressRules';
import { toast } from '../../components/toast';
import { IMPORT_ACCEPT } from './csvFile';
import { importOutcome } from './jobText';

export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartImport();
  const status = useJobProgress(jobId === null ? null : jobStatusPath(jobId));
  const data = status.data;
  const finished = data?.state === 'completed' || data?.state === 'failed';
  const count = (key: string) => jobCount(data, key);
  const running = start.isPending || (jobId !== null && !finished && !status.isError);
  const announced = useRef(false);
  const [sendInvitations, setSendInvitations] = useState(true);

  const outcome =
    data?.state === 'completed'
      ? importOutcome({
          total: data.total,
          created: count('created'),
          updated: count('updated'),
          skipped: count('skipped'),
          failed: count('failed'),
          errorCount: count('errorCount'),
        })
      : null;
  // The final message tells the truth: rows that failed or were skipped are counted, never a plain success.
  useEffect(() => {
    if (outcome && !announced.current) {
      announced.current = true;
      // The spec's text when every row went in; otherwise the counts.
      toast(outcome.severity === 'success' ? 'Users imported successfully' : outcome.message, outcome.severity);
    }
  }, [outcome]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    start.mutate({ file, sendInvitations }, { onSuccess: ({ jobId: id }) => setJobId(id) });
  };

  return (
    <Dialog open onClose={running ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="import-title">
      <DialogTitle id="import-title">Import users</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {jobId === null && (
            <>
              <Typography>
                Upload a CSV file or an Excel workbook (.xlsx) whose first line names the columns: email (required),
                fullName, role, city, state, country, phoneNumber and tags (names separated by ;). People are matched by
                e-mail: those who exist are updated, nobody is created twice.
              </Typography>
              <FormControlLabel
                control={
                  <Checkbox checked={sendInvitations} onChange={(event) => setSendInvitations(event.target.checked)} />
                }
                label="Send an invitation e-mail to each person the import creates"
              />
              <Box>
                <Button
                  component="label"
                  variant="outlined"
                  startIcon={<UploadFileRounded />}
                  loading={start.isPending}
                >
                  Choose CSV or Excel file
                  <input type="file" accept={IMPORT_ACCEPT} hidden onChange={choose} />
                </Button>
              </Box>
              {start.isError && <Alert severity="error">{errorMessage(start.error)}</Alert>}
            </>
          )}
          {jobId !== null && (
            <JobProgress
              status={data}
              labelId="import-progress-label"
              label={finished ? 'Import finished' : `Importing… ${data ? `${data.done} of ${data.total} rows` : ''}`}
              report={[
                { label: 'Created', value: count('created'), testId: 'import-created' },
                { label: 'Updated', value: count('updated'), testId: 'import-updated' },
                { label: 'Skipped', value: count('skipped'), testId: 'import-skipped' },
                { label: 'Failed', value: count('failed'), testId: 'import-failed' },
              ]}
              errorReportName="import-errors.csv"
            />
          )}
          {status.isError && <Alert severity="error">{errorMessage(status.error)}</Alert>}
          {outcome && (
            <Alert severity={outcome.severity} data-testid="import-outcome">
              {outcome.message}
              {outcome.severity !== 'success' ? ': download the error report to see why.' : '.'}
            </Alert>
          )}
          {data?.state === 'failed' && (
            <Alert severity="error">{data.failedReason ?? 'The import stopped before it finished.'}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={running} variant={finished ? 'contained' : 'text'}>
          {finished ? 'Done' : 'Cancel'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
