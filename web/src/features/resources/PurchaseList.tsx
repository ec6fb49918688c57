/**
 * My Purchases' receipts: what the member paid for, how much and when, each with a link to its receipt page. Shown
 * above the purchased resources' cards; nothing while she has bought nothing (the cards' empty state says so).
 */
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { formatCents, paidDay, usePurchases } from '../../api/purchases';

export default function PurchaseList() {
  const purchases = usePurchases(true);
  if (purchases.isLoading) {
    return (
      <Box role="status" aria-label="Loading your purchases" sx={{ mb: 3 }}>
        <Skeleton variant="rounded" height={72} />
      </Box>
    );
  }
  if (purchases.isError) {
    return (
      <Typography color="error" sx={{ mb: 3 }}>
        {errorMessage(purchases.error)}
      </Typography>
    );
  }
  const list = purchases.data ?? [];
  if (list.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="purchases-title" sx={{ mb: 3, borderRadius: 3 }}>
      <Typography id="purchases-title" variant="h6" component="h2" sx={{ px: 2, pt: 2, pb: 1 }}>
        Your purchases
      </Typography>
      <Stack component="ul" aria-label="Your purchases" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {list.map((purchase) => (
          <Stack
            component="li"
            key={purchase.id}
            direction={{ xs: 'column', sm: 'row' }}
            sx={{
              px: 2,
              py: 1.5,
              gap: { xs: 0.5, sm: 2 },
              alignItems: { sm: 'center' },
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {purchase.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Paid {formatCents(purchase.amount, purchase.currency)} on {paidDay(purchase.paidAt)}
            </Typography>
            <Link
              component={RouterLink}
              to={purchase.receiptUrl}
              aria-label={`Receipt for ${purchase.title}`}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              <ReceiptLongRounded fontSize="small" aria-hidden />
              Receipt
            </Link>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
