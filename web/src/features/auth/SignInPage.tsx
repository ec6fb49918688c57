import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { CurrentUser, EnrolmentStart, SecondStepChallenge } from '@rainmakers/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { AuthForm } from '../../components/AuthForm';
import { AuthLayout } from '../../components/AuthLayout';
import { FormField } from '../../components/FormField';
import { PasswordField } from '../../components/PasswordField';
import { useFormFields } from '../../components/useFormFields';
import { useSession } from '../../session/context';
import { AuthenticatorSetup } from '../second-factor/AuthenticatorSetup';
import { RecoveryCodes } from '../second-factor/RecoveryCodes';

/** Where a reset or invitation link that needs the second step sends the person (router state). */
export interface SignInLocationState {
  secondStep?: SecondStepChallenge;
}

const START_OVER = { text: 'Not you, or took too long?', linkText: 'Sign in again', to: '/signin' };

/**
 * /signin. The password, then (issue 24) for an enrolled person the code from her app or a recovery code, and for an
 * admin without a second factor its set-up (nothing else opens until it is done). After success the guest route
 * sends the person where they wanted to go (or home).
 */
export default function SignInPage() {
  const location = useLocation();
  // "Sign in again" (a link to this same page) starts over: a new location, a new set of steps.
  return (
    <SignInSteps key={location.key} initial={(location.state as SignInLocationState | null)?.secondStep ?? null} />
  );
}

function SignInSteps({ initial }: { initial: SecondStepChallenge | null }) {
  const [secondStep, setSecondStep] = useState<SecondStepChallenge | null>(initial);
  if (secondStep?.next === 'code') return <CodeStep challenge={secondStep} />;
  if (secondStep?.next === 'enrol') return <EnrolStep challenge={secondStep} />;
  return <PasswordStep onSecondStep={setSecondStep} />;
}

function PasswordStep({ onSecondStep }: { onSecondStep: (challenge: SecondStepChallenge) => void }) {
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

/** An admin without a second factor sets one up before her first session; then her recovery codes, once. */
function EnrolStep({ challenge }: { challenge: SecondStepChallenge }) {
  const { enter } = useSession();
  const { values, field, fields } = useFormFields({ code: '' });
  const [enrolment, setEnrolment] = useState<EnrolmentStart | null>(null);
  const [done, setDone] = useState<{ currentUser: CurrentUser; recoveryCodes: string[] } | null>(null);
  const start = useMutation({
    mutationFn: () => authApi.startForcedEnrolment(challenge.token),
    onSuccess: setEnrolment,
  });
  const confirm = useMutation({
    mutationFn: () => authApi.confirmForcedEnrolment(challenge.token, values.code.trim()),
    onSuccess: setDone,
    onError: (error) => fields.fromError(error),
  });
  const { mutate: begin } = start;
  useEffect(() => begin(), [begin]);

  if (done) {
    return (
      <AuthLayout title="Save your recovery codes" subtitle="Two-step verification is on for your account.">
        <Stack spacing={3}>
          <RecoveryCodes codes={done.recoveryCodes} />
          <Button variant="contained" size="large" fullWidth onClick={() => enter(done.currentUser)}>
            I have saved them, continue
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthForm
      title="Set up two-step verification"
      subtitle="Your account needs a second factor before you can continue."
      error={(start.isError && errorMessage(start.error)) || (confirm.isError && errorMessage(confirm.error))}
      submitLabel="Turn on two-step verification"
      pending={confirm.isPending}
      onSubmit={() => confirm.mutate()}
      footer={START_OVER}
    >
      {enrolment && <AuthenticatorSetup enrolment={enrolment} />}
      <FormField label="Code" autoComplete="one-time-code" inputProps={{ spellCheck: false }} {...field('code')} />
    </AuthForm>
  );
}
