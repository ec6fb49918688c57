import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import type { ProductBody } from '../../api/tools';
import { compareBars } from './compare';

const COLORS = { cost: '#8C2F5D', fees: '#E0A458', profit: '#2E7D5B' } as const;

/**
 * Up to three products side by side: a table of the per-unit figures and a bar per product split into landed cost,
 * fees and profit at one scale (a loss shows no profit segment, and the figure in red).
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
        <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Where each sale goes (per unit)
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }} aria-hidden>
          {(['cost', 'fees', 'profit'] as const).map((key) => (
            <Box key={key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
              <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: COLORS[key] }} />
              <Typography variant="body2">
                {key === 'cost' ? 'Landed cost' : key === 'fees' ? 'Fees' : 'Profit'}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {bars.map((bar) => (
            <Box
              key={bar.id}
              role="img"
              aria-label={`${bar.title}: landed cost ${formatMoney(bar.cost)}, fees ${formatMoney(bar.fees)}, profit ${formatMoney(bar.profit)} per unit`}
            >
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {bar.title}{' '}
                <Box component="span" sx={{ color: bar.profit < 0 ? 'error.main' : 'text.secondary', fontWeight: 600 }}>
                  {formatMoney(bar.profit)}
                </Box>
              </Typography>
              <Box sx={{ display: 'flex', height: 20, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
                <Box sx={{ width: `${bar.costWidth}%`, bgcolor: COLORS.cost }} />
                <Box sx={{ width: `${bar.feesWidth}%`, bgcolor: COLORS.fees }} />
                <Box sx={{ width: `${bar.profitWidth}%`, bgcolor: COLORS.profit }} />
              </Box>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
