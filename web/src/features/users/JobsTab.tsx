/**
 * The Jobs tab of the user dashboard (admins): imports, bulk updates and Stripe syncs, newest first — who started
 * each, when, how it ended, its counts, and its report and error file to download (kept 30 days). Read from the
 * job history (GET /api/user/jobs), so it is all there after a restart.
 */
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { JOBS_PAGE_SIZE, type JobSummary, useJobHistory } from '../../api/jobs-audit';
import { formatDateTime } from '../../lib/dates';
import { readJobsPage } from './auditState';
import { JOB_KEPT_DAYS_LABEL, jobCountsText, jobKindLabel, jobStateLabel } from './jobText';
import { pagerState } from './listState';

const STATE_COLOR = { queued: 'default', running: 'info', completed: 'success', failed: 'error' } as const;

function Downloads({ job }: { job: JobSummary }) {
  if (!job.reportUrl && !job.errorFileUrl) return <Typography color="text.secondary">—</Typography>;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {job.reportUrl && (
        <Button
          size="small"
          component="a"
          href={job.reportUrl}
          download
          startIcon={<DownloadRounded />}
          aria-label={`Report: download the report of the ${jobKindLabel(job.kind).toLowerCase()} of ${formatDateTime(job.createdAt)}`}
        >
          Report
        </Button>
      )}
      {job.errorFileUrl && (
        <Button
          size="small"
          component="a"
          href={job.errorFileUrl}
          download
          color="warning"
          startIcon={<DownloadRounded />}
          aria-label={`Errors (${job.counts.errorCount ?? 0}): download the error file of the ${jobKindLabel(job.kind).toLowerCase()} of ${formatDateTime(job.createdAt)}`}
        >
          Errors ({job.counts.errorCount ?? 0})
        </Button>
      )}
    </Stack>
  );
}

function StateChip({ job }: { job: JobSummary }) {
  return <Chip size="small" variant="outlined" color={STATE_COLOR[job.state]} label={jobStateLabel(job)} />;
}

export default function JobsTab() {
  const [params, setParams] = useSearchParams();
  const page = readJobsPage(params);
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next > 1) copy.set('jobsPage', String(next));
      else copy.delete('jobsPage');
      return copy;
    });
  const history = useJobHistory(page);
  const jobs = history.data?.jobs ?? [];
  const pager = pagerState(page, JOBS_PAGE_SIZE, history.data?.total ?? 0);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Imports, bulk updates and Stripe syncs. Reports and error files can be downloaded for {JOB_KEPT_DAYS_LABEL}.
      </Typography>
      {history.isError && <Alert severity="error">{errorMessage(history.error)}</Alert>}
      <Paper variant="outlined">
        {history.isLoading ? (
          <Box sx={{ p: 4 }} role="status" aria-label="Loading the jobs">
            <Typography color="text.secondary">Loading…</Typography>
          </Box>
        ) : jobs.length === 0 ? (
          <Box sx={{ p: 5, textAlign: 'center' }}>
            <Typography color="text.secondary">No jobs in the last {JOB_KEPT_DAYS_LABEL}</Typography>
          </Box>
        ) : phone ? (
          <Box component="ul" aria-label="Jobs" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {jobs.map((job) => (
              <Box
                component="li"
                key={job.id}
                sx={{ p: 2, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography variant="subtitle2">
                    {jobKindLabel(job.kind)}
                    {job.fileName ? ` · ${job.fileName}` : ''}
                  </Typography>
                  <StateChip job={job} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(job.createdAt)} · {job.actorName ?? 'Someone since deleted'}
                </Typography>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {jobCountsText(job)}
                </Typography>
                {job.failedReason && (
                  <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
                    {job.failedReason}
                  </Typography>
                )}
                <Box sx={{ mt: 1 }}>
                  <Downloads job={job} />
                </Box>
              </Box>
            ))}
          </Box>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Jobs">
              <TableHead>
                <TableRow>
                  <TableCell>Started</TableCell>
                  <TableCell>Job</TableCell>
                  <TableCell>Started by</TableCell>
                  <TableCell>State</TableCell>
                  <TableCell>Counts</TableCell>
                  <TableCell>Downloads</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {jobs.map((job) => (
                  <TableRow key={job.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(job.createdAt)}</TableCell>
                    <TableCell>
                      {jobKindLabel(job.kind)}
                      {job.fileName && (
                        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                          {job.fileName}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{job.actorName ?? 'Someone since deleted'}</TableCell>
                    <TableCell>
                      <StateChip job={job} />
                      {job.failedReason && (
                        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
                          {job.failedReason}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{jobCountsText(job)}</TableCell>
                    <TableCell>
                      <Downloads job={job} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button variant="outlined" disabled={pager.previousDisabled} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outlined" disabled={pager.nextDisabled} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </Stack>
    </Box>
  );
}
