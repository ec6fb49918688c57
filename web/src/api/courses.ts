/**
 * /api/course/*, /api/module/*, /api/lesson/* and the tag options of the course forms, with their react-query
 * hooks. Only types come from @rainmakers/contracts (values would pull zod into the download).
 *
 * Every key starts with ['courses', userId, role]: what a person sees depends on their (displayed) role, so a role
 * switch or a sign-in-as reads fresh data instead of another person's cache.
 */
import type {
  CatalogueKindKey,
  CatalogueResponse,
  CourseCard,
  CourseLesson,
  CoursePage,
  CoursePageModule,
  CourseStatus,
  LessonItem,
  MarkLessonResponse,
  ModuleItem,
  Quiz,
  Tag,
} from '@rainmakers/contracts';
import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  catalogueUrl,
  courseAccessUrl,
  coursePageUrl,
  type CatalogueRequest as EarlyCatalogueRequest,
  firstCatalogueRequest,
} from '../early/requests';
import { nextPageOf } from '../features/courses/catalogue/catalogue';
import { CATALOGUE_TAB_PAGE_SIZE } from '../features/courses/constants';
import { useCurrentUser } from '../session/context';
import { ApiError, api } from './client';
import type { ApiAnswer } from './types';

export type {
  CatalogueKindKey,
  CatalogueResponse,
  CourseCard,
  CourseLesson,
  CoursePage,
  CoursePageModule,
  LessonItem,
  ModuleItem,
  Tag,
};
export type CoursePageLesson = CoursePageModule['Lessons'][number];

const ITEMS_PER_PAGE = 1000;

/** One call of GET /api/course/read-many: the All tab's shape, or one page of one kind's tab. */
export interface CatalogueRequest extends EarlyCatalogueRequest {
  only?: CatalogueKindKey;
}

/**
 * The address of a catalogue call is built in one place, early/requests.ts, which index.html's inline script is
 * bundled from too: the early fetch of /courses asks for exactly what the All tab asks first.
 */
export { catalogueUrl };

/** What /courses asks first: the All tab (three of each kind and the counts). */
export const allTabRequest = (search: string): CatalogueRequest => firstCatalogueRequest(search);

// ---------------------------------------------------------------------------------------------------------
// Payloads

export interface TagRefInput {
  id: number;
  name: string;
}

export interface CourseInput {
  id: number | null;
  title: string;
  slug: string;
  description: string | null;
  status: CourseStatus;
  coverPhotoUrl: string | null;
  visibleToBasic: boolean;
  visibleToPremium: boolean;
  Tags: TagRefInput[];
  Modules: number[];
}

export interface ModuleInput {
  id: number | null;
  title: string;
  position: number;
  visibleToBasic: boolean;
  visibleToPremium: boolean;
  Tags: TagRefInput[];
  CourseId: number | null;
}

export interface LessonInput {
  id: number | null;
  title: string;
  content: string;
  /** YouTube, Vimeo or an uploaded video; null removes it. */
  videoUrl?: string | null;
  ModuleId: number;
  Tags: TagRefInput[];
  position?: number;
  /** The lesson's quiz; null removes it, absent keeps it. */
  quiz?: Quiz | null;
}

export interface CoursesReorderInput {
  courses: { id: number; position: number }[];
}

export interface CourseReorderInput {
  courseId: number;
  modules: { id: number; position: number; Lessons: { id: number; position: number; ModuleId: number }[] }[];
}

// ---------------------------------------------------------------------------------------------------------
// Calls

const path = encodeURIComponent;

/** A reorder answer without `success: true` counts as a failure (spec: "or a response lacks success"). */
function requireSuccess(body: { success?: unknown } | undefined): void {
  if (body?.success !== true) throw new ApiError(500, 'Something went wrong.');
}

export const coursesApi = {
  catalogue(request: CatalogueRequest, signal?: AbortSignal): Promise<CatalogueResponse> {
    return api<ApiAnswer<'/api/course/read-many', 'get'>>(catalogueUrl(request), { signal });
  },
  async access(slug: string, signal?: AbortSignal): Promise<boolean> {
    const body = await api<ApiAnswer<'/api/course/access', 'get'>>(courseAccessUrl(slug), { signal });
    return body.hasAccess === true;
  },
  /** The outline, and the content of the lesson the address opens (`moduleId`, `lessonId`). */
  async page(
    slug: string,
    search: string,
    open: { moduleId?: number | null; lessonId?: number | null },
    signal?: AbortSignal,
  ): Promise<CoursePage> {
    const url = coursePageUrl({ slug, search, moduleId: open.moduleId, lessonId: open.lessonId });
    const body = await api<ApiAnswer<'/api/course/{slugOrId}', 'get'>>(url, { signal });
    return body.course;
  },
  async lesson(slug: string, lessonId: number, signal?: AbortSignal): Promise<CourseLesson> {
    const body = await api<ApiAnswer<'/api/course/{slug}/lessons/{lessonId}', 'get'>>(
      `/api/course/${path(slug)}/lessons/${lessonId}`,
      { signal },
    );
    return body.lesson;
  },
  async lessonRedirect(lessonId: string, signal?: AbortSignal): Promise<string | null> {
    const body = await api<ApiAnswer<'/api/course/lesson-redirect/{lessonId}', 'get'>>(
      `/api/course/lesson-redirect/${path(lessonId)}`,
      { signal },
    );
    return body?.url ?? null;
  },
  upsertCourse(course: CourseInput): Promise<{ course: CourseCard; isNew: boolean }> {
    return api('/api/course/upsert', { method: 'POST', create: true, body: course });
  },
  deleteCourse(id: number): Promise<void> {
    return api(`/api/course/${id}`, { method: 'DELETE' });
  },
  async reorderCourses(body: CoursesReorderInput): Promise<void> {
    requireSuccess(await api('/api/course/reorder-courses', { method: 'POST', body }));
  },
  async reorderCourse(body: CourseReorderInput): Promise<void> {
    requireSuccess(await api('/api/course/reorder', { method: 'POST', body }));
  },
  async modules(signal?: AbortSignal): Promise<ModuleItem[]> {
    const body = await api<ApiAnswer<'/api/module/read-many', 'get'>>('/api/module/read-many', { signal });
    return body.modules;
  },
  upsertModule(module: ModuleInput): Promise<{ module: ModuleItem; isNew: boolean }> {
    return api('/api/module/upsert', { method: 'POST', create: true, body: module });
  },
  deleteModule(id: number): Promise<void> {
    return api(`/api/module/${id}`, { method: 'DELETE' });
  },
  upsertLesson(lesson: LessonInput): Promise<{ lesson: LessonItem; isNew: boolean }> {
    return api('/api/lesson/upsert', { method: 'POST', create: true, body: lesson });
  },
  deleteLesson(id: number): Promise<void> {
    return api(`/api/lesson/${id}`, { method: 'DELETE' });
  },
  markLesson(lessonId: number, completed: boolean): Promise<MarkLessonResponse> {
    const action = completed ? 'mark-as-completed' : 'mark-as-uncompleted';
    return api(`/api/lesson/${action}`, { method: 'PUT', body: { lessonId } });
  },
  async tags(signal?: AbortSignal): Promise<Tag[]> {
    const body = await api<ApiAnswer<'/api/tag/read-many', 'get'>>('/api/tag/read-many', {
      query: { itemsPerPage: ITEMS_PER_PAGE },
      signal,
    });
    return body.tags;
  },
};

// ---------------------------------------------------------------------------------------------------------
// Keys

export function useScope(): readonly ['courses', number, string] {
  const user = useCurrentUser();
  return ['courses', user.id, user.role] as const;
}

const ALL_COURSE_DATA: QueryKey = ['courses'];

// ---------------------------------------------------------------------------------------------------------
// Queries

/**
 * The All tab's shape (three of each kind and every count) for a search: the tabs' counts come from it on every tab.
 * The previous answer stays on screen while a new search loads.
 */
export function useCatalogue(search: string, options: { enabled?: boolean } = {}) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'catalogue', search],
    queryFn: ({ signal }) => coursesApi.catalogue(allTabRequest(search), signal),
    placeholderData: (previous) => previous,
    enabled: options.enabled ?? true,
  });
}

/** One kind's tab, CATALOGUE_TAB_PAGE_SIZE at a time (infinite scroll). */
export function useCatalogueTab(search: string, only: CatalogueKindKey, options: { enabled: boolean }) {
  const scope = useScope();
  return useInfiniteQuery<CatalogueResponse, Error, InfiniteData<CatalogueResponse, number>, QueryKey, number>({
    queryKey: [...scope, 'catalogue', search, only],
    queryFn: ({ signal, pageParam }) =>
      coursesApi.catalogue({ search, itemsPerPage: CATALOGUE_TAB_PAGE_SIZE, page: pageParam, only }, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) =>
      nextPageOf(pages.map((page) => ({ loaded: page[only].length, count: page.counts[only] }))),
    enabled: options.enabled,
  });
}

/** Every course a person sees, in order (the admin's reorder mode works on the whole list). */
export function fetchAllCourses(queryClient: QueryClient, scope: readonly unknown[]): Promise<CourseCard[]> {
  return queryClient
    .fetchQuery({
      queryKey: [...scope, 'catalogue', '', 'courses', 'all'],
      queryFn: ({ signal }) => coursesApi.catalogue({ itemsPerPage: ITEMS_PER_PAGE, only: 'courses' }, signal),
      staleTime: 0,
    })
    .then((answer) => answer.courses);
}

export function useCourseAccess(slug: string) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'access', slug],
    queryFn: ({ signal }) => coursesApi.access(slug, signal),
  });
}

export function coursePageKey(scope: readonly unknown[], slug: string, search?: string): QueryKey {
  return search === undefined ? [...scope, 'page', slug] : [...scope, 'page', slug, search];
}

/**
 * The course page: the outline, with the content of the lesson `open` points to on the first load. Moving to another
 * lesson keeps the same query (its key leaves `open` out): that lesson's content comes from useCourseLesson.
 */
export function useCoursePage(
  slug: string,
  search: string,
  options: { enabled: boolean; open?: { moduleId: number | null; lessonId: number | null } },
) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: coursePageKey(scope, slug, search),
    queryFn: async ({ signal }) => {
      const page = await coursesApi.page(slug, search, options.open ?? {}, signal);
      // The open lesson came with its content: it is ready for useCourseLesson without a second call.
      for (const module of page.Modules) {
        for (const lesson of module.Lessons) {
          if (lesson.content !== undefined && lesson.Tags && lesson.abilities) {
            queryClient.setQueryData<CourseLesson>(courseLessonKey(scope, slug, lesson.id), {
              id: lesson.id,
              title: lesson.title,
              content: lesson.content,
              videoUrl: lesson.videoUrl ?? null,
              videoPosition: lesson.videoPosition ?? 0,
              ModuleId: lesson.ModuleId,
              position: lesson.position,
              Tags: lesson.Tags,
              abilities: lesson.abilities,
              completed: lesson.completed,
              quiz: lesson.quiz ?? null,
            });
          }
        }
      }
      return page;
    },
    enabled: options.enabled,
    placeholderData: search ? (previous) => previous : undefined,
  });
}

export function courseLessonKey(scope: readonly unknown[], slug: string, lessonId: number): QueryKey {
  return [...scope, 'lesson', slug, lessonId];
}

const lessonQuery = (scope: readonly unknown[], slug: string, lessonId: number) => ({
  queryKey: courseLessonKey(scope, slug, lessonId),
  queryFn: ({ signal }: { signal: AbortSignal }) => coursesApi.lesson(slug, lessonId, signal),
  // Lesson content changes only when an admin saves it (which refreshes every course query).
  staleTime: 5 * 60_000,
});

/** One lesson's content (GET /api/course/{slug}/lessons/{id}), loaded when opened. */
export function useCourseLesson(slug: string, lessonId: number | null) {
  const scope = useScope();
  return useQuery({ ...lessonQuery(scope, slug, lessonId ?? 0), enabled: lessonId !== null });
}

/** Starts loading a lesson before it is opened (the Next Lesson button), so it shows without a wait. */
export function usePrefetchLesson(slug: string) {
  const [, userId, role] = useScope();
  const queryClient = useQueryClient();
  return useCallback(
    (lessonId: number) => queryClient.prefetchQuery(lessonQuery(['courses', userId, role], slug, lessonId)),
    [queryClient, userId, role, slug],
  );
}

export function useLessonRedirect(lessonId: string) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'lesson-redirect', lessonId],
    queryFn: ({ signal }) => coursesApi.lessonRedirect(lessonId, signal),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Admin pickers: every module (with its course) and every tag. */
export function useModuleOptions(enabled = true) {
  const scope = useScope();
  return useQuery({ queryKey: [...scope, 'modules'], queryFn: ({ signal }) => coursesApi.modules(signal), enabled });
}

export function useTagOptions(enabled = true) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'tag-options'],
    queryFn: ({ signal }) => coursesApi.tags(signal),
    enabled,
    staleTime: 60_000,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Mutations: authoring changes refresh every course screen (catalogue, pages, pickers).

function useAuthoring<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALL_COURSE_DATA }),
  });
}

export const useReorderCourses = () => useAuthoring(coursesApi.reorderCourses);
export const useReorderCourse = () => useAuthoring(coursesApi.reorderCourse);
export const useUpsertModule = () => useAuthoring(coursesApi.upsertModule);
export const useDeleteModule = () => useAuthoring(coursesApi.deleteModule);
export const useUpsertLesson = () => useAuthoring(coursesApi.upsertLesson);
export const useDeleteLesson = () => useAuthoring(coursesApi.deleteLesson);

const isPageData = (key: QueryKey) => key[3] === 'page' || key[3] === 'access' || key[3] === 'lesson';

/**
 * POST /api/course/upsert. Pages and access answers under another slug (the old one, when the slug changed) are only
 * marked stale: refetching them would answer 404 while the screen moves to the new address.
 */
export function useUpsertCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: coursesApi.upsertCourse,
    onSuccess: ({ course }) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: ALL_COURSE_DATA,
          predicate: (q) => !isPageData(q.queryKey) || q.queryKey[4] === course.slug,
        }),
        queryClient.invalidateQueries({
          queryKey: ALL_COURSE_DATA,
          predicate: (q) => isPageData(q.queryKey) && q.queryKey[4] !== course.slug,
          refetchType: 'none',
        }),
      ]),
  });
}

/**
 * DELETE /api/course/{id}. Course pages and access answers are only marked stale, not refetched: the screen showing
 * the deleted course is about to leave it, and a refetch would swap it for 'Course not found' (and drop the
 * dialog's success callbacks) first. Everything else is refreshed.
 */
export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: coursesApi.deleteCourse,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ALL_COURSE_DATA, predicate: (q) => !isPageData(q.queryKey) }),
        queryClient.invalidateQueries({
          queryKey: ALL_COURSE_DATA,
          predicate: (q) => isPageData(q.queryKey),
          refetchType: 'none',
        }),
      ]),
  });
}

/** Applies a change to every cached copy of one course page (the full one and any searched ones). */
function updatePages(
  queryClient: ReturnType<typeof useQueryClient>,
  scope: readonly unknown[],
  slug: string,
  update: (page: CoursePage) => CoursePage,
) {
  queryClient.setQueriesData<CoursePage>({ queryKey: coursePageKey(scope, slug) }, (page) =>
    page ? update(page) : page,
  );
}

/**
 * PUT /api/lesson/mark-as-completed | mark-as-uncompleted. The caller flips the lesson at once (`optimistic`), this
 * hook puts the server's progress figures in place on success and restores the pages on failure; the catalogue
 * (course cards) is refreshed in the background.
 */
export function useMarkLesson(slug: string) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      lessonId,
      completed,
    }: {
      lessonId: number;
      completed: boolean;
      optimistic: (p: CoursePage) => CoursePage;
    }) => coursesApi.markLesson(lessonId, completed),
    onMutate: async ({ optimistic }) => {
      await queryClient.cancelQueries({ queryKey: coursePageKey(scope, slug) });
      const before = queryClient.getQueriesData<CoursePage>({ queryKey: coursePageKey(scope, slug) });
      updatePages(queryClient, scope, slug, optimistic);
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (result) => {
      updatePages(queryClient, scope, slug, (page) => ({
        ...page,
        totalProgress: result.courseProgress ?? page.totalProgress,
        Modules: page.Modules.map((module) => ({
          ...module,
          totalProgress: module.Lessons.some((l) => l.id === result.lessonId)
            ? result.moduleProgress
            : module.totalProgress,
          Lessons: module.Lessons.map((l) => (l.id === result.lessonId ? { ...l, completed: result.completed } : l)),
        })),
      }));
      void queryClient.invalidateQueries({ queryKey: [...scope, 'catalogue'] });
    },
  });
}
