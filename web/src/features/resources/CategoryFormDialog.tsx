import Stack from '@mui/material/Stack';
import { FIELD_REQUIRED as REQUIRED } from '@rainmakers/contracts/messages';
import { RESOURCE_TOASTS } from '@rainmakers/contracts/resources-constants';
import type { FormEvent } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { type ResourceCategory, useDeleteCategory, useSaveCategory } from '../../api/resources';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { toast } from '../../components/toast';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useFormFields } from '../../components/useFormFields';

/**
 * Add or rename a resource category (name required, errors under it), or delete it after a confirmation. Saves
 * reuse the resource toasts (§8: 'Resource created successfully' / 'Resource saved successfully').
 */
export default function CategoryFormDialog({
  category,
  onClose,
  onDeleted,
}: {
  category: ResourceCategory | null;
  onClose: () => void;
  onDeleted: (id: number) => void;
}) {
  const form = useFormFields(() => ({ name: category?.name ?? '' }));
  const save = useSaveCategory();
  const deletion = useConfirmedDelete({
    remove: useDeleteCategory(),
    id: category?.id ?? null,
    toast: RESOURCE_TOASTS.categoryDeleted,
    onDeleted: (id) => {
      onDeleted(id);
      onClose();
    },
    onError: (error) => form.fields.set('name', errorMessage(error)),
    title: 'Delete category',
    confirmLabel: 'Delete',
    message: `Are you sure you want to delete the category ${category?.name ?? ''}? Its resources stay.`,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.values.name.trim()) return form.fields.set('name', REQUIRED);
    save.mutate(
      { id: category?.id ?? null, name: form.values.name.trim() },
      {
        onSuccess: (body) => {
          toast(body.isNew ? RESOURCE_TOASTS.created : RESOURCE_TOASTS.saved, 'success');
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
      titleId="category-form-title"
      title={category ? 'Edit Category' : 'Add Category'}
      maxWidth="xs"
      onSubmit={submit}
      onClose={onClose}
      saving={save.isPending}
      deletion={deletion}
    >
      <Stack sx={{ pt: 1 }}>
        <FormField label="Name" required autoFocus {...form.field('name')} />
      </Stack>
    </FormDialog>
  );
}
