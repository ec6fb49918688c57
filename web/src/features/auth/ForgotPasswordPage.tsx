import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { AuthLayout } from '../../components/AuthLayout';
import { FormField } from '../../components/FormField';
import { toast } from '../../components/toast';
import { FORGOT_PASSWORD_SENT, RESET_TOKEN_TTL_MINUTES } from '../../lib/constants';

/** /forgot-password: asks for a reset link. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const mutation = useMutation({
    mutationFn: authApi.forgotPassword,
    onSuccess: () => toast('Email sent successfully', 'success'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(email.trim());
  };

  if (mutation.isSuccess) {
    return (
      <AuthLayout title="Check your inbox">
        <Paper variant="outlined" sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <MarkEmailReadRounded color="success" sx={{ fontSize: 32, mt: 0.25 }} />
          <Box>
            <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{FORGOT_PASSWORD_SENT}</Typography>
            <Typography variant="body2" color="text.secondary">
              Look for it at {mutation.variables}. The link works for {RESET_TOKEN_TTL_MINUTES} minutes; if it isn't
              there, check your spam folder or try again.
            </Typography>
          </Box>
        </Paper>
        <Stack direction="row" spacing={1.5} sx={{ mt: 3 }}>
          <Button component={RouterLink} to="/signin" variant="contained">
            Back to sign in
          </Button>
          <Button variant="text" onClick={() => mutation.reset()}>
            Use another email
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a link to choose a new one."
    >
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          {mutation.isError && (
            <Alert severity="error" variant="filled">
              {errorMessage(mutation.error)}
            </Alert>
          )}
          <FormField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={mutation.isPending}>
            Send reset link
          </Button>
        </Stack>
      </Box>
      <Typography sx={{ mt: 4, textAlign: 'center' }} color="text.secondary">
        Remembered it?{' '}
        <Link component={RouterLink} to="/signin">
          Back to sign in
        </Link>
      </Typography>
    </AuthLayout>
  );
}
