import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SecondStepChallenge } from '@rainmakers/contracts';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { AuthForm } from '../../components/AuthForm';
import { FormField } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';
import { useFormFields } from '../../components/useFormFields';
import { useSession } from '../../session/context';
import { START_OVER } from './sign-in-texts';

/** Where a reset or invitation link that needs the second step sends the person (router state). */
export interface SignInLocationState {
  secondStep?: SecondStepChallenge;
}

// The QR code library comes only with the forced enrolment (admins without a second factor), not with /signin.
const ForcedEnrolment = lazy(() => import('./ForcedEnrolment'));

/**
 * /signin. The password, then for an enrolled person the code from her app or a recovery code, and for an
 * admin without a second factor its set-up (nothing else opens until it is done). After success the guest route
 * sends the person where they wanted to go (or home).
 */
export default function SignInPage() {
  const location = useLocation();
  // "Sign in again" (a link to this same page) starts over: a new location, a new set of steps.
  // How the last session ended, when the person should know (her account closed).
  const { notice } = useSession();
  const state = location.state as SignInLocationState | null;
  return <SignInSteps key={location.key} initial={state?.secondStep ?? null} notice={notice} />;
}

function SignInSteps({ initial, notice }: { initial: SecondStepChallenge | null; notice: string | null }) {
  const [secondStep, setSecondStep] = useState<SecondStepChallenge | null>(initial);
  if (secondStep?.next === 'code') return <CodeStep challenge={secondStep} />;
  if (secondStep?.next === 'enrol') {
    return (
      <Suspense fallback={null}>
        <ForcedEnrolment challenge={secondStep} />
      </Suspense>
    );
  }
  return <PasswordStep onSecondStep={setSecondStep} notice={notice} />;
}

function PasswordStep({
  onSecondStep,
  notice,
}: {
  onSecondStep: (challenge: SecondStepChallenge) => void;
  notice: string | null;
}) {
  const { signIn } = useSession();
  const { values, field, fields } = useFormFields({ email: '', password: '' });
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: (outcome) => {
      if ('secondStep' in outcome) onSecondStep(outcome.secondStep);
    },
    onError: (error) => fields.fromError(error),
  });

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
      {notice && (
        <Alert severity="success" role="status">
          {notice}
        </Alert>
      )}
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

/** The second step: a six-digit code, or a recovery code. */
function CodeStep({ challenge }: { challenge: SecondStepChallenge }) {
  const { signInWithCode } = useSession();
  const { values, field, fields } = useFormFields({ code: '' });
  const mutation = useMutation({
    mutationFn: () => signInWithCode(challenge.token, values.code.trim()),
    onError: (error) => fields.fromError(error),
  });
  return (
    <AuthForm
      title="Two-step verification"
      subtitle="Enter the six-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes."
      error={mutation.isError && errorMessage(mutation.error)}
      submitLabel="Verify"
      pending={mutation.isPending}
      onSubmit={() => mutation.mutate()}
      footer={START_OVER}
    >
      <FormField
        label="Code"
        autoComplete="one-time-code"
        autoFocus
        inputProps={{ spellCheck: false }}
        {...field('code')}
      />
    </AuthForm>
  );
}
