import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CurrentUser, EnrolmentStart, SecondStepChallenge } from '@rainmakers/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { AuthForm } from '../../components/AuthForm';
import { AuthLayout } from '../../components/AuthLayout';
import { FormField } from '../../components/FormField';
import { AuthenticatorSetup } from '../../components/second-factor/AuthenticatorSetup';
import { RecoveryCodes } from '../../components/second-factor/RecoveryCodes';
import { useFormFields } from '../../components/useFormFields';
import { useSession } from '../../session/context';
import { START_OVER } from './sign-in-texts';

/** An admin without a second factor sets one up before her first session; then her recovery codes, once. */
export default function ForcedEnrolment({ challenge }: { challenge: SecondStepChallenge }) {
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
