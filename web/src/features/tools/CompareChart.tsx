/**
 * The comparison's chart (MUI X Charts, loaded only when the comparison opens): one horizontal stacked bar per
 * product, split into landed cost, fees and profit per unit (a loss goes left of zero). Screen readers get the same
 * figures from the table above it and from the figure's description (CompareDialog).
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { formatMoney } from '@rainmakers/contracts/profit';
import type { CompareBar } from './compare';

export const COMPARE_COLORS = { cost: '#8C2F5D', fees: '#B86E00', profit: '#2E7D5B' } as const;

export default function CompareChart({ bars }: { bars: CompareBar[] }) {
  const money = (value: number | null) => (value === null ? '' : formatMoney(value));
  return (
    <BarChart
      layout="horizontal"
      height={80 + bars.length * 56}
      margin={{ left: 8, right: 28 }}
      skipAnimation
      dataset={bars.map((bar) => ({ title: bar.title, cost: bar.cost, fees: bar.fees, profit: bar.profit }))}
      yAxis={[{ scaleType: 'band', dataKey: 'title', width: 120 }]}
      xAxis={[{ valueFormatter: (value: number) => formatMoney(value), tickNumber: 6 }]}
      series={[
        { dataKey: 'cost', label: 'Landed cost', stack: 'unit', color: COMPARE_COLORS.cost, valueFormatter: money },
        { dataKey: 'fees', label: 'Fees', stack: 'unit', color: COMPARE_COLORS.fees, valueFormatter: money },
        { dataKey: 'profit', label: 'Profit', stack: 'unit', color: COMPARE_COLORS.profit, valueFormatter: money },
      ]}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
      grid={{ vertical: true }}
    />
  );
}
