import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import UndoRounded from '@mui/icons-material/UndoRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { CourseLesson, CoursePageLesson, CoursePageModule } from '../../../api/courses';
import { AfterFirstPaint } from '../../../components/AfterFirstPaint';
import { DeferredMarkdown } from '../../../components/DeferredMarkdown';
import { Chip } from '../../../components/LazyMui';
import { TOAST_BAND_PX } from '../../../components/Toasts';
import { LessonVideo } from './LessonVideo';

/** The quiz's form controls load only with a lesson that has one (the course page's first load stays as it was). */
const LessonQuiz = lazy(() => import('../quiz/LessonQuiz').then((m) => ({ default: m.LessonQuiz })));
const LessonDiscussion = lazy(() =>
  import('../discussion/LessonDiscussion').then((m) => ({ default: m.LessonDiscussion })),
);

/**
 * A divider line (an <hr>, like MUI's Divider, which was two more files before a course page's heading for one line
 * of CSS).
 */
function LessonRule({ sx }: { sx: SxProps<Theme> }) {
  return (
    <Box
      component="hr"
      sx={[{ border: 0, borderTop: 1, borderColor: 'divider' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}

/**
 * The lesson being read: its module, title, markdown content, completion toggle and the way on. The title and
 * completion come with the outline; the content (`detail`) loads per lesson and shows a placeholder until it is in.
 */
export function LessonPanel({
  slug,
  module,
  lesson,
  detail,
  detailFailed,
  nextTo,
  previousTo,
  pending,
  onToggleCompleted,
  onEdit,
}: {
  slug: string;
  module: CoursePageModule;
  lesson: CoursePageLesson;
  /** The lesson's content, Tags and abilities (GET /api/course/{slug}/lessons/{id}); undefined while it loads. */
  detail: CourseLesson | undefined;
  detailFailed: boolean;
  /** Address of the next lesson across modules; null on the last one. */
  nextTo: string | null;
  /** Address of the previous lesson across modules; null on the first one. */
  previousTo: string | null;
  pending: boolean;
  onToggleCompleted: () => void;
  onEdit: () => void;
}) {
  const completed = lesson.completed === 'true';
  // A lesson with a quiz is completed by passing it (the service refuses otherwise): the button waits for a pass.
  const quizToPass = !completed && detail?.quiz != null && !detail.quiz.progress.passed;
  const actions = useRef<HTMLDivElement>(null);
  useLessonShortcuts(previousTo, nextTo);
  // Marking raises a toast at the top of the window: when the button row is scrolled up into that band, the page
  // first moves it down below the band, so the toast never covers Mark as Completed or Next Lesson.
  const toggle = () => {
    const row = actions.current;
    if (row) {
      // Toasts show at the top on wide screens and at the bottom on phones: keep the row out of their band.
      const rect = row.getBoundingClientRect();
      if (window.matchMedia('(min-width: 900px)').matches) {
        if (rect.top < TOAST_BAND_PX.desktop) window.scrollBy({ top: rect.top - TOAST_BAND_PX.desktop });
      } else {
        const limit = window.innerHeight - TOAST_BAND_PX.phone;
        if (rect.bottom > limit) window.scrollBy({ top: rect.bottom - limit });
      }
    }
    onToggleCompleted();
  };
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby="lesson-title"
      // On a phone the page can always scroll the lesson's buttons above the toasts at the bottom.
      sx={{ p: { xs: 2.5, sm: 3.5, md: 4.5 }, mb: { xs: `${TOAST_BAND_PX.phone}px`, md: 0 } }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: 'flex-start',
          gap: { xs: 1.5, sm: 2 },
          mb: 1,
        }}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="overline" component="p" color="secondary.dark" sx={{ lineHeight: 1.6, mb: 0.5 }}>
            {module.title}
          </Typography>
          <Typography id="lesson-title" variant="h2" component="h2" sx={{ fontSize: { xs: '1.5rem', md: '1.875rem' } }}>
            {lesson.title}
          </Typography>
        </Box>
        {detail?.abilities.edit && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<EditRounded />}
            onClick={onEdit}
            aria-label={`Edit lesson ${lesson.title}`}
            sx={{ flexShrink: 0, mt: { sm: 0.5 } }}
          >
            Edit lesson
          </Button>
        )}
      </Box>
      {completed && (
        <Chip
          icon={<CheckCircleRounded />}
          label="Completed"
          color="success"
          size="small"
          variant="outlined"
          sx={{ mb: 1, fontWeight: 700 }}
        />
      )}
      <LessonRule sx={{ my: 2.5 }} />
      {!detail ? (
        detailFailed ? (
          <Typography color="error" sx={{ py: 3 }}>
            We could not load this lesson. Reload the page to try again.
          </Typography>
        ) : (
          <Box role="status" aria-label="Loading lesson" sx={{ maxWidth: 760 }}>
            {[100, 94, 97, 60].map((w) => (
              <Skeleton key={w} width={`${w}%`} />
            ))}
          </Box>
        )
      ) : detail.content.trim() || detail.videoUrl ? (
        <Box sx={{ maxWidth: 760 }}>
          <LessonVideo lessonId={detail.id} url={detail.videoUrl} startAt={detail.videoPosition} title={detail.title} />
          {detail.content.trim() && <DeferredMarkdown source={detail.content} label="Lesson content" />}
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ py: 3 }}>
          This lesson has no written content yet.
        </Typography>
      )}
      {detail?.quiz && (
        <Suspense fallback={<Skeleton variant="rounded" height={160} sx={{ mt: 4, maxWidth: 760 }} />}>
          <LessonQuiz
            key={detail.id}
            slug={slug}
            lessonId={detail.id}
            quiz={detail.quiz}
            onPassed={() => {
              if (!completed) toggle();
            }}
          />
        </Suspense>
      )}
      <LessonRule sx={{ mt: 4, mb: 2.5 }} />
      <Box
        ref={actions}
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          justifyContent: 'space-between',
          gap: 1.5,
        }}
      >
        <Box
          sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, alignItems: { xs: 'stretch', sm: 'flex-start' } }}
        >
          <Button
            variant={completed ? 'outlined' : 'contained'}
            color={completed ? 'inherit' : 'success'}
            startIcon={completed ? <UndoRounded /> : <CheckRounded />}
            onClick={toggle}
            disabled={pending || quizToPass}
            size="large"
            aria-describedby={quizToPass ? 'lesson-quiz-first' : undefined}
          >
            {completed ? 'Mark as Uncompleted' : 'Mark as Completed'}
          </Button>
          {quizToPass && (
            <Typography id="lesson-quiz-first" variant="body2" color="text.secondary">
              Pass the quiz above to complete this lesson.
            </Typography>
          )}
        </Box>
        <Box
          role="group"
          aria-label="Lesson navigation"
          sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}
        >
          {previousTo && (
            <Button
              component={RouterLink}
              to={previousTo}
              variant="outlined"
              startIcon={<ArrowBackRounded />}
              size="large"
              aria-keyshortcuts={SHORTCUTS.previous.aria}
              sx={{ flex: { xs: 1, sm: 'none' } }}
            >
              Previous Lesson
            </Button>
          )}
          {nextTo ? (
            <Button
              component={RouterLink}
              to={nextTo}
              variant="contained"
              endIcon={<ArrowForwardRounded />}
              size="large"
              aria-keyshortcuts={SHORTCUTS.next.aria}
              sx={{ flex: { xs: 1, sm: 'none' } }}
            >
              Next Lesson
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: { xs: 'center', sm: 'right' } }}>
              This is the last lesson of the course.
            </Typography>
          )}
        </Box>
      </Box>
      {(previousTo || nextTo) && (
        <Typography
          variant="caption"
          component="p"
          color="text.secondary"
          sx={{ display: { xs: 'none', sm: 'block' }, mt: 1.5, textAlign: 'right' }}
        >
          Keyboard: {SHORTCUTS.previous.label} previous lesson · {SHORTCUTS.next.label} next lesson
        </Typography>
      )}
      {/* Asked for once the lesson has painted: rendered at once, its files would start before the course page's
          heading shows, inside its first-load budget. */}
      {detail && (
        <AfterFirstPaint key={detail.id} fallback={null}>
          <LessonDiscussion lessonId={detail.id} />
        </AfterFirstPaint>
      )}
    </Paper>
  );
}

/**
 * Alt+Shift+Left / Alt+Shift+Right: a modifier pair no browser (Alt+Left is Back), screen reader (NVDA/JAWS use
 * Insert or Caps Lock, VoiceOver Control+Option) or text field (ignored while typing) needs for itself.
 */
const SHORTCUTS = {
  previous: { key: 'ArrowLeft', aria: 'Alt+Shift+ArrowLeft', label: 'Alt+Shift+←' },
  next: { key: 'ArrowRight', aria: 'Alt+Shift+ArrowRight', label: 'Alt+Shift+→' },
} as const;

/** Whether a key press belongs to what the person is typing in (fields, editors) or to an open dialog. */
function typingOrInDialog(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [role="dialog"], [role="textbox"], [role="combobox"]')) return true;
  return document.querySelector('[role="dialog"]') !== null;
}

function useLessonShortcuts(previousTo: string | null, nextTo: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey || event.repeat) return;
      if (event.defaultPrevented || typingOrInDialog(event.target)) return;
      const to =
        event.key === SHORTCUTS.previous.key ? previousTo : event.key === SHORTCUTS.next.key ? nextTo : undefined;
      if (!to) return;
      event.preventDefault();
      navigate(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, previousTo, nextTo]);
}
