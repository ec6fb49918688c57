import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import type { SetPasswordResponse } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { AuthForm } from '../../components/AuthForm';
import { PasswordField } from '../../components/PasswordField';
import { toast } from '../../components/toast';
import { useFormFields } from '../../components/useFormFields';
import { useSession } from '../../session/context';
import type { SignInLocationState } from './SignInPage';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

type AuthFormTexts = Pick<Parameters<typeof AuthForm>[0], 'title' | 'subtitle' | 'submitLabel' | 'footer'>;

export interface SetPasswordPageProps extends AuthFormTexts {
  /** Sends the link's token and the chosen password; the server signs the person in. */
  send(token: string, password: string, confirmPassword: string): Promise<unknown>;
  successToast: string;
  passwordLabel: string;
}

/**
 * A page behind an e-mailed single-use link that sets a password and signs the person in, then home: the reset link
 * and the invitation link share it, with their own texts.
 */
export function SetPasswordPage({ send, successToast, passwordLabel, ...texts }: SetPasswordPageProps) {
  const { token = '' } = useParams();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const { values, setValue, field, fields } = useFormFields({ password: '', confirmPassword: '' });

  const mutation = useMutation({
    mutationFn: () => send(token, values.password, values.confirmPassword),
    onSuccess: async (body) => {
      toast(successToast, 'success');
      // An enrolled person (or an admin who must enrol) passes the second step before any session.
      const secondStep = (body as SetPasswordResponse | undefined)?.secondFactor;
      if (secondStep) {
        navigate('/signin', { replace: true, state: { secondStep } satisfies SignInLocationState });
        return;
      }
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
      {...texts}
      error={mutation.isError && errorMessage(mutation.error)}
      pending={mutation.isPending}
      onSubmit={submit}
    >
      <PasswordField
        label={passwordLabel}
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
