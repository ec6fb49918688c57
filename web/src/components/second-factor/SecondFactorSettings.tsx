import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EnrolmentStart } from '@rainmakers/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { toast } from '../toast';

// Fetched when first shown: the QR code library, the dialog and the codes are not part of /profile's first load.
const EnrolmentForm = lazy(() => import('./EnrolmentForm'));
const FreshProofDialog = lazy(() => import('./FreshProofDialog'));
const RecoveryCodes = lazy(() => import('./RecoveryCodes').then((m) => ({ default: m.RecoveryCodes })));

const STATUS_KEY = ['second-factor'] as const;

/**
 * /profile, Two-step verification: set up an authenticator app (QR code and secret, confirmed by a first
 * code), then the recovery codes once; later new recovery codes or turning it off, each after a fresh password and
 * code. Required roles (admins) cannot turn it off.
 */
export function SecondFactorSettings() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: authApi.secondFactorStatus });
  const [enrolment, setEnrolment] = useState<EnrolmentStart | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'regenerate' | 'disable' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });
  const start = useMutation({ mutationFn: authApi.startEnrolment, onSuccess: setEnrolment });

  const enrolled = status.data?.enrolled === true;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, mt: 3 }} component="section" aria-labelledby="two-step">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="two-step" variant="h4" component="h2">
          Two-step verification
        </Typography>
        {status.data && <Chip size="small" color={enrolled ? 'success' : 'default'} label={enrolled ? 'On' : 'Off'} />}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        After your password, sign-in asks for a six-digit code from an authenticator app on your phone, so a stolen
        password alone cannot open your account.
        {status.data?.required && ' Your role requires it.'}
      </Typography>
      {status.isError && <Alert severity="error">{errorMessage(status.error)}</Alert>}

      <Suspense fallback={null}>
        {recoveryCodes && (
          <Stack spacing={2} sx={{ mb: 2 }}>
            <RecoveryCodes codes={recoveryCodes} />
            <Box>
              <Button onClick={() => setRecoveryCodes(null)}>I have saved them</Button>
            </Box>
          </Stack>
        )}

        {status.data && !enrolled && !enrolment && (
          <Button variant="contained" onClick={() => start.mutate()} loading={start.isPending}>
            Set up two-step verification
          </Button>
        )}
        {start.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(start.error)}
          </Alert>
        )}

        {enrolment && (
          <EnrolmentForm
            enrolment={enrolment}
            onCancel={() => setEnrolment(null)}
            onConfirmed={(codes) => {
              setEnrolment(null);
              setRecoveryCodes(codes);
              toast('Two-step verification is on.', 'success');
              void refresh();
            }}
          />
        )}

        {enrolled && !recoveryCodes && (
          <Box>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {status.data?.recoveryCodesLeft ?? 0} recovery codes left.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button variant="outlined" onClick={() => setDialog('regenerate')}>
                New recovery codes
              </Button>
              {!status.data?.required && (
                <Button variant="outlined" color="error" onClick={() => setDialog('disable')}>
                  Turn off
                </Button>
              )}
            </Stack>
          </Box>
        )}

        {dialog && (
          <FreshProofDialog
            kind={dialog}
            onClose={() => setDialog(null)}
            onDone={(codes) => {
              setDialog(null);
              if (codes) setRecoveryCodes(codes);
              else toast('Two-step verification is off.', 'success');
              void refresh();
            }}
          />
        )}
      </Suspense>
    </Paper>
  );
}
