import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatMoney, formatPercent } from '@rainmakers/contracts/profit';
import { lazy, Suspense } from 'react';
import type { ProductBody } from '../../api/tools';
import { VISUALLY_HIDDEN } from '../../lib/visuallyHidden';
import { compareBars } from './compare';

/** MUI X Charts loads when the comparison opens, after the table shows. */
const CompareChart = lazy(() => import('./CompareChart'));

/**
 * Up to three products side by side: a table of the per-unit figures and a chart (MUI X Charts, lazy) of a bar per
 * product split into landed cost, fees and profit, with the same figures as text for screen readers.
 */
export default function CompareDialog({ products, onClose }: { products: ProductBody[]; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const bars = compareBars(products);
  const rows: { label: string; value: (p: ProductBody) => string }[] = [
    { label: 'Amazon Retail Price', value: (p) => formatMoney(p.amazonRetailPrice) },
    { label: 'Total Cost Per Unit', value: (p) => formatMoney(p.totalCostPerUnit) },
    { label: 'Total Amazon Fees', value: (p) => formatMoney(p.totalAmazonFees) },
    { label: 'Net Profit Per Unit', value: (p) => formatMoney(p.netProfitPerUnit) },
    { label: 'Profit Margin', value: (p) => formatPercent(p.profitMargin) },
    { label: 'Monthly Profit', value: (p) => formatMoney(p.monthlyProfit) },
  ];
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="compare-title">
      <DialogTitle id="compare-title">Compare products</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ overflowX: 'auto', mb: 3 }}>
          <Table size="small" aria-label="Per-unit figures">
            <TableHead>
              <TableRow>
                <TableCell />
                {products.map((p) => (
                  <TableCell key={p.id} component="th" scope="col" sx={{ fontWeight: 700 }}>
                    {p.title}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.label}>
                  <TableCell component="th" scope="row">
                    {row.label}
                  </TableCell>
                  {products.map((p) => (
                    <TableCell key={p.id}>{row.value(p)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Box
          component="figure"
          sx={{ m: 0 }}
          aria-labelledby="compare-chart-title"
          aria-describedby="compare-chart-text"
        >
          <Typography component="figcaption" id="compare-chart-title" sx={{ fontWeight: 600, mb: 1 }}>
            Where each sale goes (per unit)
          </Typography>
          <Box component="p" id="compare-chart-text" sx={VISUALLY_HIDDEN}>
            {bars
              .map(
                (bar) =>
                  `${bar.title}: landed cost ${formatMoney(bar.cost)}, fees ${formatMoney(bar.fees)}, profit ${formatMoney(bar.profit)} per unit.`,
              )
              .join(' ')}
          </Box>
          {/* The chart repeats the table and the description above for the eye: assistive technology skips it. */}
          <Box aria-hidden sx={{ minHeight: 80 + bars.length * 56 }}>
            <Suspense fallback={<CircularProgress size={24} aria-label="Loading the chart" />}>
              <CompareChart bars={bars} />
            </Suspense>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
