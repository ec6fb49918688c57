import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { FormDialog } from '../FormDialog';
import { FormField } from '../FormField';
import { PasswordField } from '../PasswordField';
import { useFormFields } from '../useFormFields';

/** New recovery codes or turning it off: the password and a current code first. */
export default function FreshProofDialog({
  kind,
  onClose,
  onDone,
}: {
  kind: 'regenerate' | 'disable';
  onClose: () => void;
  onDone: (codes: string[] | null) => void;
}) {
  const { values, field, fields } = useFormFields({ password: '', code: '' });
  const mutation = useMutation({
    mutationFn: async (): Promise<string[] | null> => {
      if (kind === 'regenerate') {
        return (await authApi.regenerateRecoveryCodes(values.password, values.code.trim())).recoveryCodes;
      }
      await authApi.disableSecondFactor(values.password, values.code.trim());
      return null;
    },
    onSuccess: onDone,
    onError: (error) => fields.fromError(error),
  });
  return (
    <FormDialog
      titleId="two-step-dialog"
      title={kind === 'regenerate' ? 'New recovery codes' : 'Turn off two-step verification'}
      maxWidth="xs"
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate();
      }}
      onClose={onClose}
      saving={mutation.isPending}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {kind === 'regenerate' ? 'Your old recovery codes stop working.' : 'Sign-in will ask for your password only.'}{' '}
          Confirm with your password and a code from your app (or a recovery code).
        </Typography>
        {mutation.isError && !fields.errors.password && !fields.errors.code && (
          <Alert severity="error">{errorMessage(mutation.error)}</Alert>
        )}
        <PasswordField label="Password" autoComplete="current-password" autoFocus {...field('password')} />
        <FormField label="Code" autoComplete="one-time-code" inputProps={{ spellCheck: false }} {...field('code')} />
      </Stack>
    </FormDialog>
  );
}
