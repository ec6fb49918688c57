import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { broadcastsApi } from '../../api/broadcasts';
import { errorMessage } from '../../api/client';
import { AuthLayout } from '../../components/AuthLayout';
import { toast } from '../../components/toast';

export const UNSUBSCRIBED = "You're unsubscribed from community broadcasts";

/**
 * /unsubscribe?token=: a broadcast's unsubscribe link. Opening it changes nothing (mail scanners follow links):
 * the button POSTs the token; once unsubscribed, another button subscribes again. Works signed out.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const change = useMutation({
    mutationFn: (subscribe: boolean) => broadcastsApi.unsubscribe(token, subscribe),
    onSuccess: (answer) =>
      toast(answer.subscribed ? 'You will get community broadcasts again' : UNSUBSCRIBED, 'success'),
    onError: (error) => toast(errorMessage(error), 'error'),
  });
  const subscribed = change.data?.subscribed;

  if (!token) {
    return (
      <AuthLayout title="Unsubscribe">
        <Alert severity="error">This unsubscribe link is not valid.</Alert>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={subscribed === false ? UNSUBSCRIBED : 'Unsubscribe from community broadcasts'}>
      <Stack spacing={2}>
        {change.isError && <Alert severity="error">{errorMessage(change.error)}</Alert>}
        {subscribed === undefined && (
          <>
            <Typography>
              Stop getting the community's broadcast e-mails. Account e-mails (password resets, receipts) still come.
            </Typography>
            <Button variant="contained" onClick={() => change.mutate(false)} disabled={change.isPending}>
              Unsubscribe
            </Button>
          </>
        )}
        {subscribed === false && (
          <>
            <Typography>
              You will get no more broadcasts. Changed your mind? Subscribe again here or on your profile.
            </Typography>
            <Button variant="outlined" onClick={() => change.mutate(true)} disabled={change.isPending}>
              Re-subscribe
            </Button>
          </>
        )}
        {subscribed === true && <Typography>You're subscribed to community broadcasts again.</Typography>}
        <Button component={RouterLink} to="/" variant="text">
          Go to the app
        </Button>
      </Stack>
    </AuthLayout>
  );
}
