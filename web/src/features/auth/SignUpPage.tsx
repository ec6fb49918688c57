import Box from '@mui/material/Box';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { AuthForm } from '../../components/AuthForm';
import { FormField } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';
import { unfieldedError, useFormFields } from '../../components/useFormFields';
import { EMAIL_IN_USE_SIGN_IN } from '../../lib/constants';
import { useSession } from '../../session/context';
import { MemberBenefits } from './MemberBenefits';
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
  const { values, field, fields } = useFormFields({ fullName: '', email: '', password: '' }, { users_email: 'email' });
  const mutation = useMutation({
    mutationFn: signUp,
    onError: (error) =>
      fields.fromError(error, {
        // The spec's wording for a taken email, whichever key or text the server used.
        users_email: EMAIL_IN_USE_SIGN_IN,
        ...(/already in use/i.test(errorMessage(error)) ? { email: EMAIL_IN_USE_SIGN_IN } : {}),
      }),
  });

  const submit = () =>
    mutation.mutate({
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      password: values.password,
      ...(signuptags ? { signuptags } : {}),
    });

  return (
    <AuthForm
      title="Create your account"
      subtitle={welcome}
      aside={<WelcomeVideo tone="light" />}
      error={unfieldedError(mutation, fields.errors)}
      submitLabel="Create account"
      pending={mutation.isPending}
      onSubmit={submit}
      footer={{ text: 'Already a member?', linkText: 'Sign in', to: '/signin' }}
      after={
        // Phones have no brand panel: the welcome area is here, with the video when one is configured.
        <Box sx={{ display: { xs: 'grid', md: 'none' }, gap: 3, mt: 5 }}>
          <WelcomeVideo />
          <MemberBenefits />
        </Box>
      }
    >
      <FormField label="Full name" autoComplete="name" autoFocus {...field('fullName')} />
      <FormField label="Email" type="email" autoComplete="email" {...field('email')} />
      <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
    </AuthForm>
  );
}
