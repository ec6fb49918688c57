import AddRounded from '@mui/icons-material/AddRounded';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import FormatListNumberedRounded from '@mui/icons-material/FormatListNumberedRounded';
import MenuBookRounded from '@mui/icons-material/MenuBookRounded';
import SwapVertRounded from '@mui/icons-material/SwapVertRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, type ReactNode, Suspense, type SyntheticEvent, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  type CourseLesson,
  type CoursePage as CoursePageData,
  type CoursePageLesson,
  type CoursePageModule,
  useCourseLesson,
  useCoursePage,
  useMarkLesson,
  usePrefetchLesson,
  useReorderCourse,
} from '../../../api/courses';
import { Disclosure } from '../../../components/Disclosure';
import { LazyLinearProgress } from '../../../components/LazyMui';
import { SearchInput } from '../../../components/SearchInput';
import { TextLink } from '../../../components/TextLink';
import { usePageTitle } from '../../../components/usePageTitle';
import { idFromSegment } from '../../../early/requests';
import { SEARCH_PARAM, searchWords } from '../catalogue/catalogue';
import { COMPLETED_PROGRESS, TOASTS } from '../constants';
import type { CourseFormSource } from '../editor/CourseFormDialog';
import { ReorderActions, ReorderPanel } from '../ReorderControls';
import { useAddressSearch } from '../useAddressSearch';
import { useReorderMode } from '../useReorderMode';
import { CourseOutline } from './CourseOutline';
import { LessonPanel } from './LessonPanel';
import { courseReorderBody, flattenLessons, neighboursOf, resolveSelection, withCompletion } from './outline';
import { useOutlineSections } from './useOutlineSections';

/** Admin-only pieces are their own downloads. */
const CourseFormDialog = lazy(() => import('../editor/CourseFormDialog'));
const ModuleFormDialog = lazy(() => import('../editor/ModuleFormDialog'));
const LessonFormDialog = lazy(() => import('../editor/LessonFormDialog'));
const CourseReorderBoard = lazy(() => import('./CourseReorderBoard'));
// Shown only for a module that has not opened to her yet (drip): not part of the course page's first load.
const LockedModulePanel = lazy(() => import('./LockedModulePanel'));

import { toast } from '../../../components/toast';
import { CourseProgressSummary, CourseSkeleton, InsightsLink } from './CourseParts';

export function CourseView({ course }: { course: CoursePageData }) {
  // What the person may do here comes with the course (abilities), never from a role check.
  const canEditCourse = course.abilities.edit;
  const canReorder = course.abilities.reorder;
  const canAddModule = canEditCourse;
  const params = useParams();
  const moduleId = idFromSegment(params.moduleId);
  const lessonId = idFromSegment(params.lessonId);
  const navigate = useNavigate();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  usePageTitle(course.title);

  // Lesson search: typed -> debounced -> address (?search=), so it survives moving between lessons.
  const { input, setInput, search: urlSearch } = useAddressSearch();

  const searched = useCoursePage(course.slug, urlSearch, { enabled: urlSearch !== '' });
  const searchActive = urlSearch !== '' || input.trim() !== '';
  const searchLoading = input.trim() !== urlSearch || (urlSearch !== '' && searched.isFetching);
  const outlineModules = urlSearch ? (searched.data?.Modules ?? null) : course.Modules;
  const words = useMemo(() => searchWords(urlSearch), [urlSearch]);
  const linkSearch = urlSearch ? `?${new URLSearchParams({ [SEARCH_PARAM]: urlSearch }).toString()}` : '';

  // The bare course address resumes where she left off, once: completing the lesson on screen must not move her on.
  const [resumedId] = useState(() =>
    lessonId === null && moduleId === null
      ? (resolveSelection<CoursePageLesson, CoursePageModule>(course.Modules, null, null).lesson?.id ?? null)
      : null,
  );
  const selection = resolveSelection<CoursePageLesson, CoursePageModule>(
    course.Modules,
    moduleId,
    lessonId ?? (moduleId === null ? resumedId : null),
  );
  const selectedLesson = selection.lesson;
  const selectedModule = selection.module;
  const { previous, next } = neighboursOf<CoursePageLesson, CoursePageModule>(course.Modules, selectedLesson?.id);
  const allLessons = flattenLessons<CoursePageLesson, CoursePageModule>(course.Modules);
  // A lesson of a locked module (drip) is not asked for: the service refuses it until the module opens.
  const detail = useCourseLesson(course.slug, selectedModule?.opensAt ? null : (selectedLesson?.id ?? null));
  // Next Lesson opens without a wait: its content is fetched while this one is read.
  const prefetch = usePrefetchLesson(course.slug);
  const nextId = next?.lesson.id ?? null;
  const previousId = previous?.lesson.id ?? null;
  useEffect(() => {
    if (nextId !== null) void prefetch(nextId);
    if (previousId !== null) void prefetch(previousId);
  }, [nextId, previousId, prefetch]);
  const doneCount = allLessons.filter((entry) => entry.lesson.completed === 'true').length;
  const courseCompleted = allLessons.length > 0 && course.totalProgress >= COMPLETED_PROGRESS;

  const { expanded, toggle, contentOpen, setContentOpen, revealModule } = useOutlineSections(
    selectedModule?.id ?? null,
    urlSearch,
    searched.data?.Modules,
  );

  // Reading a new lesson starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the lesson changes
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [selectedLesson?.id]);

  // Completion
  const mark = useMarkLesson(course.slug);
  const toggleCompleted = () => {
    if (!selectedLesson) return;
    const completed = selectedLesson.completed !== 'true';
    const local = withCompletion(course.Modules, selectedLesson.id, completed);
    const progressOf = new Map(local.modules.map((m) => [m.id, m.totalProgress]));
    const flag = completed ? ('true' as const) : ('false' as const);
    mark.mutate(
      {
        lessonId: selectedLesson.id,
        completed,
        optimistic: (page) => ({
          ...page,
          totalProgress: local.courseProgress,
          Modules: page.Modules.map((m) => ({
            ...m,
            totalProgress: progressOf.get(m.id) ?? m.totalProgress,
            Lessons: m.Lessons.map((l) => (l.id === selectedLesson.id ? { ...l, completed: flag } : l)),
          })),
        }),
      },
      {
        onSuccess: () => toast(completed ? TOASTS.markedCompleted : TOASTS.markedUncompleted, 'success'),
        onError: () => toast(completed ? TOASTS.markCompletedFailed : TOASTS.markUncompletedFailed, 'error'),
      },
    );
  };

  // Admin: forms and reorder mode
  const [courseForm, setCourseForm] = useState(false);
  const [moduleForm, setModuleForm] = useState<{ module: CoursePageModule | null } | null>(null);
  const [lessonForm, setLessonForm] = useState<{ lesson: CourseLesson | null; moduleId: number } | null>(null);
  const reorder = useReorderMode({
    mutation: useReorderCourse(),
    body: (order: CoursePageModule[]) => courseReorderBody(course.id, order),
    saved: TOASTS.modulesReordered,
    failed: TOASTS.modulesReorderFailed,
    enabled: canReorder,
  });
  const reordering = reorder.active;

  // The forms (like the reorder mode) close when the person may no longer edit (role switch reloads the course).
  useEffect(() => {
    if (!canEditCourse) {
      setCourseForm(false);
      setModuleForm(null);
      setLessonForm(null);
    }
  }, [canEditCourse]);

  const formSource: CourseFormSource = {
    ...course,
    Modules: course.Modules.map((m) => ({ id: m.id, title: m.title })),
  };

  const adminActions = (canEditCourse || canReorder) && (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {reordering ? (
        <ReorderActions reorder={reorder} />
      ) : (
        <>
          {canEditCourse && (
            <Button variant="outlined" size="small" startIcon={<EditRounded />} onClick={() => setCourseForm(true)}>
              Edit course
            </Button>
          )}
          {canEditCourse && <InsightsLink slug={course.slug} />}
          {canAddModule && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<AddRounded />}
              onClick={() => setModuleForm({ module: null })}
            >
              Add module
            </Button>
          )}
          {canReorder && !searchActive && !searchLoading && course.Modules.length > 0 && (
            <Button
              variant="contained"
              size="small"
              startIcon={<SwapVertRounded />}
              onClick={() => reorder.start(course.Modules)}
            >
              Manage Order
            </Button>
          )}
        </>
      )}
    </Box>
  );

  const searchBox = (
    <SearchInput
      small
      value={input}
      onChange={setInput}
      placeholder="Search lessons"
      disabled={reordering}
      label="Search lessons"
      clearLabel="Clear lesson search"
    />
  );

  // A lesson pointed at or focused in the outline starts loading, so it is there when clicked.
  const prefetchFromLink = (event: SyntheticEvent) => {
    const href = (event.target as Element).closest?.('a')?.getAttribute('href') ?? '';
    const id = idFromSegment(/^\/courses\/[^/]+\/\d+\/(\d+)/.exec(href)?.[1]);
    if (id !== null) void prefetch(id);
  };

  const outline = (
    <Box sx={{ position: 'relative' }} onPointerOver={prefetchFromLink} onFocus={prefetchFromLink}>
      {searchLoading && (
        <LazyLinearProgress
          aria-label="Searching lessons"
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }}
        />
      )}
      {course.Modules.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2.5 }}>
          This course has no lessons yet.
        </Typography>
      ) : outlineModules === null ? (
        <Box sx={{ p: 2 }}>
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Box>
      ) : outlineModules.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2.5 }}>
          No lessons match “{urlSearch}”.
        </Typography>
      ) : (
        <CourseOutline
          slug={course.slug}
          modules={outlineModules}
          allModules={course.Modules}
          selectedLessonId={selectedLesson?.id ?? null}
          expanded={expanded}
          onToggle={toggle}
          words={words}
          linkSearch={linkSearch}
          onEditModule={(module) => setModuleForm({ module })}
          onAddLesson={(module) => setLessonForm({ lesson: null, moduleId: module.id })}
        />
      )}
    </Box>
  );

  const progressSummary = (
    <CourseProgressSummary
      completed={courseCompleted}
      progress={course.totalProgress}
      done={doneCount}
      total={allLessons.length}
    />
  );

  let content: ReactNode;
  if (selectedLesson && selectedModule?.opensAt) {
    content = (
      <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
        <LockedModulePanel module={selectedModule} lesson={selectedLesson} />
      </Suspense>
    );
  } else if (selectedLesson && selectedModule) {
    content = (
      <>
        {selection.missing && (
          <Alert severity="info" sx={{ mb: 2 }}>
            That lesson isn’t available, so we opened {lessonId ? 'the first lesson' : 'the start of the course'}{' '}
            instead.
          </Alert>
        )}
        {courseCompleted && (
          <Alert severity="success" icon={<EmojiEventsRounded />} sx={{ mb: 2 }}>
            You have completed every lesson of this course. Well done!
          </Alert>
        )}
        <LessonPanel
          slug={course.slug}
          module={selectedModule}
          lesson={selectedLesson}
          detail={detail.data}
          detailFailed={detail.isError}
          nextTo={next && `/courses/${course.slug}/${next.module.id}/${next.lesson.id}${linkSearch}`}
          previousTo={previous && `/courses/${course.slug}/${previous.module.id}/${previous.lesson.id}${linkSearch}`}
          pending={mark.isPending}
          onToggleCompleted={toggleCompleted}
          onEdit={() => detail.data && setLessonForm({ lesson: detail.data, moduleId: selectedModule.id })}
        />
      </>
    );
  } else {
    content = (
      <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, textAlign: 'center', borderStyle: 'dashed' }}>
        <MenuBookRounded sx={{ fontSize: 44, color: 'primary.light', mb: 1.5 }} />
        <Typography variant="h4" component="p" sx={{ mb: 1 }}>
          {selectedModule ? 'No lessons in this module yet' : 'Lessons are on their way'}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 420, mx: 'auto' }}>
          {canAddModule
            ? 'Add a module, then add lessons to it from the course content list.'
            : 'This course doesn’t have any lessons yet. Check back soon!'}
        </Typography>
      </Paper>
    );
  }

  return (
    <>
      <TextLink to="/courses" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ArrowBackRounded fontSize="small" />
        Back to courses
      </TextLink>

      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 1.5, maxWidth: 900 }}>
        {course.title}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 3,
          rowGap: 2,
          mb: { xs: 2.5, md: 3.5 },
        }}
      >
        {progressSummary}
        {adminActions}
      </Box>

      {reordering ? (
        <ReorderPanel
          fallback={<CourseSkeleton />}
          hint="Drag modules and lessons into the order members should follow — lessons can move to another module too. Press Save when you are done."
        >
          <CourseReorderBoard modules={reorder.order} onChange={reorder.setOrder} disabled={reorder.pending} />
        </ReorderPanel>
      ) : desktop ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { md: '300px minmax(0, 1fr)', lg: '340px minmax(0, 1fr)' },
            gap: { md: 3, lg: 4 },
            alignItems: 'start',
          }}
        >
          <Paper
            component="nav"
            aria-label="Course content"
            variant="outlined"
            sx={{
              position: 'sticky',
              top: 24,
              maxHeight: 'calc(100dvh - 48px)',
              display: 'flex',
              flexDirection: 'column',
              overflow: 'hidden',
            }}
          >
            <Box sx={{ p: 2, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <Typography
                variant="subtitle2"
                component="h2"
                sx={{ mb: 1.25, display: 'flex', alignItems: 'center', gap: 1 }}
              >
                <FormatListNumberedRounded fontSize="small" sx={{ color: 'primary.main' }} />
                Course content
              </Typography>
              {searchBox}
            </Box>
            <Box sx={{ overflowY: 'auto', flex: 1 }}>{outline}</Box>
          </Paper>
          <Box sx={{ minWidth: 0 }}>{content}</Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {searchBox}
          <Disclosure
            component="nav"
            label="Course content"
            expanded={contentOpen}
            onChange={setContentOpen}
            summaryId="course-content-summary"
            regionId="course-content"
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 3,
              overflow: 'hidden',
              bgcolor: 'background.paper',
            }}
            summarySx={{ bgcolor: (t) => alpha(t.palette.primary.main, 0.04) }}
            regionSx={{ borderTop: 1, borderColor: 'divider' }}
            summary={
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <FormatListNumberedRounded fontSize="small" sx={{ color: 'primary.main' }} />
                <Typography sx={{ fontWeight: 700 }}>Course content</Typography>
                <Typography variant="body2" color="text.secondary">
                  · {course.Modules.length} {course.Modules.length === 1 ? 'module' : 'modules'}
                </Typography>
              </Box>
            }
          >
            {outline}
          </Disclosure>
          <Box sx={{ minWidth: 0 }}>{content}</Box>
        </Box>
      )}

      {canEditCourse && courseForm && (
        <Suspense fallback={null}>
          <CourseFormDialog
            course={formSource}
            onClose={() => setCourseForm(false)}
            onSaved={(saved) => {
              if (saved.slug !== course.slug) navigate(`/courses/${saved.slug}`, { replace: true });
            }}
            onDeleted={() => navigate('/courses', { replace: true })}
          />
        </Suspense>
      )}
      {canAddModule && moduleForm && (
        <Suspense fallback={null}>
          <ModuleFormDialog
            courseId={course.id}
            module={moduleForm.module}
            onClose={() => setModuleForm(null)}
            onSaved={(saved, isNew) => {
              if (isNew) revealModule(saved.id);
            }}
            onDeleted={(id) => {
              if (selectedModule?.id === id) navigate(`/courses/${course.slug}`, { replace: true });
            }}
          />
        </Suspense>
      )}
      {canAddModule && lessonForm && (
        <Suspense fallback={null}>
          <LessonFormDialog
            lesson={lessonForm.lesson}
            moduleId={lessonForm.moduleId}
            modules={course.Modules.map((m) => ({ id: m.id, title: m.title }))}
            onClose={() => setLessonForm(null)}
            onSaved={(saved, isNew) => {
              if (isNew || saved.ModuleId !== lessonForm.moduleId) {
                navigate(`/courses/${course.slug}/${saved.ModuleId}/${saved.id}`);
              }
            }}
            onDeleted={(id) => {
              if (selectedLesson?.id === id) navigate(`/courses/${course.slug}`, { replace: true });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
