import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { AuthLayout } from '../../components/AuthLayout';
import { PasswordField } from '../../components/PasswordField';
import { toast } from '../../components/toast';
import { useFieldErrors } from '../../components/useFieldErrors';
import { useSession } from '../../session/context';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** /reset-password/{token}: choose a new password; the server signs the person in, then home. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const fields = useFieldErrors();

  const mutation = useMutation({
    mutationFn: () => authApi.resetPassword(token, password, confirmPassword),
    onSuccess: async () => {
      toast('Password reset successfully', 'success');
      await refresh();
      navigate('/', { replace: true });
    },
    onError: (error) => fields.fromError(error),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirmPassword) {
      mutation.reset();
      fields.set('confirmPassword', PASSWORDS_DO_NOT_MATCH);
      return;
    }
    mutation.mutate();
  };

  return (
    <AuthLayout title="Choose a new password" subtitle="Pick something you haven't used here before.">
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          {mutation.isError && (
            <Alert severity="error" variant="filled">
              {errorMessage(mutation.error)}
            </Alert>
          )}
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              fields.clear('password');
              fields.clear('confirmPassword');
            }}
            error={!!fields.errors.password}
            helperText={fields.errors.password}
          />
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => {
              setConfirmPassword(e.target.value);
              fields.clear('confirmPassword');
            }}
            error={!!fields.errors.confirmPassword}
            helperText={fields.errors.confirmPassword}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={mutation.isPending}>
            Reset password
          </Button>
        </Stack>
      </Box>
      <Typography sx={{ mt: 4, textAlign: 'center' }} color="text.secondary">
        Link expired?{' '}
        <Link component={RouterLink} to="/forgot-password">
          Request a new one
        </Link>
      </Typography>
    </AuthLayout>
  );
}
