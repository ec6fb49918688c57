import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ACCOUNT_CLOSED_NOTICE, CLOSED_ACCOUNT_KEPT } from '@rainmakers/contracts/account-constants';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountApi } from '../../api/account';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { FormField } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';
import { useFormFields } from '../../components/useFormFields';
import { useSession } from '../../session/context';

/** The same key as the Two-step verification section, so the status is asked once. */
const SECOND_FACTOR_KEY = ['second-factor'] as const;

/**
 * Closing her account: what goes and what is kept, her password and (when she has a second factor, or the server
 * asks for it) a code. On success she is signed out to /signin, which says the account is closed.
 */
export default function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const { accountClosed } = useSession();
  const status = useQuery({ queryKey: SECOND_FACTOR_KEY, queryFn: authApi.secondFactorStatus });
  const { values, field, fields } = useFormFields({ password: '', code: '' });
  const close = useMutation({
    mutationFn: () =>
      accountApi.closeAccount({
        password: values.password,
        ...(values.code.trim() ? { code: values.code.trim() } : {}),
      }),
    onSuccess: () => {
      accountClosed(ACCOUNT_CLOSED_NOTICE);
      navigate('/signin', { replace: true });
    },
    onError: (error) => fields.fromError(error),
  });
  const askCode = !!status.data?.enrolled || !!fields.errors.code;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    close.mutate();
  };

  return (
    <Dialog
      open
      onClose={close.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="close-account-title"
      aria-describedby="close-account-what"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id="close-account-title">Close your account</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Typography id="close-account-what" variant="body2">
            You will be signed out everywhere and will not be able to sign in again. Your profile, course progress and
            certificates, board, products, qualifier results, AI conversations, notifications and settings are deleted.
            A paid membership ends with it: its subscription is canceled and you will not be charged again. Download
            your data first if you want to keep a copy.
          </Typography>
          <Alert severity="info">{CLOSED_ACCOUNT_KEPT}</Alert>
          {close.isError && !fields.errors.password && !fields.errors.code && (
            <Alert severity="error">{errorMessage(close.error)}</Alert>
          )}
          <PasswordField label="Password" autoComplete="current-password" autoFocus {...field('password')} />
          {askCode && (
            <FormField
              label="Code from your authenticator app (or a recovery code)"
              autoComplete="one-time-code"
              inputProps={{ spellCheck: false }}
              {...field('code')}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        <Button onClick={onClose} disabled={close.isPending}>
          Cancel
        </Button>
        <Button type="submit" color="error" variant="contained" loading={close.isPending}>
          Close my account
        </Button>
      </DialogActions>
    </Dialog>
  );
}
