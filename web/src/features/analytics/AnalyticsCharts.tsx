/**
 * The analytics charts (MUI X Charts, a download of their own, loaded once the numbers are in). Charts are for the
 * eye: the page gives the same numbers as figures and as a table ("Show as table"), and these are hidden from
 * assistive technology.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { AnalyticsOverview } from '../../api/analytics';

export const ANALYTICS_COLORS = {
  newMembers: '#2E6DA4',
  activeMembers: '#2E7D5B',
  churnedMembers: '#B3261E',
  mrr: '#6A4C93',
  failedPayments: '#C2410C',
  completions: '#2E6DA4',
  boardMoves: '#8A6D00',
};

const legend = { legend: { position: { vertical: 'top', horizontal: 'start' } } } as const;

export function MembersChart({ overview, labels }: { overview: AnalyticsOverview; labels: string[] }) {
  const marks = overview.series.length <= 31;
  return (
    <LineChart
      height={280}
      margin={{ left: 8, right: 24 }}
      skipAnimation
      xAxis={[{ scaleType: 'point', data: labels }]}
      yAxis={[{ tickMinStep: 1, width: 48 }]}
      series={(['newMembers', 'activeMembers', 'churnedMembers'] as const).map((key) => ({
        data: overview.series.map((p) => p[key]),
        label: { newMembers: 'New', activeMembers: 'Active', churnedMembers: 'Churned' }[key],
        color: ANALYTICS_COLORS[key],
        showMark: marks,
        curve: 'linear' as const,
      }))}
      slotProps={legend}
      grid={{ horizontal: true }}
    />
  );
}

export function MrrChart({
  overview,
  labels,
  money,
}: {
  overview: AnalyticsOverview;
  labels: string[];
  money: (cents: number) => string;
}) {
  return (
    <LineChart
      height={260}
      margin={{ left: 8, right: 24 }}
      skipAnimation
      xAxis={[{ scaleType: 'point', data: labels }]}
      yAxis={[{ width: 72, valueFormatter: (v: number) => money(v) }]}
      series={[
        {
          data: overview.series.map((p) => p.mrr),
          label: 'MRR',
          color: ANALYTICS_COLORS.mrr,
          area: true,
          showMark: overview.series.length <= 31,
          valueFormatter: (v) => (v === null ? '' : money(v)),
        },
      ]}
      slotProps={legend}
      grid={{ horizontal: true }}
    />
  );
}

export function ActivityChart({ overview, labels }: { overview: AnalyticsOverview; labels: string[] }) {
  return (
    <BarChart
      height={280}
      margin={{ left: 8, right: 24 }}
      skipAnimation
      xAxis={[{ scaleType: 'band', data: labels }]}
      yAxis={[{ tickMinStep: 1, width: 48 }]}
      series={(['completions', 'boardMoves', 'failedPayments'] as const).map((key) => ({
        data: overview.series.map((p) => p[key]),
        label: { completions: 'Completions', boardMoves: 'Board moves', failedPayments: 'Failed payments' }[key],
        color: ANALYTICS_COLORS[key],
      }))}
      slotProps={legend}
      grid={{ horizontal: true }}
    />
  );
}
