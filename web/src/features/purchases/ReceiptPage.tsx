/**
 * /purchases/{id}/receipt: a paid purchase's receipt, printable (the app frame and the buttons stay off the paper).
 * Only its buyer or an admin gets it; anyone else reads "not found", as for an unknown one.
 */

import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import PrintRounded from '@mui/icons-material/PrintRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError, errorMessage } from '../../api/client';
import { formatCents, useReceipt } from '../../api/purchases';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDateTimeWithZone } from '../../lib/dates';
import { useCurrentUser } from '../../session/context';

const PRINT_AREA = 'receipt-print-area';

const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        [`.${PRINT_AREA}, .${PRINT_AREA} *`]: { visibility: 'visible' },
        [`.${PRINT_AREA}`]: { position: 'fixed', left: 0, top: 0, width: '100%', margin: 0, boxShadow: 'none' },
      },
    }}
  />
);

export default function ReceiptPage() {
  const { id = '' } = useParams();
  const viewer = useCurrentUser();
  usePageTitle('Receipt');
  const receipt = useReceipt(id);
  const back = (
    <Button component={RouterLink} to="/resources?type=my-purchases" startIcon={<ArrowBackRounded />}>
      My Purchases
    </Button>
  );
  if (receipt.isLoading) {
    return (
      <Box role="status" aria-label="Loading the receipt">
        <Skeleton variant="rounded" height={280} />
      </Box>
    );
  }
  if (receipt.isError || !receipt.data) {
    const missing = receipt.error instanceof ApiError && receipt.error.status === 404;
    // The page keeps its heading: a screen reader lands on "Receipt", then hears why there is none to show.
    return (
      <Box>
        <PageHeader title="Receipt" actions={back} />
        <Alert severity={missing ? 'info' : 'error'}>
          {missing ? 'This receipt was not found.' : errorMessage(receipt.error)}
        </Alert>
      </Box>
    );
  }
  const r = receipt.data;
  // Her own receipt names her as the account has her now; an admin reading someone's gets the way to that member.
  const buyer: ReactNode =
    r.userId === viewer.id ? (
      `${viewer.fullName} (${viewer.email})`
    ) : (
      <Link component={RouterLink} to={`/users/${r.userId}`}>
        Member #{r.userId}
      </Link>
    );
  const rows: [string, ReactNode][] = [
    ['Billed to', buyer],
    ['Item', r.title],
    ['Amount', formatCents(r.amount, r.currency)],
    ['Paid on', formatDateTimeWithZone(r.paidAt)],
    ['Payment reference', r.paymentReference],
  ];
  return (
    <Box>
      {printStyles}
      <PageHeader
        title="Receipt"
        actions={
          <Stack direction="row" spacing={1}>
            {back}
            <Button variant="contained" startIcon={<PrintRounded />} onClick={() => window.print()}>
              Print
            </Button>
          </Stack>
        }
      />
      <Paper variant="outlined" className={PRINT_AREA} sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 640, borderRadius: 3 }}>
        <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
          Thank you for your purchase
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Keep this receipt for your records.
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
    </Box>
  );
}
