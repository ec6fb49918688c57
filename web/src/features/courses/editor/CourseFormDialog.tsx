import AddPhotoAlternateRounded from '@mui/icons-material/AddPhotoAlternateRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type FormEvent, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../../api/client';
import {
  type CourseCard,
  type CourseInput,
  useDeleteCourse,
  useModuleOptions,
  useUpsertCourse,
} from '../../../api/courses';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { ImageUploadButton, UploadError, UploadingOverlay, useImageUpload } from '../../../components/ImageUpload';
import { OptionPicker, type PickerOption } from '../../../components/OptionPicker';
import { modulesOfferedFor, slugify } from '../../../components/options';
import { TagPicker, tagRefs } from '../../../components/TagPicker';
import { toast } from '../../../components/toast';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { useFormFields } from '../../../components/useFormFields';
import { CoverImage } from '../catalogue/CoverImage';
import { COURSE_STATUSES, type CourseStatusValue, REQUIRED, TOASTS } from '../constants';
import { VisibilityFields } from './VisibilityFields';

/** What the form needs of a course: a catalogue card, or the course page's course (its modules reduced to id/title). */
export type CourseFormSource = Omit<CourseCard, 'Modules' | 'totalProgress'> & {
  Modules: { id: number; title: string }[];
};

interface Values {
  title: string;
  slug: string;
  description: string;
  status: CourseStatusValue;
  coverPhotoUrl: string | null;
  visibleToBasic: boolean;
  visibleToPremium: boolean;
  tags: PickerOption[];
  modules: PickerOption[];
}

function initialValues(course: CourseFormSource | null): Values {
  return {
    title: course?.title ?? '',
    slug: course?.slug ?? '',
    description: course?.description ?? '',
    status: course?.status ?? 'DRAFT',
    coverPhotoUrl: course?.coverPhotoUrl ?? null,
    visibleToBasic: course?.visibleToBasic ?? true,
    visibleToPremium: course?.visibleToPremium ?? true,
    tags: tagRefs(course?.Tags ?? []),
    modules: (course?.Modules ?? []).map((m) => ({ id: m.id, name: m.title })),
  };
}

const STATUS_LABELS: Record<CourseStatusValue, string> = { DRAFT: 'Draft', PUBLISHED: 'Published' };

/**
 * Add or edit a course (admins): title, slug (suggested from the title for a new course), description, status,
 * cover photo, visibility per membership, required tags and modules. Delete asks for confirmation first.
 */
export default function CourseFormDialog({
  course,
  onClose,
  onSaved,
  onDeleted,
}: {
  course: CourseFormSource | null;
  onClose: () => void;
  onSaved?: (course: CourseCard) => void;
  onDeleted?: () => void;
}) {
  const isNew = course === null;
  const { values, setValues, setValue, field, fields } = useFormFields<Values>(() => initialValues(course), {
    Tags: 'tags',
    Modules: 'modules',
  });
  const [slugEdited, setSlugEdited] = useState(!isNew);
  const [generalError, setGeneralError] = useState<string | null>(null);

  const upsert = useUpsertCourse();
  const modulesQuery = useModuleOptions();
  const moduleOptions = useMemo(
    () =>
      modulesOfferedFor(modulesQuery.data ?? [], course?.id ?? null).map((m) => ({
        id: m.id,
        name: m.title,
        hint: m.CourseId === null ? 'Not in a course yet' : `In ${m.courseTitle ?? 'this course'}`,
      })),
    [modulesQuery.data, course?.id],
  );

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValue(key, value);
    setGeneralError(null);
  };

  const onTitle = (event: ChangeEvent<HTMLInputElement>) => {
    const title = event.target.value;
    setValues((current) => ({ ...current, title, slug: slugEdited ? current.slug : slugify(title) }));
    fields.clear('title');
    if (!slugEdited) fields.clear('slug');
    setGeneralError(null);
  };

  const upload = useImageUpload((url) => set('coverPhotoUrl', url));
  const deletion = useConfirmedDelete({
    remove: useDeleteCourse(),
    id: course?.id ?? null,
    toast: TOASTS.courseDeleted,
    onDeleted: () => {
      onClose();
      onDeleted?.();
    },
    onError: (error) => setGeneralError(errorMessage(error)),
    title: 'Delete this course?',
    confirmLabel: 'Delete course',
    message: (
      <>“{course?.title}” will be removed from the catalogue. Its modules stay and can be added to another course.</>
    ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const title = values.title.trim();
    const slug = values.slug.trim();
    if (!title || !slug) {
      if (!title) fields.set('title', REQUIRED);
      if (!slug) fields.set('slug', REQUIRED);
      return;
    }
    const payload: CourseInput = {
      id: course?.id ?? null,
      title,
      slug,
      description: values.description.trim() || null,
      status: values.status,
      coverPhotoUrl: values.coverPhotoUrl,
      visibleToBasic: values.visibleToBasic,
      visibleToPremium: values.visibleToPremium,
      Tags: tagRefs(values.tags),
      Modules: values.modules.map((m) => m.id),
    };
    upsert.mutate(payload, {
      onSuccess: (body) => {
        toast(TOASTS.courseSaved, 'success');
        onSaved?.(body.course);
        onClose();
      },
      onError: (error) => {
        fields.fromError(error);
        // Errors of fields the form does not show (or no field at all) go in the banner.
        const shown = ['title', 'slug', 'description', 'status', 'Tags', 'Modules'];
        const unshown =
          error instanceof ApiError ? Object.keys(error.errors).filter((key) => !shown.includes(key)) : [];
        if (!(error instanceof ApiError && error.hasFieldErrors) || unshown.length > 0)
          setGeneralError(errorMessage(error));
      },
    });
  };

  return (
    <FormDialog
      titleId="course-form-title"
      title={isNew ? 'Add New Course' : 'Edit Course'}
      maxWidth="md"
      onSubmit={submit}
      onClose={onClose}
      saving={upsert.isPending}
      saveDisabled={upload.isPending}
      deletion={deletion}
    >
      {generalError && (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {generalError}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.4fr) minmax(0, 1fr)' } }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <FormField label="Title" required autoFocus={isNew} {...field('title')} onChange={onTitle} />
          <FormField
            label="Slug"
            required
            {...field('slug')}
            onChange={(event) => {
              setSlugEdited(true);
              set('slug', event.target.value);
            }}
            helperText={fields.errors.slug ?? `The course address: /courses/${values.slug || 'your-course'}`}
          />
          <FormField
            label="Description"
            multiline
            minRows={3}
            maxRows={10}
            {...field('description')}
            onChange={(event) => set('description', event.target.value)}
          />
          <FormControl error={!!fields.errors.status}>
            <FormLabel id="course-status-label">Status</FormLabel>
            <RadioGroup
              row
              aria-labelledby="course-status-label"
              name="status"
              value={values.status}
              onChange={(event) => set('status', event.target.value as CourseStatusValue)}
            >
              {COURSE_STATUSES.map((status) => (
                <FormControlLabel key={status} value={status} control={<Radio />} label={STATUS_LABELS[status]} />
              ))}
            </RadioGroup>
            <FormHelperText>{fields.errors.status ?? 'Draft courses are only visible to admins.'}</FormHelperText>
          </FormControl>
          <TagPicker
            label="Required tags"
            value={values.tags}
            onChange={(next) => set('tags', next)}
            error={!!fields.errors.tags}
            helperText={
              fields.errors.tags ?? 'Members holding any of these tags can open the course whatever their role.'
            }
          />
          <OptionPicker
            label="Modules"
            options={moduleOptions}
            value={values.modules}
            onChange={(next) => set('modules', next)}
            loading={modulesQuery.isLoading}
            error={!!fields.errors.modules}
            helperText={fields.errors.modules ?? 'Only modules that are not in another course are offered.'}
          />
        </Box>

        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <Box>
            <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
              Cover photo
            </Typography>
            <Box sx={{ position: 'relative' }}>
              <CoverImage
                url={values.coverPhotoUrl}
                title={values.title || 'New course'}
                seed={course?.id ?? 0}
                rounded
              />
              <UploadingOverlay upload={upload} label="Uploading cover photo" borderRadius={2} />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, mt: 1.25, flexWrap: 'wrap' }}>
              <ImageUploadButton upload={upload} icon={<AddPhotoAlternateRounded />} size="small">
                {values.coverPhotoUrl ? 'Change cover photo' : 'Upload cover photo'}
              </ImageUploadButton>
              {values.coverPhotoUrl && (
                <Button size="small" color="inherit" onClick={() => set('coverPhotoUrl', null)}>
                  Remove
                </Button>
              )}
            </Box>
            <UploadError upload={upload} sx={{ mt: 1.25 }} />
          </Box>
          <VisibilityFields value={values} onChange={set} note="Admins always see every course." />
        </Box>
      </Box>
    </FormDialog>
  );
}
