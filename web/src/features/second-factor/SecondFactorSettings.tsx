import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EnrolmentStart } from '@rainmakers/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';
import { toast } from '../../components/toast';
import { useFormFields } from '../../components/useFormFields';
import { AuthenticatorSetup } from './AuthenticatorSetup';
import { RecoveryCodes } from './RecoveryCodes';

const STATUS_KEY = ['second-factor'] as const;

/**
 * /profile, Two-step verification (issue 24): set up an authenticator app (QR code and secret, confirmed by a first
 * code), then the recovery codes once; later new recovery codes or turning it off, each after a fresh password and
 * code. Required roles (admins) cannot turn it off.
 */
export function SecondFactorSettings() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: authApi.secondFactorStatus });
  const [enrolment, setEnrolment] = useState<EnrolmentStart | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'regenerate' | 'disable' | null>(null);
  const code = useFormFields({ code: '' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });

  const start = useMutation({ mutationFn: authApi.startEnrolment, onSuccess: setEnrolment });
  const confirm = useMutation({
    mutationFn: () => authApi.confirmEnrolment(code.values.code.trim()),
    onSuccess: (body) => {
      setEnrolment(null);
      setRecoveryCodes(body.recoveryCodes);
      code.setValues({ code: '' });
      toast('Two-step verification is on.', 'success');
      void refresh();
    },
    onError: (error) => code.fields.fromError(error),
  });

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate();
  };

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
        <Box component="form" noValidate onSubmit={submitCode}>
          <Stack spacing={2.5}>
            <AuthenticatorSetup enrolment={enrolment} />
            <FormField
              label="Code"
              autoComplete="one-time-code"
              inputProps={{ spellCheck: false, inputMode: 'numeric' }}
              {...code.field('code')}
            />
            {confirm.isError && !code.fields.errors.code && (
              <Alert severity="error">{errorMessage(confirm.error)}</Alert>
            )}
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" loading={confirm.isPending}>
                Turn on
              </Button>
              <Button onClick={() => setEnrolment(null)}>Cancel</Button>
            </Stack>
          </Stack>
        </Box>
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
    </Paper>
  );
}

/** New recovery codes or turning it off: the password and a current code first. */
function FreshProofDialog({
  kind,
  onClose,
  onDone,
}: {
  kind: 'regenerate' | 'disable';
  onClose: () => void;
  onDone: (codes: string[] | null) => void;
}) {
  const { values, field, fields } = useFormFields({ password: '', code: '' });
  const mutation = useMutation({
    mutationFn: async (): Promise<string[] | null> => {
      if (kind === 'regenerate') {
        return (await authApi.regenerateRecoveryCodes(values.password, values.code.trim())).recoveryCodes;
      }
      await authApi.disableSecondFactor(values.password, values.code.trim());
      return null;
    },
    onSuccess: onDone,
    onError: (error) => fields.fromError(error),
  });
  return (
    <FormDialog
      titleId="two-step-dialog"
      title={kind === 'regenerate' ? 'New recovery codes' : 'Turn off two-step verification'}
      maxWidth="xs"
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate();
      }}
      onClose={onClose}
      saving={mutation.isPending}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {kind === 'regenerate' ? 'Your old recovery codes stop working.' : 'Sign-in will ask for your password only.'}{' '}
          Confirm with your password and a code from your app (or a recovery code).
        </Typography>
        {mutation.isError && !fields.errors.password && !fields.errors.code && (
          <Alert severity="error">{errorMessage(mutation.error)}</Alert>
        )}
        <PasswordField label="Password" autoComplete="current-password" autoFocus {...field('password')} />
        <FormField label="Code" autoComplete="one-time-code" inputProps={{ spellCheck: false }} {...field('code')} />
      </Stack>
    </FormDialog>
  );
}
