import AddRounded from '@mui/icons-material/AddRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import SwapVertRounded from '@mui/icons-material/SwapVertRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../api/client';
import {
  type CatalogueResponse,
  type CourseCard as CourseCardData,
  fetchAllCourses,
  useCatalogue,
  useReorderCourses,
  useScope,
} from '../../../api/courses';
import { LazyLinearProgress, Tooltip } from '../../../components/LazyMui';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import { TabStrip } from '../../../components/TabStrip';
import { CATALOGUE_PREVIEW_COUNT, TOASTS } from '../constants';
import { renumber } from '../course/outline';
import { ReorderActions, ReorderPanel } from '../ReorderControls';
import { useAddressSearch } from '../useAddressSearch';
import { useReorderMode } from '../useReorderMode';
import { LessonResultCard, ModuleResultCard } from './CatalogueResults';
import { CatalogueTabList } from './CatalogueTabList';
import { CourseCard } from './CourseCard';
import {
  CATALOGUE_TABS,
  type CatalogueKind,
  type CatalogueTab,
  catalogueQuery,
  LIST_OF_TAB,
  parseTab,
  searchWords,
  TAB_PARAM,
  tabCount,
} from './catalogue';
import { FIRST_CARD_ATTRIBUTE, ScrollTopButton } from './ScrollTopButton';

/** Admin-only pieces are their own downloads. */
const CourseFormDialog = lazy(() => import('../editor/CourseFormDialog'));
const CoursesReorderList = lazy(() => import('./CoursesReorderList'));

const gridSx = {
  display: 'grid',
  gap: { xs: 2, md: 2.5 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
} as const;

const EMPTY_TEXT: Record<CatalogueTab, string> = {
  all: 'No results found',
  courses: 'No courses found',
  modules: 'No modules found',
  'lessons-titles': 'No lessons found',
  'lessons-content': 'No lessons found',
};

/**
 * /courses: the catalogue. `search` and `activeTab` live in the address (tab keys: all, courses, modules,
 * lessons-titles, lessons-content). Admins add courses and reorder them (while the search is empty).
 */
export default function CoursesPage() {
  const { input, setInput, search: urlSearch, params, setParams } = useAddressSearch();
  const tab = parseTab(params.get(TAB_PARAM));

  const catalogue = useCatalogue(urlSearch);
  const data = catalogue.data;
  // What the person may do with the catalogue comes with it (abilities), never from a role check.
  const canCreate = data?.abilities.createCourse ?? false;
  const canReorderCourses = data?.abilities.reorderCourses ?? false;
  const searching = input.trim() !== urlSearch || (catalogue.isFetching && catalogue.isPlaceholderData);

  const reorder = useReorderMode({
    mutation: useReorderCourses(),
    body: (order: CourseCardData[]) => ({ courses: renumber(order) }),
    saved: TOASTS.coursesReordered,
    failed: TOASTS.coursesReorderFailed,
    enabled: canReorderCourses,
  });
  const reordering = reorder.active;
  const [form, setForm] = useState<{ open: boolean; course: CourseCardData | null }>({ open: false, course: null });

  // The form (like the reorder mode) ends when the person may no longer create courses (role switch).
  useEffect(() => {
    if (!canCreate) setForm({ open: false, course: null });
  }, [canCreate]);

  const canReorder =
    canReorderCourses && urlSearch === '' && input.trim() === '' && !!data && !catalogue.isPlaceholderData;

  // The All tab holds three courses: the reorder mode works on every course, loaded when it starts.
  const queryClient = useQueryClient();
  const scope = useScope();
  const startReorder = () => {
    void fetchAllCourses(queryClient, scope).then((courses) => reorder.start(courses));
  };

  const setTab = (next: CatalogueTab) => {
    setParams((current) => catalogueQuery(current, { tab: next }));
    window.scrollTo({ top: 0 });
  };

  const words = useMemo(() => searchWords(urlSearch), [urlSearch]);

  const headerActions =
    canCreate || canReorderCourses ? (
      <Box sx={{ display: 'flex', gap: 1.25, flexWrap: 'wrap' }}>
        {reordering ? (
          <>
            <Button variant="outlined" startIcon={<AddRounded />} disabled>
              Add New Course
            </Button>
            <ReorderActions reorder={reorder} />
          </>
        ) : (
          <>
            {canReorderCourses && (
              <Tooltip title={canReorder || !data ? '' : 'Clear the search to reorder courses'}>
                <span>
                  <Button
                    variant="outlined"
                    startIcon={<SwapVertRounded />}
                    onClick={startReorder}
                    disabled={!canReorder}
                  >
                    Reorder Courses
                  </Button>
                </span>
              </Tooltip>
            )}
            {canCreate && (
              <Button
                variant="contained"
                startIcon={<AddRounded />}
                onClick={() => setForm({ open: true, course: null })}
              >
                Add New Course
              </Button>
            )}
          </>
        )}
      </Box>
    ) : undefined;

  return (
    <>
      <PageHeader
        title="Courses"
        subtitle="Step-by-step training from people who have done it. Pick up where you left off."
        actions={headerActions}
      />

      <Box role="search" sx={{ mb: 2.5, maxWidth: 640 }}>
        <SearchInput
          value={input}
          onChange={setInput}
          disabled={reordering}
          placeholder="Search courses, modules and lessons"
          label="Search courses"
          clearLabel="Clear search"
        />
      </Box>

      {reordering ? (
        <ReorderPanel
          fallback={<GridSkeleton />}
          hint="Drag the courses (or use the arrows) into the order members should see, then press Save."
        >
          <CoursesReorderList courses={reorder.order} onChange={reorder.setOrder} disabled={reorder.pending} />
        </ReorderPanel>
      ) : (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
            <TabStrip
              value={tab}
              onChange={setTab}
              label="Result types"
              tabSx={{ minHeight: 52, px: { xs: 1.5, sm: 2 } }}
              tabs={CATALOGUE_TABS.map((t) => ({
                value: t.key,
                id: `catalogue-tab-${t.key}`,
                controls: 'catalogue-panel',
                label: <TabLabel text={t.label} count={tabCount(t.key, data?.counts)} />,
              }))}
            />
          </Box>

          <Box
            id="catalogue-panel"
            role="tabpanel"
            aria-labelledby={`catalogue-tab-${tab}`}
            aria-busy={catalogue.isFetching}
            sx={{ position: 'relative' }}
          >
            {searching && data && (
              <LazyLinearProgress
                aria-label="Searching"
                sx={{ position: 'absolute', top: -14, left: 0, right: 0, height: 2 }}
              />
            )}
            {catalogue.isError && !data ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => catalogue.refetch()}>
                    Try again
                  </Button>
                }
              >
                {errorMessage(catalogue.error, 'We could not load the courses.')}
              </Alert>
            ) : !data ? (
              <GridSkeleton />
            ) : (
              <Box sx={{ opacity: searching ? 0.6 : 1, transition: 'opacity 120ms' }}>
                <TabContent
                  tab={tab}
                  data={data}
                  words={words}
                  search={urlSearch}
                  canCreate={canCreate}
                  onViewAll={setTab}
                  onEditCourse={(course) => setForm({ open: true, course })}
                  onAddCourse={() => setForm({ open: true, course: null })}
                />
              </Box>
            )}
          </Box>
        </>
      )}

      <ScrollTopButton />

      {(canCreate || form.course?.abilities.edit) && form.open && (
        <Suspense fallback={null}>
          <CourseFormDialog course={form.course} onClose={() => setForm({ open: false, course: null })} />
        </Suspense>
      )}
    </>
  );
}

function TabLabel({ text, count }: { text: string; count: string | undefined }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {text}
      <Box
        component="span"
        sx={{
          minWidth: 24,
          px: 0.75,
          py: 0.125,
          borderRadius: 10,
          fontSize: '0.75rem',
          fontWeight: 700,
          lineHeight: 1.6,
          textAlign: 'center',
          bgcolor: (t) => alpha(t.palette.primary.main, 0.1),
          color: 'primary.main',
        }}
      >
        {count === undefined ? '–' : count}
      </Box>
    </Box>
  );
}

interface TabContentProps {
  tab: CatalogueTab;
  data: CatalogueResponse;
  words: string[];
  search: string;
  canCreate: boolean;
  onViewAll: (tab: CatalogueTab) => void;
  onEditCourse: (course: CourseCardData) => void;
  onAddCourse: () => void;
}

function TabContent({ tab, data, words, search, canCreate, onViewAll, onEditCourse, onAddCourse }: TabContentProps) {
  if (tab !== 'all') {
    const meta = CATALOGUE_TABS.find((t) => t.key === tab);
    return (
      <CatalogueTabList
        // A new search starts the list over.
        key={`${tab}\u0000${search}`}
        search={search}
        only={LIST_OF_TAB[tab]}
        noun={meta?.noun ?? 'results'}
        loading={<GridSkeleton />}
        empty={
          <EmptyState
            title={EMPTY_TEXT[tab]}
            search={search}
            showAdd={canCreate && tab === 'courses' && !search}
            onAdd={onAddCourse}
          />
        }
        render={(pages) => (
          <Box sx={gridSx}>{markFirst(pages.flatMap((page) => kindItems(tab, page, words, onEditCourse)))}</Box>
        )}
      />
    );
  }

  const kinds: CatalogueKind[] = ['courses', 'modules', 'lessons-titles', 'lessons-content'];
  const sections = kinds
    .map((kind) => ({
      kind,
      items: kindItems(kind, data, words, onEditCourse).slice(0, CATALOGUE_PREVIEW_COUNT),
    }))
    .filter((section) => section.items.length > 0);
  if (sections.length === 0) {
    return (
      <EmptyState
        title={search ? EMPTY_TEXT.all : 'No courses found'}
        search={search}
        showAdd={canCreate && !search}
        onAdd={onAddCourse}
      />
    );
  }
  let first = true;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 4, md: 5 } }}>
      {sections.map(({ kind, items }) => {
        const meta = CATALOGUE_TABS.find((t) => t.key === kind);
        const label = meta?.label ?? kind;
        const count = tabCount(kind, data.counts);
        const shown = markFirst(items, first);
        first = false;
        return (
          <Box component="section" key={kind} aria-labelledby={`catalogue-section-${kind}`}>
            <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1.75 }}>
              <Typography id={`catalogue-section-${kind}`} variant="h4" component="h2">
                {label}{' '}
                <Typography component="span" color="text.secondary" sx={{ fontWeight: 500, fontSize: '0.95rem' }}>
                  ({count})
                </Typography>
              </Typography>
              <Button size="small" onClick={() => onViewAll(kind)} sx={{ flexShrink: 0 }}>
                View all {label.toLowerCase()}
              </Button>
            </Box>
            <Box sx={gridSx}>{shown}</Box>
          </Box>
        );
      })}
    </Box>
  );
}

function kindItems(
  kind: CatalogueKind,
  data: CatalogueResponse,
  words: string[],
  onEditCourse: (course: CourseCardData) => void,
): { key: string; node: ReactNode }[] {
  switch (kind) {
    case 'courses':
      return data.courses.map((course) => ({
        key: `c${course.id}`,
        node: <CourseCard course={course} onEdit={onEditCourse} />,
      }));
    case 'modules':
      return data.modules.map((module) => ({
        key: `m${module.id}`,
        node: <ModuleResultCard module={module} words={words} />,
      }));
    case 'lessons-titles':
      return data.lessonsTitles.map((lesson) => ({
        key: `t${lesson.id}`,
        node: <LessonResultCard lesson={lesson} words={words} />,
      }));
    case 'lessons-content':
      return data.lessonsContent.map((lesson) => ({
        key: `b${lesson.id}`,
        node: <LessonResultCard lesson={lesson} words={words} />,
      }));
  }
}

/** Wraps the items; the first one carries the marker the scroll-to-top button watches. */
function markFirst(items: { key: string; node: ReactNode }[], includesFirst = true) {
  return items.map((item, index) => (
    <Box
      key={item.key}
      {...(includesFirst && index === 0 ? { [FIRST_CARD_ATTRIBUTE]: 'true' } : {})}
      sx={{ minWidth: 0 }}
    >
      {item.node}
    </Box>
  ));
}

function EmptyState({
  title,
  search,
  showAdd,
  onAdd,
}: {
  title: string;
  search: string;
  showAdd: boolean;
  onAdd: () => void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, textAlign: 'center', borderStyle: 'dashed' }}>
      <Box
        sx={{
          width: 64,
          height: 64,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: 'primary.main',
          bgcolor: (t) => alpha(t.palette.primary.main, 0.08),
        }}
      >
        <SearchOffRounded sx={{ fontSize: 32 }} />
      </Box>
      <Typography variant="h4" component="p" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440, mx: 'auto' }}>
        {search
          ? `Nothing matches “${search}”. Try another word or check the other tabs.`
          : 'New courses will show up here as soon as they are published.'}
      </Typography>
      {showAdd && (
        <Button variant="contained" startIcon={<AddRounded />} onClick={onAdd} sx={{ mt: 3 }}>
          Add New Course
        </Button>
      )}
    </Paper>
  );
}

function GridSkeleton() {
  return (
    <Box role="status" aria-label="Loading courses" sx={gridSx}>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Paper key={i} variant="outlined" sx={{ overflow: 'hidden' }}>
          <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
          <Box sx={{ p: 2.25 }}>
            <Skeleton width="75%" height={28} />
            <Skeleton width="100%" />
            <Skeleton width="60%" />
            <Skeleton variant="rounded" height={6} sx={{ mt: 2 }} />
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
