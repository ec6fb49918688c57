import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { AuthForm } from '../../components/AuthForm';
import { PasswordField } from '../../components/PasswordField';
import { toast } from '../../components/toast';
import { useFormFields } from '../../components/useFormFields';
import { useSession } from '../../session/context';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** /reset-password/{token}: choose a new password; the server signs the person in, then home. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const { values, setValue, field, fields } = useFormFields({ password: '', confirmPassword: '' });

  const mutation = useMutation({
    mutationFn: () => authApi.resetPassword(token, values.password, values.confirmPassword),
    onSuccess: async () => {
      toast('Password reset successfully', 'success');
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
      title="Choose a new password"
      subtitle="Pick something you haven't used here before."
      error={mutation.isError && errorMessage(mutation.error)}
      submitLabel="Reset password"
      pending={mutation.isPending}
      onSubmit={submit}
      footer={{ text: 'Link expired?', linkText: 'Request a new one', to: '/forgot-password' }}
    >
      <PasswordField
        label="New password"
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
