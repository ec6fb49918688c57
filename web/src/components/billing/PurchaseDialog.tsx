/**
 * The purchase dialog of a For Sale resource: the card (Stripe Elements, loaded only when the dialog opens), then
 * the states pending and success. On success it shows 'Payment successful'; Close then tells the screen, which
 * reloads the resource and opens it. A failed payment never shows success; a card error is shown under the card.
 */
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState } from 'react';
import { formatMoney } from '../../lib/dates';
import { useCurrentUser } from '../../session/context';
import { PAYMENT_SUCCESSFUL } from './texts';

const PurchaseCardForm = lazy(() => import('./PurchaseCardForm'));

export { PAYMENT_SUCCESSFUL };

export interface PurchaseDialogProps {
  open: boolean;
  resource: { id: number; title: string; price: number | null };
  onClose: () => void;
  onPurchased: () => void;
}

const priceLabel = (price: number | null) => (price === null ? '' : formatMoney(price));

export default function PurchaseDialog({ open, resource, onClose, onPurchased }: PurchaseDialogProps) {
  const user = useCurrentUser();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [state, setState] = useState<'form' | 'pending' | 'success'>('form');

  useEffect(() => {
    if (open) setState('form');
  }, [open]);

  const close = () => {
    if (state === 'pending') return;
    if (state === 'success') onPurchased();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" fullScreen={phone} aria-labelledby="purchase-title">
      <DialogTitle id="purchase-title">
        {state === 'success' ? PAYMENT_SUCCESSFUL : `Buy ${resource.title}`}
      </DialogTitle>
      <DialogContent>
        {state === 'success' ? (
          <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2, py: 2, textAlign: 'center' }}>
            <CheckCircleRounded color="success" sx={{ fontSize: 56 }} aria-hidden />
            <Typography role="status">
              {PAYMENT_SUCCESSFUL}. {resource.title} is yours: it is in your Resources now.
            </Typography>
            <Button variant="contained" onClick={close} autoFocus>
              Close
            </Button>
          </Box>
        ) : (
          <Suspense
            fallback={
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                <CircularProgress aria-label="Loading the card form" />
              </Box>
            }
          >
            {open && (
              <PurchaseCardForm
                userId={user.id}
                resourceId={resource.id}
                priceLabel={priceLabel(resource.price)}
                pending={state === 'pending'}
                onPending={(pending) => setState(pending ? 'pending' : 'form')}
                onSucceeded={() => setState('success')}
                onCancel={close}
              />
            )}
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
