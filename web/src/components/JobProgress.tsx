/**
 * A job's progress bar (determinate once its size is known) and, when it has ended, its final report: the
 * figures the screen names and the error report to download when there is one. Fed by useJobProgress.
 */
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { JobStatus } from '@rainmakers/contracts';
import { jobBar } from './jobProgressRules';

export interface JobReportRow {
  label: string;
  value: number;
  /** data-testid of the value. */
  testId?: string;
}

export default function JobProgress({
  status,
  label,
  labelId,
  report,
  errorReportName,
}: {
  status: JobStatus | null | undefined;
  /** What is happening, above the bar (the screen's words for running and for finished). */
  label: string;
  labelId: string;
  /** The final report's figures, shown once the job has ended. */
  report?: readonly JobReportRow[];
  /** The file name of the error report's download, when the screen offers it. */
  errorReportName?: string;
}) {
  const bar = jobBar(status);
  const errorCount = Number(status?.counts.errorCount ?? 0);
  return (
    <Box>
      <Typography id={labelId} sx={{ mb: 1 }}>
        {label}
      </Typography>
      <LinearProgress
        variant={bar.percent === null ? 'indeterminate' : 'determinate'}
        value={bar.percent ?? 0}
        aria-labelledby={labelId}
      />
      {bar.finished && report && report.length > 0 && (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mt: 2, mb: 0 }}
        >
          {report.map((row) => (
            <Box key={row.label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {row.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} data-testid={row.testId}>
                {row.value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {bar.finished && errorReportName && status?.errorFileUrl && (
        <Box sx={{ mt: 2 }}>
          <Button component="a" href={status.errorFileUrl} download={errorReportName} startIcon={<DownloadRounded />}>
            Download error report{errorCount > 0 ? ` (${errorCount})` : ''}
          </Button>
        </Box>
      )}
    </Box>
  );
}
