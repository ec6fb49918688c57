import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../api/client';
import { type CoursePageModule, useDeleteModule, useUpsertModule } from '../../../api/courses';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import type { PickerOption } from '../../../components/OptionPicker';
import { TagPicker, tagRefs } from '../../../components/TagPicker';
import { toast } from '../../../components/toast';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { useFormFields } from '../../../components/useFormFields';
import { NEW_ITEM_POSITION, REQUIRED, TOASTS } from '../constants';
import { showServerErrors } from './formErrors';
import { ReleaseFields, releaseRuleOf, releaseValuesOf } from './ReleaseFields';
import { VisibilityFields } from './VisibilityFields';

/** Server errors: a position message under Position, every other one under the title. */
const OWN_ERRORS = { position: 'position', releaseAfterDays: 'releaseAfterDays', releaseAt: 'releaseAt' };

/**
 * Add or edit a module of this course (admins): title, position, visibility per membership, tags and when it opens
 * (drip); Delete for an
 * existing module. A new module starts at position 0. Server errors are shown under the title.
 */
export default function ModuleFormDialog({
  courseId,
  module,
  onClose,
  onSaved,
  onDeleted,
}: {
  courseId: number;
  module: CoursePageModule | null;
  onClose: () => void;
  onSaved?: (saved: { id: number }, isNew: boolean) => void;
  onDeleted?: (id: number) => void;
}) {
  const isNew = module === null;
  const { values, setValue, field, fields } = useFormFields(() => ({
    title: module?.title ?? '',
    position: String(module?.position ?? NEW_ITEM_POSITION),
    visibleToBasic: module?.visibleToBasic ?? true,
    visibleToPremium: module?.visibleToPremium ?? true,
    tags: tagRefs(module?.Tags ?? []) as PickerOption[],
    ...releaseValuesOf(module),
  }));

  const upsert = useUpsertModule();
  const showError = (error: unknown) => showServerErrors(fields, error, OWN_ERRORS);
  const deletion = useConfirmedDelete({
    remove: useDeleteModule(),
    id: module?.id ?? null,
    toast: TOASTS.moduleDeleted,
    onDeleted: (id) => {
      onClose();
      onDeleted?.(id);
    },
    onError: showError,
    title: 'Delete this module?',
    confirmLabel: 'Delete module',
    message: <>“{module?.title}” and all of its lessons will be deleted. This cannot be undone.</>,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = values.title.trim();
    const pos = Number(values.position);
    if (!trimmed) return fields.set('title', REQUIRED);
    if (!Number.isInteger(pos) || pos < 0) return fields.set('position', 'Position must be a whole number, 0 or more');
    const release = releaseRuleOf(values);
    if ('field' in release) return fields.set(release.field, release.message);
    upsert.mutate(
      {
        id: module?.id ?? null,
        title: trimmed,
        position: pos,
        visibleToBasic: values.visibleToBasic,
        visibleToPremium: values.visibleToPremium,
        Tags: tagRefs(values.tags),
        CourseId: courseId,
        ...release,
      },
      {
        onSuccess: (saved) => {
          toast(TOASTS.moduleSaved, 'success');
          onClose();
          onSaved?.(saved.module, saved.isNew);
        },
        onError: showError,
      },
    );
  };

  return (
    <FormDialog
      titleId="module-form-title"
      title={isNew ? 'Add Module' : 'Edit Module'}
      maxWidth="sm"
      onSubmit={submit}
      onClose={onClose}
      saving={upsert.isPending}
      deletion={deletion}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <FormField label="Title" required autoFocus={isNew} {...field('title')} />
        <FormField
          label="Position"
          type="number"
          inputProps={{ min: 0, step: 1, inputMode: 'numeric' }}
          {...field('position')}
          helperText={fields.errors.position ?? 'Lower numbers come first. Use Manage Order to drag modules instead.'}
        />
        <VisibilityFields
          value={values}
          onChange={setValue}
          note="Members holding one of the tags below see it whatever their membership."
        />
        <TagPicker label="Tags" value={values.tags} onChange={(tags) => setValue('tags', tags)} />
        <ReleaseFields
          value={values}
          onChange={setValue}
          onModeChange={(mode) => setValue('releaseMode', mode)}
          errors={fields.errors}
        />
        {upsert.isError && !fields.errors.title && !fields.errors.position && (
          <Alert severity="error">{errorMessage(upsert.error)}</Alert>
        )}
      </Box>
    </FormDialog>
  );
}
