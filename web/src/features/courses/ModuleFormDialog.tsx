import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from 'notistack';
import { type FormEvent, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { type CoursePageModule, useDeleteModule, useTagOptions, useUpsertModule } from '../../api/courses';
import { FormField } from '../../components/FormField';
import { ConfirmDialog } from './ConfirmDialog';
import { REQUIRED } from './CourseFormDialog';
import { NEW_ITEM_POSITION, TOASTS } from './constants';
import { OptionPicker, type PickerOption } from './OptionPicker';

/**
 * Add or edit a module of this course (admins): title, position, visibility per membership and tags; Delete for an
 * existing module. A new module starts at position 0. Server errors are shown under the title.
 */
export default function ModuleFormDialog({
  courseId,
  module,
  onClose,
  onDeleted,
}: {
  courseId: number;
  module: CoursePageModule | null;
  onClose: () => void;
  onDeleted?: (id: number) => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const isNew = module === null;
  const [title, setTitle] = useState(module?.title ?? '');
  const [position, setPosition] = useState(String(module?.position ?? NEW_ITEM_POSITION));
  const [visibleToBasic, setVisibleToBasic] = useState(module?.visibleToBasic ?? true);
  const [visibleToPremium, setVisibleToPremium] = useState(module?.visibleToPremium ?? true);
  const [tags, setTags] = useState<PickerOption[]>(() => (module?.Tags ?? []).map((t) => ({ id: t.id, name: t.name })));
  const [titleError, setTitleError] = useState<string | null>(null);
  const [positionError, setPositionError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const upsert = useUpsertModule();
  const remove = useDeleteModule();
  const tagsQuery = useTagOptions();
  const tagOptions = useMemo(() => (tagsQuery.data ?? []).map((t) => ({ id: t.id, name: t.name })), [tagsQuery.data]);

  /** Every server error is shown under the title (a field map is joined, a string shown as is). */
  const showError = (error: unknown) => {
    if (error instanceof ApiError && error.hasFieldErrors) {
      const { position: positionMessage, ...rest } = error.errors;
      if (positionMessage) setPositionError(positionMessage);
      const others = Object.values(rest);
      setTitleError(others.length > 0 ? others.join(' ') : null);
    } else {
      setTitleError(errorMessage(error));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    const pos = Number(position);
    if (!trimmed) return setTitleError(REQUIRED);
    if (!Number.isInteger(pos) || pos < 0) return setPositionError('Position must be a whole number, 0 or more');
    upsert.mutate(
      {
        id: module?.id ?? null,
        title: trimmed,
        position: pos,
        visibleToBasic,
        visibleToPremium,
        Tags: tags.map((t) => ({ id: t.id, name: t.name })),
        CourseId: courseId,
      },
      {
        onSuccess: () => {
          enqueueSnackbar(TOASTS.moduleSaved, { variant: 'success' });
          onClose();
        },
        onError: showError,
      },
    );
  };

  const doDelete = () => {
    if (!module) return;
    remove.mutate(module.id, {
      onSuccess: () => {
        enqueueSnackbar(TOASTS.moduleDeleted, { variant: 'success' });
        setConfirmDelete(false);
        onClose();
        onDeleted?.(module.id);
      },
      onError: (error) => {
        setConfirmDelete(false);
        showError(error);
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
        maxWidth="sm"
        aria-labelledby="module-form-title"
        slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
      >
        <DialogTitle id="module-form-title">{isNew ? 'Add Module' : 'Edit Module'}</DialogTitle>
        <DialogContent dividers>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
            <FormField
              label="Title"
              name="title"
              required
              autoFocus={isNew}
              value={title}
              onChange={(event) => {
                setTitle(event.target.value);
                setTitleError(null);
              }}
              error={!!titleError}
              helperText={titleError ?? undefined}
            />
            <FormField
              label="Position"
              name="position"
              type="number"
              inputProps={{ min: 0, step: 1, inputMode: 'numeric' }}
              value={position}
              onChange={(event) => {
                setPosition(event.target.value);
                setPositionError(null);
              }}
              error={!!positionError}
              helperText={positionError ?? 'Lower numbers come first. Use Manage Order to drag modules instead.'}
            />
            <Box>
              <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
                Who can see it
              </Typography>
              <FormControlLabel
                control={
                  <Switch
                    checked={visibleToBasic}
                    onChange={(e) => setVisibleToBasic(e.target.checked)}
                    name="visibleToBasic"
                  />
                }
                label="Visible to basic members"
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={visibleToPremium}
                    onChange={(e) => setVisibleToPremium(e.target.checked)}
                    name="visibleToPremium"
                  />
                }
                label="Visible to premium members and coaches"
              />
              <FormHelperText>Members holding one of the tags below see it whatever their membership.</FormHelperText>
            </Box>
            <OptionPicker
              label="Tags"
              options={tagOptions}
              value={tags}
              onChange={setTags}
              loading={tagsQuery.isLoading}
            />
            {upsert.isError && !titleError && !positionError && (
              <Alert severity="error">{errorMessage(upsert.error)}</Alert>
            )}
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
          <Button type="submit" variant="contained" loading={upsert.isPending}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this module?"
        confirmLabel="Delete module"
        pending={remove.isPending}
        onConfirm={doDelete}
        onClose={() => setConfirmDelete(false)}
      >
        “{module?.title}” and all of its lessons will be deleted. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
