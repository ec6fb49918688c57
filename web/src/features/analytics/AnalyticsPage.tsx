/**
 * /analytics (admins): the community by its numbers over time. The range and interval live in the address
 * (?from=&to=&interval=), so a view can be shared and survives a reload; periods are cut in the browser's zone.
 * The charts are for the eye: the same numbers are figures, a table ("Show as table") and a CSV.
 */

import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  type AnalyticsInterval,
  type AnalyticsOverview,
  type AnalyticsRange,
  analyticsCsvUrl,
  useAnalyticsOverview,
} from '../../api/analytics';
import { errorMessage } from '../../api/client';
import { Disclosure } from '../../components/Disclosure';
import { FormField } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { formatCalendarDay, formatMoney } from '../../lib/dates';

const MembersChart = lazy(() => import('./AnalyticsCharts').then((m) => ({ default: m.MembersChart })));
const MrrChart = lazy(() => import('./AnalyticsCharts').then((m) => ({ default: m.MrrChart })));
const ActivityChart = lazy(() => import('./AnalyticsCharts').then((m) => ({ default: m.ActivityChart })));

const INTERVALS: readonly AnalyticsInterval[] = ['day', 'week', 'month'];
const INTERVAL_LABELS: Record<AnalyticsInterval, string> = { day: 'By day', week: 'By week', month: 'By month' };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The range in the address, or the last 30 days by day. */
function useRange(): [AnalyticsRange, (next: Partial<AnalyticsRange>) => void] {
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const to = DATE.test(params.get('to') ?? '') ? (params.get('to') as string) : today;
  const from = DATE.test(params.get('from') ?? '') ? (params.get('from') as string) : daysBefore(to, 29);
  const asked = params.get('interval') as AnalyticsInterval | null;
  const interval = asked && INTERVALS.includes(asked) ? asked : 'day';
  const set = (next: Partial<AnalyticsRange>) => setParams({ from, to, interval, ...next }, { replace: true });
  return [{ from, to, interval }, set];
}

export default function AnalyticsPage() {
  const [range, setRange] = useRange();
  const overview = useAnalyticsOverview(range, range.from !== '' && range.to !== '');
  const [asTable, setAsTable] = useState(false);
  const data = overview.data;
  return (
    <Box>
      <PageHeader
        title="Analytics"
        subtitle="The community by its numbers over time"
        actions={
          <Button
            variant="outlined"
            startIcon={<DownloadRounded />}
            href={analyticsCsvUrl(range)}
            download={`analytics-${range.from}-${range.to}.csv`}
          >
            Download CSV
          </Button>
        }
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Box sx={{ width: { sm: 180 } }}>
          <FormField
            label="From"
            name="from"
            type="date"
            size="small"
            shrinkLabel
            value={range.from}
            onChange={(e) => DATE.test(e.target.value) && setRange({ from: e.target.value })}
          />
        </Box>
        <Box sx={{ width: { sm: 180 } }}>
          <FormField
            label="To"
            name="to"
            type="date"
            size="small"
            shrinkLabel
            value={range.to}
            onChange={(e) => DATE.test(e.target.value) && setRange({ to: e.target.value })}
          />
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={range.interval}
          onChange={(_event, value: AnalyticsInterval | null) => value && setRange({ interval: value })}
          aria-label="Interval"
        >
          {INTERVALS.map((interval) => (
            <ToggleButton key={interval} value={interval} sx={{ px: 1.75 }}>
              {INTERVAL_LABELS[interval]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {overview.isError ? (
        <Alert severity="warning">{errorMessage(overview.error)}</Alert>
      ) : !data ? (
        <AnalyticsSkeleton />
      ) : (
        <AnalyticsBody overview={data} busy={overview.isFetching} asTable={asTable} setAsTable={setAsTable} />
      )}
    </Box>
  );
}

function AnalyticsSkeleton() {
  return (
    <Box role="status" aria-label="Loading analytics">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 3 }}>
        {[1, 2, 3, 4].map((n) => (
          <Skeleton key={n} variant="rounded" height={96} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography variant="body2" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ mt: 0.5, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary" component="p">
          {note}
        </Typography>
      )}
    </Paper>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A chart for the eye; the figures and the table carry the same numbers for everyone else. */
function ChartBox({ height, children }: { height: number; children: ReactNode }) {
  return (
    // inert: the chart's own keyboard focus (MUI X Charts) would otherwise be reachable inside hidden content.
    <Box aria-hidden inert sx={{ minHeight: height }}>
      <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{children}</Suspense>
    </Box>
  );
}

const moneyFormatter = (currency: string) => (cents: number) => formatMoney(cents / 100, currency);

const labelOf = (period: string, interval: AnalyticsInterval) =>
  formatCalendarDay(period, interval === 'month' ? 'month' : 'short');

function AnalyticsBody({
  overview,
  busy,
  asTable,
  setAsTable,
}: {
  overview: AnalyticsOverview;
  busy: boolean;
  asTable: boolean;
  setAsTable: (open: boolean) => void;
}) {
  const money = moneyFormatter(overview.currency);
  const labels = overview.series.map((p) => labelOf(p.period, overview.interval));
  const t = overview.totals;
  const empty = overview.series.every(
    (p) => p.newMembers + p.activeMembers + p.churnedMembers + p.failedPayments + p.completions + p.boardMoves === 0,
  );
  return (
    <Box aria-busy={busy}>
      <Box
        component="section"
        aria-label="Totals"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 3 }}
      >
        <Stat label="New members" value={String(t.newMembers)} />
        <Stat label="Active members" value={String(t.activeMembers)} note={`busiest ${overview.interval}`} />
        <Stat label="Churned members" value={String(t.churnedMembers)} />
        <Stat label="MRR" value={money(t.mrr)} note="at the end of the range" />
        <Stat label="Failed payments" value={String(t.failedPayments)} />
        <Stat label="Lesson completions" value={String(t.completions)} />
        <Stat label="Board moves" value={String(t.boardMoves)} />
      </Box>
      {empty && (
        <Alert severity="info" sx={{ mb: 3 }}>
          Nothing happened in this range yet. Choose an earlier start to see more.
        </Alert>
      )}
      <Section id="analytics-members" title="Members">
        <ChartBox height={280}>
          <MembersChart overview={overview} labels={labels} />
        </ChartBox>
      </Section>
      <Section id="analytics-mrr" title="Monthly recurring revenue">
        <ChartBox height={260}>
          <MrrChart overview={overview} labels={labels} money={money} />
        </ChartBox>
      </Section>
      <Section id="analytics-activity" title="Completions, board moves and failed payments">
        <ChartBox height={280}>
          <ActivityChart overview={overview} labels={labels} />
        </ChartBox>
      </Section>
      <Paper variant="outlined" sx={{ mb: 3 }}>
        <Disclosure
          expanded={asTable}
          onChange={setAsTable}
          summaryId="analytics-table-summary"
          regionId="analytics-table"
          summary={<Typography sx={{ fontWeight: 600 }}>Show as table</Typography>}
        >
          <TableContainer sx={{ maxHeight: 480 }}>
            <Table size="small" stickyHeader aria-labelledby="analytics-table-summary">
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    Period
                  </TableCell>
                  {['New', 'Active', 'Churned', 'MRR', 'Failed payments', 'Completions', 'Board moves'].map((h) => (
                    <TableCell key={h} component="th" scope="col" align="right">
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {overview.series.map((p) => (
                  <TableRow key={p.period}>
                    <TableCell component="th" scope="row">
                      {p.period}
                    </TableCell>
                    <TableCell align="right">{p.newMembers}</TableCell>
                    <TableCell align="right">{p.activeMembers}</TableCell>
                    <TableCell align="right">{p.churnedMembers}</TableCell>
                    <TableCell align="right">{money(p.mrr)}</TableCell>
                    <TableCell align="right">{p.failedPayments}</TableCell>
                    <TableCell align="right">{p.completions}</TableCell>
                    <TableCell align="right">{p.boardMoves}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Disclosure>
      </Paper>
    </Box>
  );
}
