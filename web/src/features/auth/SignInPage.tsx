import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { AuthLayout } from '../../components/AuthLayout';
import { FormField } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';
import { useFieldErrors } from '../../components/useFieldErrors';
import { useSession } from '../../session/context';

/** /signin. After success the guest route sends the person where they wanted to go (or home). */
export default function SignInPage() {
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fields = useFieldErrors();
  const mutation = useMutation({ mutationFn: signIn, onError: (error) => fields.fromError(error) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ email: email.trim(), password });
  };

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to pick up where you left off.">
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
            onChange={(e) => {
              setEmail(e.target.value);
              fields.clear('email');
            }}
            error={!!fields.errors.email}
            helperText={fields.errors.email}
          />
          <Box>
            <PasswordField
              label="Password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                fields.clear('password');
              }}
              error={!!fields.errors.password}
              helperText={fields.errors.password}
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
              <Link component={RouterLink} to="/forgot-password" variant="body2">
                Forgot password?
              </Link>
            </Box>
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth loading={mutation.isPending}>
            Sign in
          </Button>
        </Stack>
      </Box>
      <Typography sx={{ mt: 4, textAlign: 'center' }} color="text.secondary">
        New to Rainmakers?{' '}
        <Link component={RouterLink} to="/signup">
          Create account
        </Link>
      </Typography>
    </AuthLayout>
  );
}
