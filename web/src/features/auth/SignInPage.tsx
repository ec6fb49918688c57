import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { AuthForm } from '../../components/AuthForm';
import { FormField } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';
import { useFormFields } from '../../components/useFormFields';
import { useSession } from '../../session/context';

/** /signin. After success the guest route sends the person where they wanted to go (or home). */
export default function SignInPage() {
  const { signIn } = useSession();
  const { values, field, fields } = useFormFields({ email: '', password: '' });
  const mutation = useMutation({ mutationFn: signIn, onError: (error) => fields.fromError(error) });

  return (
    <AuthForm
      title="Welcome back"
      subtitle="Sign in to pick up where you left off."
      error={mutation.isError && errorMessage(mutation.error)}
      submitLabel="Sign in"
      pending={mutation.isPending}
      onSubmit={() => mutation.mutate({ email: values.email.trim(), password: values.password })}
      footer={{ text: 'New to Rainmakers?', linkText: 'Create account', to: '/signup' }}
    >
      <FormField label="Email" type="email" autoComplete="email" autoFocus {...field('email')} />
      <Box>
        <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
        </Box>
      </Box>
    </AuthForm>
  );
}
