import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { PaymentIntentAnswer } from '@rainmakers/contracts';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { billingApi } from '../../api/billing';
import { PAYMENT_SUCCESSFUL } from '../../components/billing/texts';
import { usePageTitle } from '../../components/usePageTitle';
import { useSession } from '../../session/context';

export const CHECKING_PAYMENT = 'Checking your payment status...';
const FINAL = new Set(['succeeded', 'canceled', 'requires_payment_method']);
const POLL_MS = 1000;
const POLL_LIMIT = 30;

/**
 * /check-stripe-payment: where a payment that left the page comes back (3-D Secure or a bank redirect, with
 * `payment_intent` in the address, as Stripe adds it), and where the payment provider sends people after paying.
 * It shows the checking text while the server confirms the payment (polling until Stripe's answer is final), and
 * asks for the session again so a subscription status that changed meanwhile is picked up (a blocking one moves
 * the person to /blocked through the route guard); then it leads to the result.
 */
export default function CheckStripePaymentPage() {
  usePageTitle('Checking your payment');
  const { refresh } = useSession();
  const [params] = useSearchParams();
  const intentId = params.get('payment_intent');
  const [checked, setChecked] = useState(false);
  const [payment, setPayment] = useState<PaymentIntentAnswer | null>(null);

  useEffect(() => {
    let active = true;
    const check = async () => {
      if (intentId) {
        for (let attempt = 0; attempt < POLL_LIMIT && active; attempt++) {
          try {
            const answer = await billingApi.paymentIntent(intentId);
            if (!active) return;
            setPayment(answer);
            if (FINAL.has(answer.status)) break;
          } catch (error) {
            // Payment errors are only logged (the spec).
            console.error('payment check', error);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      }
      await refresh();
    };
    void check().finally(() => {
      if (active) setChecked(true);
    });
    return () => {
      active = false;
    };
  }, [refresh, intentId]);

  const succeeded = payment?.status === 'succeeded';
  return (
    <Box sx={{ py: 10, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 3, textAlign: 'center' }}>
      {!checked && <CircularProgress size={40} thickness={4.5} aria-label="Checking" />}
      <Typography variant="h3" component="h1">
        {checked && succeeded ? PAYMENT_SUCCESSFUL : CHECKING_PAYMENT}
      </Typography>
      {checked && intentId && !succeeded && (
        <Typography role="status">The payment did not go through. No charge was made for it.</Typography>
      )}
      {checked &&
        (succeeded && payment?.resourceId ? (
          <Button component={RouterLink} to={`/resources?id=${payment.resourceId}`} variant="contained">
            Open your resource
          </Button>
        ) : (
          <Button component={RouterLink} to="/" variant="outlined">
            Continue to your dashboard
          </Button>
        ))}
    </Box>
  );
}
