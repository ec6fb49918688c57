import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { useTags } from '../../api/tags';
import { type User, useDeleteUser, useSaveUser } from '../../api/users';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { OptionPicker } from '../../components/OptionPicker';
import { PasswordField } from '../../components/PasswordField';
import { toast } from '../../components/toast';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useFormFields } from '../../components/useFormFields';
import { emailProblem, formErrors, formPayload, initialValues, ROLE_OPTIONS } from './userForm';

/**
 * Add or edit a person. Admins edit every field (password optional); staff who may only change tags (coaches) see
 * the person's name and e-mail read-only and the tag picker. Server field errors show under their fields and clear
 * when the field is edited; anything else shows above the form.
 */
export function UserFormDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const isNew = user === null;
  const editProfile = isNew || user.abilities?.editProfile === true;
  const editTags = isNew || user.abilities?.editTags === true;
  const form = useFormFields(() => initialValues(user));
  const [general, setGeneral] = useState<string | null>(null);
  const save = useSaveUser();
  const remove = useDeleteUser();
  const tags = useTags(editTags);

  const deletion = useConfirmedDelete({
    remove,
    id: user?.abilities?.delete ? user.id : null,
    toast: 'User deleted successfully',
    onDeleted: onClose,
    onError: (error) => setGeneral(errorMessage(error)),
    title: 'Delete user',
    confirmLabel: 'Delete',
    message: `Are you sure you want to delete ${user?.fullName ?? 'this user'}? This cannot be undone.`,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    // A blank or malformed e-mail never reaches the server (which would answer with the spec's "in use" text).
    const badEmail = isNew && editProfile ? emailProblem(form.values.email) : null;
    if (badEmail) {
      form.fields.replace({ email: badEmail });
      return;
    }
    save.mutate(formPayload(user?.id ?? null, form.values, editProfile), {
      onSuccess: ({ isNew: created }) => {
        toast(created ? 'User created successfully' : 'User updated successfully', 'success');
        onClose();
      },
      onError: (error) => {
        // A string is a general error; a list of errors is mapped per field.
        if (error instanceof ApiError && error.hasFieldErrors) {
          const mapped = formErrors(error.errors);
          form.fields.replace(mapped.fields);
          setGeneral(mapped.general.length > 0 ? mapped.general.join(' ') : null);
        } else setGeneral(errorMessage(error));
      },
    });
  };

  return (
    <FormDialog
      titleId="user-form-title"
      title={isNew ? 'Add new User' : editProfile ? 'Edit User' : 'Edit User Tags'}
      maxWidth="sm"
      onSubmit={submit}
      onClose={onClose}
      saving={save.isPending}
      deletion={deletion}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        {general && <Alert severity="error">{general}</Alert>}
        {editProfile ? (
          <>
            <FormField label="Full name" required autoFocus {...form.field('fullName')} />
            <FormControl fullWidth>
              <InputLabel id="user-role-label">Role</InputLabel>
              <Select
                labelId="user-role-label"
                label="Role"
                value={form.values.role}
                disabled={!isNew && user.abilities?.changeRole !== true}
                onChange={(event) => form.setValue('role', event.target.value as typeof form.values.role)}
              >
                {ROLE_OPTIONS.map((role) => (
                  <MenuItem key={role} value={role}>
                    {role}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormField label="Email" type="email" required autoComplete="off" {...form.field('email')} />
            <PasswordField
              label={isNew ? 'Password (optional)' : 'New password (optional)'}
              name="password"
              autoComplete="new-password"
              value={form.values.password}
              onChange={(event) => form.setValue('password', event.target.value)}
              error={!!form.fields.errors.password}
              helperText={form.fields.errors.password}
            />
            {isNew && !form.values.password && (
              <FormControlLabel
                sx={{ mt: -1 }}
                control={
                  <Checkbox
                    checked={form.values.sendInvitation}
                    onChange={(event) => form.setValue('sendInvitation', event.target.checked)}
                  />
                }
                label="Send an invitation e-mail"
              />
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormField label="City" {...form.field('city')} />
              <FormField label="State" {...form.field('state')} />
            </Stack>
            <FormField label="Country" {...form.field('country')} />
          </>
        ) : (
          user && (
            <div>
              <Typography sx={{ fontWeight: 600 }}>{user.fullName}</Typography>
              <Typography color="text.secondary">{user.email}</Typography>
            </div>
          )
        )}
        {editTags && (
          <OptionPicker
            label="Tags"
            options={tags.data ?? []}
            value={form.values.tags}
            onChange={(value) => form.setValue('tags', value)}
            loading={tags.isLoading}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
