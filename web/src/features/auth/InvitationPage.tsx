import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { AuthForm } from '../../components/AuthForm';
import { PasswordField } from '../../components/PasswordField';
import { toast } from '../../components/toast';
import { useFormFields } from '../../components/useFormFields';
import { useSession } from '../../session/context';
import { PASSWORDS_DO_NOT_MATCH } from './ResetPasswordPage';

export const INVITATION_TITLE = 'Welcome to Rainmakers — set your password';

/**
 * /invitation/{token} (issue 20): the link of an invitation e-mail. The person chooses their first password (the
 * sign-up rules); the server signs them in and they land on the dashboard. A used or expired link says so.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const { values, setValue, field, fields } = useFormFields({ password: '', confirmPassword: '' });

  const mutation = useMutation({
    mutationFn: () => authApi.acceptInvitation(token, values.password, values.confirmPassword),
    onSuccess: async () => {
      toast('Password set. Welcome to Rainmakers!', 'success');
      await refresh();
      navigate('/', { replace: true });
    },
    onError: (error) => fields.fromError(error),
  });

  const submit = () => {
    if (values.password !== values.confirmPassword) {
      mutation.reset();
      fields.set('confirmPassword', PASSWORDS_DO_NOT_MATCH);
      return;
    }
    mutation.mutate();
  };

  return (
    <AuthForm
      title={INVITATION_TITLE}
      subtitle="Choose the password you will sign in with."
      error={mutation.isError && errorMessage(mutation.error)}
      submitLabel="Set password and sign in"
      pending={mutation.isPending}
      onSubmit={submit}
      footer={{ text: 'Already set your password?', linkText: 'Sign in', to: '/signin' }}
    >
      <PasswordField
        label="Password"
        autoComplete="new-password"
        autoFocus
        {...field('password')}
        onChange={(e) => {
          setValue('password', e.target.value);
          fields.clear('confirmPassword');
        }}
      />
      <PasswordField label="Confirm password" autoComplete="new-password" {...field('confirmPassword')} />
    </AuthForm>
  );
}
