import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { AuthForm } from '../../components/AuthForm';
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
    <AuthForm
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a link to choose a new one."
      error={mutation.isError && errorMessage(mutation.error)}
      submitLabel="Send reset link"
      pending={mutation.isPending}
      onSubmit={() => mutation.mutate(email.trim())}
      footer={{ text: 'Remembered it?', linkText: 'Back to sign in', to: '/signin' }}
    >
      <FormField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
    </AuthForm>
  );
}
