import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { AuthLayout } from '../../components/AuthLayout';
import { FormField } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';
import { useFieldErrors } from '../../components/useFieldErrors';
import { EMAIL_IN_USE_SIGN_IN } from '../../lib/constants';
import { useSession } from '../../session/context';
import { WelcomeVideo } from './WelcomeVideo';

const welcome = (
  <>
    Welcome! We're so glad you're here. Create your free account to start learning, try the business tools and meet a
    community of sellers who have been where you are.
  </>
);

/** /signup. `?signuptags=1,2` (tag ids from a campaign link) is passed through to the server untouched. */
export default function SignUpPage() {
  const { signUp } = useSession();
  const [params] = useSearchParams();
  const signuptags = params.get('signuptags') ?? undefined;
  const [values, setValues] = useState({ fullName: '', email: '', password: '' });
  const fields = useFieldErrors({ users_email: 'email' });
  const mutation = useMutation({
    mutationFn: signUp,
    onError: (error) =>
      fields.fromError(error, {
        // The spec's wording for a taken email, whichever key or text the server used.
        users_email: EMAIL_IN_USE_SIGN_IN,
        ...(/already in use/i.test(errorMessage(error)) ? { email: EMAIL_IN_USE_SIGN_IN } : {}),
      }),
  });

  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      fields.clear(name);
    },
    error: !!fields.errors[name],
    helperText: fields.errors[name],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      password: values.password,
      ...(signuptags ? { signuptags } : {}),
    });
  };

  const generalError =
    mutation.isError && Object.keys(fields.errors).length === 0 ? errorMessage(mutation.error) : null;

  return (
    <AuthLayout title="Create your account" subtitle={welcome} aside={<WelcomeVideo tone="light" />}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          {generalError && (
            <Alert severity="error" variant="filled">
              {generalError}
            </Alert>
          )}
          <FormField label="Full name" autoComplete="name" autoFocus {...field('fullName')} />
          <FormField label="Email" type="email" autoComplete="email" {...field('email')} />
          <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
          <Button type="submit" variant="contained" size="large" fullWidth loading={mutation.isPending}>
            Create account
          </Button>
        </Stack>
      </Box>
      <Typography sx={{ mt: 4, textAlign: 'center' }} color="text.secondary">
        Already a member?{' '}
        <Link component={RouterLink} to="/signin">
          Sign in
        </Link>
      </Typography>
      <Box sx={{ display: { xs: 'block', md: 'none' }, mt: 5 }}>
        <WelcomeVideo />
      </Box>
    </AuthLayout>
  );
}
