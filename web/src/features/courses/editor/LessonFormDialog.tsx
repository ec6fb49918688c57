import AddPhotoAlternateRounded from '@mui/icons-material/AddPhotoAlternateRounded';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { type CourseLesson, type LessonItem, useDeleteLesson, useUpsertLesson } from '../../../api/courses';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { ImageUploadButton, UploadError, useImageUpload } from '../../../components/ImageUpload';
import { Markdown } from '../../../components/Markdown';
import type { PickerOption } from '../../../components/OptionPicker';
import { TagPicker, tagRefs } from '../../../components/TagPicker';
import { toast } from '../../../components/toast';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { useFormFields } from '../../../components/useFormFields';
import { NEW_ITEM_POSITION, REQUIRED, TOASTS } from '../constants';
import { QuizEditor } from '../quiz/QuizEditor';
import { quizDraftOf, quizOfDraft } from '../quiz/quizDraft';
import { showServerErrors } from './formErrors';
import { insertBlock } from './insertBlock';

/** Server errors: content and module messages under their fields, every other one under the title. */
const OWN_ERRORS = { content: 'content', ModuleId: 'module', videoUrl: 'videoUrl' };

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
  lesson: CourseLesson | null;
  moduleId: number;
  modules: { id: number; title: string }[];
  onClose: () => void;
  onSaved?: (lesson: LessonItem, isNew: boolean) => void;
  onDeleted?: (id: number) => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const isNew = lesson === null;
  const moduleSelectId = useId();
  const { values, setValues, setValue, field, fields } = useFormFields(() => ({
    title: lesson?.title ?? '',
    content: lesson?.content ?? '',
    videoUrl: lesson?.videoUrl ?? '',
    targetModule: lesson?.ModuleId ?? moduleId,
    tags: tagRefs(lesson?.Tags ?? []) as PickerOption[],
  }));
  const [quiz, setQuiz] = useState(() => quizDraftOf(lesson?.quiz));
  const [quizErrors, setQuizErrors] = useState<Record<string, string>>({});
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [lastImage, setLastImage] = useState<string | null>(null);
  const contentRef = useRef<HTMLTextAreaElement | null>(null);

  const upsert = useUpsertLesson();
  const showError = (error: unknown) => {
    // The quiz's messages go under its own fields, the others where the form shows them.
    const { quiz: forQuiz, rest } = splitQuizErrors(error);
    setQuizErrors(forQuiz);
    if (rest) showServerErrors(fields, rest, OWN_ERRORS);
    else fields.replace({});
  };
  const deletion = useConfirmedDelete({
    remove: useDeleteLesson(),
    id: lesson?.id ?? null,
    toast: TOASTS.lessonDeleted,
    onDeleted: (id) => {
      onClose();
      onDeleted?.(id);
    },
    onError: showError,
    title: 'Delete this lesson?',
    confirmLabel: 'Delete lesson',
    message: <>“{lesson?.title}” will be deleted for everyone, along with members’ completion of it.</>,
  });
  const upload = useImageUpload(async (url, file) => {
    const markdown = imageMarkdown(file.name, url);
    setLastImage(markdown);
    if (await copyToClipboard(markdown)) toast(TOASTS.imageCopied, 'success');
    else toast('Image uploaded — use “Insert into content” to add it', 'info');
  });

  const { content } = values;
  const insertAtCursor = (text: string) => {
    const area = contentRef.current;
    const start = area?.selectionStart ?? content.length;
    const end = area?.selectionEnd ?? content.length;
    setValues((current) => ({ ...current, content: insertBlock(content, start, end, text) }));
    setMode('write');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = values.title.trim();
    if (!trimmed) return fields.set('title', REQUIRED);
    upsert.mutate(
      {
        id: lesson?.id ?? null,
        title: trimmed,
        content,
        videoUrl: values.videoUrl.trim() || null,
        ModuleId: values.targetModule,
        Tags: tagRefs(values.tags),
        ...(isNew ? { position: NEW_ITEM_POSITION } : {}),
        quiz: quizOfDraft(quiz, Boolean(lesson?.quiz)),
      },
      {
        onSuccess: (body) => {
          toast(TOASTS.lessonSaved, 'success');
          onClose();
          if (body?.lesson) onSaved?.(body.lesson, body.isNew);
        },
        onError: showError,
      },
    );
  };

  return (
    <FormDialog
      titleId="lesson-form-title"
      title={isNew ? 'Add Lesson' : 'Edit Lesson'}
      maxWidth="lg"
      fullScreenBelow="md"
      onSubmit={submit}
      onClose={onClose}
      saving={upsert.isPending}
      saveDisabled={upload.isPending}
      deletion={deletion}
    >
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' } }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <FormField label="Title" required autoFocus={isNew} {...field('title')} />
          <FormField label="Video (optional: YouTube, Vimeo or an uploaded video address)" {...field('videoUrl')} />
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
            <ImageUploadButton
              upload={upload}
              icon={<AddPhotoAlternateRounded />}
              size="small"
              inputLabel="Upload image"
            >
              Upload image
            </ImageUploadButton>
          </Box>
          <UploadError upload={upload} />
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
            <FormControl fullWidth error={!!fields.errors.content}>
              <InputLabel htmlFor="lesson-content" shrink>
                Content
              </InputLabel>
              <OutlinedInput
                id="lesson-content"
                name="content"
                label="Content"
                aria-describedby="lesson-content-helper"
                notched
                multiline
                minRows={14}
                maxRows={fullScreen ? 18 : 24}
                value={content}
                inputRef={contentRef}
                onChange={(event) => setValue('content', event.target.value)}
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
              <FormHelperText id="lesson-content-helper" role={fields.errors.content ? 'alert' : undefined}>
                {fields.errors.content ?? 'Markdown: headings, lists, links, images, tables and YouTube/Vimeo embeds.'}
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
          <FormControl fullWidth disabled={isNew} error={!!fields.errors.module}>
            <InputLabel htmlFor={moduleSelectId}>Module</InputLabel>
            <Select
              native
              label="Module"
              value={String(values.targetModule)}
              onChange={(event) => {
                setValues((current) => ({ ...current, targetModule: Number(event.target.value) }));
                fields.clear('module');
              }}
              inputProps={{ id: moduleSelectId, name: 'ModuleId', 'aria-describedby': `${moduleSelectId}-helper` }}
            >
              {modules.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.title}
                </option>
              ))}
            </Select>
            <FormHelperText id={`${moduleSelectId}-helper`} role={fields.errors.module ? 'alert' : undefined}>
              {fields.errors.module ??
                (isNew ? 'New lessons are added to the module you chose.' : 'Move the lesson to another module.')}
            </FormHelperText>
          </FormControl>
          <TagPicker label="Tags" value={values.tags} onChange={(tags) => setValue('tags', tags)} />
          <Typography variant="body2" color="text.secondary">
            Leave empty for everyone who can open the module. With tags, only members holding one of them (and admins)
            see the lesson.
          </Typography>
        </Box>
      </Box>
      <Box sx={{ mt: 3 }}>
        <QuizEditor draft={quiz} onChange={setQuiz} errors={quizErrors} />
      </Box>
    </FormDialog>
  );
}

/** A save's field messages about the quiz ('quiz...'), apart from the rest (null when nothing else is left). */
function splitQuizErrors(error: unknown): { quiz: Record<string, string>; rest: unknown } {
  if (!(error instanceof ApiError && error.hasFieldErrors)) return { quiz: {}, rest: error };
  const entries = Object.entries(error.errors);
  const quiz = Object.fromEntries(entries.filter(([key]) => key === 'quiz' || key.startsWith('quiz.')));
  if (Object.keys(quiz).length === 0) return { quiz, rest: error };
  const others = entries.filter(([key]) => !(key === 'quiz' || key.startsWith('quiz.')));
  if (others.length === 0) return { quiz, rest: null };
  return { quiz, rest: new ApiError(error.status, error.message, { errors: Object.fromEntries(others) }) };
}
