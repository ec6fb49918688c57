/**
 * The card part of the purchase dialog (loaded lazily with Stripe.js): the card element, inline card errors, and
 * the payment: a payment method made in the browser, the server's payment intent (it sets the price), 3-D Secure
 * through handleNextAction when the bank asks for it, then the server's check of the result.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { type FormEvent, useState } from 'react';
import { billingApi } from '../../api/billing';
import { ApiError } from '../../api/client';
import { getStripe } from './loadStripe';

export const ENTER_CARD = 'Please enter a card';

export interface PurchaseCardFormProps {
  userId: number;
  resourceId: number;
  priceLabel: string;
  pending: boolean;
  onPending: (pending: boolean) => void;
  onSucceeded: () => void;
  onCancel: () => void;
}

function CardForm(props: PurchaseCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const theme = useTheme();
  const [empty, setEmpty] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const onChange = (event: StripeCardElementChangeEvent) => {
    setEmpty(event.empty);
    setError(event.error?.message ?? null);
  };

  const fail = (message: string | null, cause?: unknown) => {
    // Card errors are shown by the card; anything else is only logged (the spec), and success is never shown.
    if (cause) console.error('payment failed', cause);
    setError(message);
    props.onPending(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (props.pending || !stripe || !elements) return;
    const card = elements.getElement(CardElement);
    if (!card || empty) {
      setError(ENTER_CARD);
      return;
    }
    setError(null);
    props.onPending(true);
    try {
      const made = await stripe.createPaymentMethod({ type: 'card', card });
      if (made.error || !made.paymentMethod) return fail(made.error?.message ?? ENTER_CARD);
      let answer = await billingApi.createPaymentIntent({
        userId: props.userId,
        resourceId: props.resourceId,
        paymentMethodId: made.paymentMethod.id,
      });
      if (answer.status === 'requires_action' && answer.clientSecret) {
        const action = await stripe.handleNextAction({ clientSecret: answer.clientSecret });
        if (action.error) return fail(action.error.message ?? 'The payment was not authenticated.');
        answer = await billingApi.paymentIntent(answer.paymentIntentId);
      }
      if (answer.status === 'succeeded') {
        props.onPending(false);
        props.onSucceeded();
        return;
      }
      fail(null, new Error(`payment ${answer.paymentIntentId} is ${answer.status}`));
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'CARD_ERROR') return fail(cause.message);
      if (cause instanceof ApiError && cause.errors.paymentMethodId) return fail(cause.errors.paymentMethodId);
      fail(null, cause);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          px: 1.5,
          py: 1.5,
          '&:focus-within': { borderColor: 'primary.main', boxShadow: `0 0 0 1px ${theme.palette.primary.main}` },
        }}
      >
        <CardElement
          onChange={onChange}
          options={{
            hidePostalCode: true,
            style: {
              base: { fontSize: '16px', color: theme.palette.text.primary, fontFamily: theme.typography.fontFamily },
              invalid: { color: theme.palette.error.main },
            },
          }}
        />
      </Box>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        Your card is charged {props.priceLabel} once. Payments are processed securely by Stripe.
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={props.onCancel} disabled={props.pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={props.pending} disabled={!stripe}>
          Pay {props.priceLabel}
        </Button>
      </Box>
    </Box>
  );
}

export default function PurchaseCardForm(props: PurchaseCardFormProps) {
  const [stripe] = useState(getStripe);
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}
