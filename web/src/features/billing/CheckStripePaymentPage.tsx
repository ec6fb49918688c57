import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { useSession } from '../../session/context';

/**
 * /check-stripe-payment: where the payment provider sends people back after paying. It asks the server for the
 * session again, so a payment status that changed meanwhile is picked up (a blocking one moves the person to
 * /blocked through the route guard), then offers the way on. Polling for slow webhooks belongs to the billing work.
 */
export default function CheckStripePaymentPage() {
  usePageTitle('Checking your payment');
  const { refresh } = useSession();
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    let active = true;
    void refresh().finally(() => {
      if (active) setChecked(true);
    });
    return () => {
      active = false;
    };
  }, [refresh]);

  return (
    <Box sx={{ py: 10, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 3, textAlign: 'center' }}>
      {!checked && <CircularProgress size={40} thickness={4.5} aria-label="Checking" />}
      <Typography variant="h3" component="h1">
        Checking your payment status...
      </Typography>
      {checked && (
        <Button component={RouterLink} to="/" variant="outlined">
          Continue to your dashboard
        </Button>
      )}
    </Box>
  );
}
