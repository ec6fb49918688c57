import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { type Tag, useDeleteTag, useSaveTag } from '../../api/tags';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { toast } from '../../components/toast';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useFormFields } from '../../components/useFormFields';

/**
 * Add or rename a tag (errors under the name), allow it on sign-up links (`/signup?signuptags=`), or delete it after
 * a confirmation.
 */
export default function TagFormDialog({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const form = useFormFields(() => ({ name: tag?.name ?? '' }));
  const [signupAllowed, setSignupAllowed] = useState(tag?.signupAllowed ?? false);
  const save = useSaveTag();
  const remove = useDeleteTag();
  const deletion = useConfirmedDelete({
    remove,
    id: tag?.id ?? null,
    toast: 'Tag deleted successfully',
    onDeleted: onClose,
    onError: (error) => form.fields.set('name', errorMessage(error)),
    title: 'Delete tag',
    confirmLabel: 'Delete',
    message: `Are you sure you want to delete the tag ${tag?.name ?? ''}? Everyone holding it loses it.`,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: tag?.id ?? null, name: form.values.name, signupAllowed },
      {
        onSuccess: () => {
          toast('Tag saved successfully', 'success');
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errors.name) form.fields.fromError(error);
          else form.fields.set('name', errorMessage(error));
        },
      },
    );
  };

  return (
    <FormDialog
      titleId="tag-form-title"
      title={tag ? 'Edit Tag' : 'Add new Tag'}
      maxWidth="xs"
      onSubmit={submit}
      onClose={onClose}
      saving={save.isPending}
      deletion={deletion}
    >
      <Stack sx={{ pt: 1 }}>
        <FormField label="Name" required autoFocus {...form.field('name')} />
        <FormControlLabel
          control={<Switch checked={signupAllowed} onChange={(event) => setSignupAllowed(event.target.checked)} />}
          label="Allowed on sign-up links"
        />
      </Stack>
    </FormDialog>
  );
}
