import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { EnrolmentStart } from '@rainmakers/contracts';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { FormField } from '../FormField';
import { useFormFields } from '../useFormFields';
import { AuthenticatorSetup } from './AuthenticatorSetup';

/** /profile: the QR code and secret of a begun enrolment, confirmed by a first code (then the recovery codes). */
export default function EnrolmentForm({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: EnrolmentStart;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const code = useFormFields({ code: '' });
  const confirm = useMutation({
    mutationFn: () => authApi.confirmEnrolment(code.values.code.trim()),
    onSuccess: (body) => onConfirmed(body.recoveryCodes),
    onError: (error) => code.fields.fromError(error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate();
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <AuthenticatorSetup enrolment={enrolment} />
        <FormField
          label="Code"
          autoComplete="one-time-code"
          inputProps={{ spellCheck: false, inputMode: 'numeric' }}
          {...code.field('code')}
        />
        {confirm.isError && !code.fields.errors.code && <Alert severity="error">{errorMessage(confirm.error)}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={confirm.isPending}>
            Turn on
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </Stack>
      </Stack>
    </Box>
  );
}
