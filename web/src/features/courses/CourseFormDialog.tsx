import AddPhotoAlternateRounded from '@mui/icons-material/AddPhotoAlternateRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from 'notistack';
import { type ChangeEvent, type FormEvent, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import {
  type CourseCard,
  type CourseInput,
  useDeleteCourse,
  useModuleOptions,
  useTagOptions,
  useUpsertCourse,
} from '../../api/courses';
import { useUploadImage } from '../../api/uploads';
import { FormField } from '../../components/FormField';
import { useFieldErrors } from '../../components/useFieldErrors';
import { ConfirmDialog } from './ConfirmDialog';
import { CoverImage } from './CoverImage';
import { COURSE_STATUSES, type CourseStatusValue, TOASTS, UPLOAD_ERROR_MESSAGE } from './constants';
import { OptionPicker, type PickerOption } from './OptionPicker';
import { modulesOfferedFor, slugify } from './options';

export const REQUIRED = 'this field cannot be empty';

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
    tags: (course?.Tags ?? []).map((t) => ({ id: t.id, name: t.name })),
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
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const isNew = course === null;
  const [values, setValues] = useState<Values>(() => initialValues(course));
  const [slugEdited, setSlugEdited] = useState(!isNew);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const fields = useFieldErrors({ Tags: 'tags', Modules: 'modules' });

  const upsert = useUpsertCourse();
  const remove = useDeleteCourse();
  const upload = useUploadImage();
  const tagsQuery = useTagOptions();
  const modulesQuery = useModuleOptions();

  const tagOptions = useMemo(() => (tagsQuery.data ?? []).map((t) => ({ id: t.id, name: t.name })), [tagsQuery.data]);
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
    setValues((current) => ({ ...current, [key]: value }));
    fields.clear(key);
    setGeneralError(null);
  };

  const onTitle = (event: ChangeEvent<HTMLInputElement>) => {
    const title = event.target.value;
    setValues((current) => ({ ...current, title, slug: slugEdited ? current.slug : slugify(title) }));
    fields.clear('title');
    if (!slugEdited) fields.clear('slug');
    setGeneralError(null);
  };

  const onCover = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, { onSuccess: (url) => set('coverPhotoUrl', url) });
  };

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
      Tags: values.tags.map((t) => ({ id: t.id, name: t.name })),
      Modules: values.modules.map((m) => m.id),
    };
    upsert.mutate(payload, {
      onSuccess: (body) => {
        enqueueSnackbar(TOASTS.courseSaved, { variant: 'success' });
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

  const doDelete = () => {
    if (!course) return;
    remove.mutate(course.id, {
      onSuccess: () => {
        enqueueSnackbar(TOASTS.courseDeleted, { variant: 'success' });
        setConfirmDelete(false);
        onClose();
        onDeleted?.();
      },
      onError: (error) => {
        setConfirmDelete(false);
        setGeneralError(errorMessage(error));
      },
    });
  };

  const busy = upsert.isPending || remove.isPending;

  return (
    <>
      <Dialog
        open
        onClose={busy ? undefined : onClose}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="md"
        aria-labelledby="course-form-title"
        slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
      >
        <DialogTitle id="course-form-title">{isNew ? 'Add New Course' : 'Edit Course'}</DialogTitle>
        <DialogContent dividers>
          {generalError && (
            <Alert severity="error" sx={{ mb: 2.5 }}>
              {generalError}
            </Alert>
          )}
          <Box
            sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.4fr) minmax(0, 1fr)' } }}
          >
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
              <FormField
                label="Title"
                name="title"
                required
                autoFocus={isNew}
                value={values.title}
                onChange={onTitle}
                error={!!fields.errors.title}
                helperText={fields.errors.title}
              />
              <FormField
                label="Slug"
                name="slug"
                required
                value={values.slug}
                onChange={(event) => {
                  setSlugEdited(true);
                  set('slug', event.target.value);
                }}
                error={!!fields.errors.slug}
                helperText={fields.errors.slug ?? `The course address: /courses/${values.slug || 'your-course'}`}
              />
              <FormField
                label="Description"
                name="description"
                multiline
                minRows={3}
                maxRows={10}
                value={values.description}
                onChange={(event) => set('description', event.target.value)}
                error={!!fields.errors.description}
                helperText={fields.errors.description}
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
              <OptionPicker
                label="Required tags"
                options={tagOptions}
                value={values.tags}
                onChange={(next) => set('tags', next)}
                loading={tagsQuery.isLoading}
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
                  {upload.isPending && (
                    <Box
                      sx={{
                        position: 'absolute',
                        inset: 0,
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: 'rgba(255,255,255,0.7)',
                        borderRadius: 2,
                      }}
                    >
                      <CircularProgress size={32} aria-label="Uploading cover photo" />
                    </Box>
                  )}
                </Box>
                <Box sx={{ display: 'flex', gap: 1, mt: 1.25, flexWrap: 'wrap' }}>
                  <Button
                    component="label"
                    variant="outlined"
                    size="small"
                    startIcon={<AddPhotoAlternateRounded />}
                    loading={upload.isPending}
                    loadingPosition="start"
                  >
                    {values.coverPhotoUrl ? 'Change cover photo' : 'Upload cover photo'}
                    <input type="file" accept="image/*" hidden onChange={onCover} />
                  </Button>
                  {values.coverPhotoUrl && (
                    <Button size="small" color="inherit" onClick={() => set('coverPhotoUrl', null)}>
                      Remove
                    </Button>
                  )}
                </Box>
                {upload.isError && (
                  <Alert severity="error" sx={{ mt: 1.25 }}>
                    {UPLOAD_ERROR_MESSAGE}
                  </Alert>
                )}
              </Box>
              <Box>
                <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
                  Who can see it
                </Typography>
                <FormControlLabel
                  control={
                    <Switch
                      checked={values.visibleToBasic}
                      onChange={(event) => set('visibleToBasic', event.target.checked)}
                      name="visibleToBasic"
                    />
                  }
                  label="Visible to basic members"
                />
                <FormControlLabel
                  control={
                    <Switch
                      checked={values.visibleToPremium}
                      onChange={(event) => set('visibleToPremium', event.target.checked)}
                      name="visibleToPremium"
                    />
                  }
                  label="Visible to premium members and coaches"
                />
                <FormHelperText>Admins always see every course.</FormHelperText>
              </Box>
            </Box>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
          {!isNew && (
            <Button
              color="error"
              startIcon={<DeleteOutlineRounded />}
              onClick={() => setConfirmDelete(true)}
              disabled={busy}
              sx={{ mr: 'auto' }}
            >
              Delete
            </Button>
          )}
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={upsert.isPending} disabled={upload.isPending}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this course?"
        confirmLabel="Delete course"
        pending={remove.isPending}
        onConfirm={doDelete}
        onClose={() => setConfirmDelete(false)}
      >
        “{course?.title}” will be removed from the catalogue. Its modules stay and can be added to another course.
      </ConfirmDialog>
    </>
  );
}
