import AddPhotoAlternateRounded from '@mui/icons-material/AddPhotoAlternateRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from 'notistack';
import { type ChangeEvent, type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import {
  type CoursePageLesson,
  type LessonItem,
  useDeleteLesson,
  useTagOptions,
  useUpsertLesson,
} from '../../api/courses';
import { useUploadImage } from '../../api/uploads';
import { FormField } from '../../components/FormField';
import { ConfirmDialog } from './ConfirmDialog';
import { REQUIRED } from './CourseFormDialog';
import { NEW_ITEM_POSITION, TOASTS, UPLOAD_ERROR_MESSAGE } from './constants';
import { Markdown } from './Markdown';
import { OptionPicker, type PickerOption } from './OptionPicker';

/** `![name](url)` for an uploaded picture; the alt text is the file name without extension or brackets. */
export function imageMarkdown(fileName: string, url: string): string {
  const alt =
    fileName
      .replace(/\.[^.]+$/, '')
      .replace(/[[\]()]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'image';
  return `![${alt}](${url})`;
}

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Add or edit a lesson (admins): title, markdown content with a live preview, module (fixed for a new lesson: it is
 * created in the module whose 'Add lesson' was pressed), tags. 'Upload image' stores a picture and copies its
 * markdown to the clipboard, ready to paste into the content.
 */
export default function LessonFormDialog({
  lesson,
  moduleId,
  modules,
  onClose,
  onSaved,
  onDeleted,
}: {
  lesson: CoursePageLesson | null;
  moduleId: number;
  modules: { id: number; title: string }[];
  onClose: () => void;
  onSaved?: (lesson: LessonItem, isNew: boolean) => void;
  onDeleted?: (id: number) => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const { enqueueSnackbar } = useSnackbar();
  const isNew = lesson === null;
  const moduleSelectId = useId();
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [content, setContent] = useState(lesson?.content ?? '');
  const [targetModule, setTargetModule] = useState(lesson?.ModuleId ?? moduleId);
  const [tags, setTags] = useState<PickerOption[]>(() => (lesson?.Tags ?? []).map((t) => ({ id: t.id, name: t.name })));
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [lastImage, setLastImage] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const contentRef = useRef<HTMLTextAreaElement | null>(null);

  const upsert = useUpsertLesson();
  const remove = useDeleteLesson();
  const upload = useUploadImage();
  const tagsQuery = useTagOptions();
  const tagOptions = useMemo(() => (tagsQuery.data ?? []).map((t) => ({ id: t.id, name: t.name })), [tagsQuery.data]);

  /** Server errors: the title's (or a plain message) under the title, content/module ones under their field. */
  const showError = (error: unknown) => {
    if (error instanceof ApiError && error.hasFieldErrors) {
      const { content: contentMessage, ModuleId: moduleMessage, ...rest } = error.errors;
      setFieldErrors({
        ...(contentMessage ? { content: contentMessage } : {}),
        ...(moduleMessage ? { module: moduleMessage } : {}),
      });
      const others = Object.values(rest);
      setTitleError(others.length > 0 ? others.join(' ') : null);
    } else {
      setTitleError(errorMessage(error));
    }
  };

  const insertAtCursor = (text: string) => {
    const area = contentRef.current;
    const start = area?.selectionStart ?? content.length;
    const end = area?.selectionEnd ?? content.length;
    const before = content.slice(0, start);
    const glue = before && !before.endsWith('\n') ? '\n' : '';
    setContent(`${before}${glue}${text}\n${content.slice(end)}`);
    setMode('write');
  };

  const onImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: async (url) => {
        const markdown = imageMarkdown(file.name, url);
        setLastImage(markdown);
        if (await copyToClipboard(markdown)) enqueueSnackbar(TOASTS.imageCopied, { variant: 'success' });
        else enqueueSnackbar('Image uploaded — use “Insert into content” to add it', { variant: 'info' });
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return setTitleError(REQUIRED);
    upsert.mutate(
      {
        id: lesson?.id ?? null,
        title: trimmed,
        content,
        ModuleId: targetModule,
        Tags: tags.map((t) => ({ id: t.id, name: t.name })),
        ...(isNew ? { position: NEW_ITEM_POSITION } : {}),
      },
      {
        onSuccess: (body) => {
          enqueueSnackbar(TOASTS.lessonSaved, { variant: 'success' });
          onClose();
          if (body?.lesson) onSaved?.(body.lesson, body.isNew);
        },
        onError: showError,
      },
    );
  };

  const doDelete = () => {
    if (!lesson) return;
    remove.mutate(lesson.id, {
      onSuccess: () => {
        enqueueSnackbar(TOASTS.lessonDeleted, { variant: 'success' });
        setConfirmDelete(false);
        onClose();
        onDeleted?.(lesson.id);
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
        maxWidth="lg"
        aria-labelledby="lesson-form-title"
        slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
      >
        <DialogTitle id="lesson-form-title">{isNew ? 'Add Lesson' : 'Edit Lesson'}</DialogTitle>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' } }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
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
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 1,
                  flexWrap: 'wrap',
                }}
              >
                <ToggleButtonGroup
                  size="small"
                  exclusive
                  value={mode}
                  onChange={(_event, value: 'write' | 'preview' | null) => value && setMode(value)}
                  aria-label="Content view"
                >
                  <ToggleButton value="write" sx={{ px: 1.75, gap: 0.75 }}>
                    <EditNoteRounded fontSize="small" /> Write
                  </ToggleButton>
                  <ToggleButton value="preview" sx={{ px: 1.75, gap: 0.75 }}>
                    <VisibilityRounded fontSize="small" /> Preview
                  </ToggleButton>
                </ToggleButtonGroup>
                <Button
                  component="label"
                  size="small"
                  variant="outlined"
                  startIcon={<AddPhotoAlternateRounded />}
                  loading={upload.isPending}
                  loadingPosition="start"
                >
                  Upload image
                  <input type="file" accept="image/*" hidden onChange={onImage} aria-label="Upload image" />
                </Button>
              </Box>
              {upload.isError && <Alert severity="error">{UPLOAD_ERROR_MESSAGE}</Alert>}
              {lastImage && (
                <Alert
                  severity="success"
                  action={
                    <Button color="inherit" size="small" onClick={() => insertAtCursor(lastImage)}>
                      Insert into content
                    </Button>
                  }
                  sx={{ '& .MuiAlert-message': { minWidth: 0 } }}
                >
                  <Box component="code" sx={{ fontSize: '0.8rem', wordBreak: 'break-all' }}>
                    {lastImage}
                  </Box>
                </Alert>
              )}
              {mode === 'write' ? (
                <FormControl fullWidth error={!!fieldErrors.content}>
                  <InputLabel htmlFor="lesson-content" shrink>
                    Content
                  </InputLabel>
                  <OutlinedInput
                    id="lesson-content"
                    name="content"
                    label="Content"
                    notched
                    multiline
                    minRows={14}
                    maxRows={fullScreen ? 18 : 24}
                    value={content}
                    inputRef={contentRef}
                    onChange={(event) => {
                      setContent(event.target.value);
                      setFieldErrors(({ content: _c, ...rest }) => rest);
                    }}
                    placeholder={'Write the lesson in markdown: ## headings, **bold**, - lists, [links](https://...)'}
                    sx={{
                      alignItems: 'flex-start',
                      '& textarea': {
                        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                        fontSize: '0.9rem',
                        lineHeight: 1.6,
                      },
                    }}
                  />
                  <FormHelperText>
                    {fieldErrors.content ??
                      'Markdown: headings, lists, links, images, tables and YouTube/Vimeo embeds.'}
                  </FormHelperText>
                </FormControl>
              ) : (
                <Paper
                  variant="outlined"
                  aria-label="Content preview"
                  sx={{ p: { xs: 2, md: 3 }, minHeight: 320, bgcolor: 'background.default' }}
                >
                  {content.trim() ? (
                    <Markdown source={content} />
                  ) : (
                    <Typography color="text.secondary">Nothing to preview yet.</Typography>
                  )}
                </Paper>
              )}
            </Box>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
              <FormControl fullWidth disabled={isNew} error={!!fieldErrors.module}>
                <InputLabel htmlFor={moduleSelectId}>Module</InputLabel>
                <Select
                  native
                  label="Module"
                  value={String(targetModule)}
                  onChange={(event) => {
                    setTargetModule(Number(event.target.value));
                    setFieldErrors(({ module: _m, ...rest }) => rest);
                  }}
                  inputProps={{ id: moduleSelectId, name: 'ModuleId' }}
                >
                  {modules.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.title}
                    </option>
                  ))}
                </Select>
                <FormHelperText>
                  {fieldErrors.module ??
                    (isNew ? 'New lessons are added to the module you chose.' : 'Move the lesson to another module.')}
                </FormHelperText>
              </FormControl>
              <OptionPicker
                label="Tags"
                options={tagOptions}
                value={tags}
                onChange={setTags}
                loading={tagsQuery.isLoading}
              />
              <Typography variant="body2" color="text.secondary">
                Leave empty for everyone who can open the module. With tags, only members holding one of them (and
                admins) see the lesson.
              </Typography>
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
        title="Delete this lesson?"
        confirmLabel="Delete lesson"
        pending={remove.isPending}
        onConfirm={doDelete}
        onClose={() => setConfirmDelete(false)}
      >
        “{lesson?.title}” will be deleted for everyone, along with members’ completion of it.
      </ConfirmDialog>
    </>
  );
}
