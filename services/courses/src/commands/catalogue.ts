/** GET /api/course/read-many: the visible catalogue, searched. */
import {
  type Actor,
  type CatalogueQuery,
  type CatalogueResponse,
  type CourseCard,
  LESSON_MATCH_CAP,
  MAX_CATALOGUE_ITEMS_PER_PAGE,
  type RecordAbilities,
} from '@rainmakers/contracts';
import type { CatalogueCache } from '../catalogue-cache';
import { type CourseProgressOverview, courseProgressOverview, progressPercent } from '../domain/progress';
import { makeSnippet, snippetNeedle } from '../domain/search';
import { audienceOf, type Viewer } from '../domain/visibility';
import { catalogueBuilds, LARGE_PAGE_ITEMS } from '../limits';
import { catalogueAbilities, courseAbilities, viewerOf } from '../policies';
import { presentCatalogueLesson, presentCatalogueModule, presentContentLesson, presentCourseCard } from '../presenters';
import {
  allVisibleLessons,
  type CatalogueLessonRow,
  type CatalogueModuleRow,
  type Counted,
  type CountedLessons,
  type CourseRow,
  EXCERPT_LENGTH,
  progressCounts,
  type Slice,
  searchCourses,
  searchLessons,
  searchModules,
  usedTagIds,
} from '../store/catalogue';
import { moduleCountsOfCourses } from '../store/completions';
import { type CourseRecord, coursesWithTags, visibleModuleRefs } from '../store/courses';
import type { CoursesStore } from '../store/db';
import { lockedModuleIdsOf } from './drip';

type ModuleRefs = { id: number; title: string; CourseId: number }[];

/** Course cards with their visible modules, what the person may do with them and their progress. */
export async function courseCards(store: CoursesStore, actor: Actor, rows: CourseRow[]): Promise<CourseCard[]> {
  const viewer = viewerOf(actor);
  const ids = rows.map((r) => r.id);
  const [records, modules] = await Promise.all([
    coursesWithTags(store.db, rows),
    visibleModuleRefs(store, viewer, ids),
  ]);
  return withProgress(store, viewer, actor.userId, courseAbilities(actor), records, modules);
}

async function withProgress(
  store: CoursesStore,
  viewer: Viewer,
  userId: number,
  abilities: RecordAbilities,
  records: readonly CourseRecord[],
  modules: ReadonlyMap<number, ModuleRefs>,
): Promise<CourseCard[]> {
  const progress = await progressCounts(
    store,
    viewer,
    userId,
    records.map((r) => r.id),
  );
  return records.map((course) => {
    const counts = progress.get(course.id);
    return presentCourseCard(
      course,
      modules.get(course.id) ?? [],
      abilities,
      counts ? progressPercent(counts.completed, counts.total) : 0,
    );
  });
}

function snippetOf(row: CatalogueLessonRow, needle: string): string {
  const excerpt = row.excerpt ?? '';
  return makeSnippet(excerpt.slice(0, EXCERPT_LENGTH), needle, {
    cutBefore: row.cut_before ?? false,
    cutAfter: excerpt.length > EXCERPT_LENGTH,
    plain: true,
  });
}

/**
 * What every viewer of the same kind sees for one search: all of the answer but the person's progress, kept
 * serialized so a cached answer costs no re-serialization: each course card up to its progress (`cards`), and the
 * lists that do not depend on the person (`tail`).
 */
interface SharedCatalogue {
  /** Per course card, in order: its JSON (UTF-8) up to the value of totalProgress (the card's last key). */
  cards: { id: number; head: Buffer }[];
  /**
   * `],"modules":[...],"lessonsTitles":[...],"lessonsContent":[...],"counts":{...}}` already encoded as UTF-8:
   * encoding the few hundred KB of a large answer was most of a cached answer's cost.
   */
  tail: Buffer;
}

/** A course card's JSON without its progress: `{...,"totalProgress":` (presentCourseCard puts it last). */
function cardHead(course: CourseRecord, modules: ModuleRefs, abilities: RecordAbilities): { id: number; head: Buffer } {
  const { totalProgress: _progress, ...card } = presentCourseCard(course, modules, abilities, 0);
  return { id: course.id, head: Buffer.from(`${JSON.stringify(card).slice(0, -1)},"totalProgress":`, 'utf8') };
}

/**
 * Distinct lessons found by title or by content, up to LESSON_MATCH_CAP: exact while both lists counted fewer
 * matches than the cap (their id sets are complete then); once either reached it, the union has at least the cap.
 */
export function distinctLessonCount(
  titles: Pick<CountedLessons<unknown>, 'count' | 'ids'>,
  content: Pick<CountedLessons<unknown>, 'count' | 'ids'>,
  cap = LESSON_MATCH_CAP,
): number {
  if (titles.count >= cap || content.count >= cap) return cap;
  const union = new Set([...(titles.ids ?? []), ...(content.ids ?? [])]);
  return Math.min(cap, union.size);
}

type Wanted = (kind: CatalogueQuery['only'] & string) => boolean;

async function loadShared(
  store: CoursesStore,
  viewer: Viewer,
  abilities: RecordAbilities,
  query: CatalogueQuery,
): Promise<SharedCatalogue> {
  const { search, itemsPerPage, page, only } = query;
  const slice: Slice = { limit: itemsPerPage, offset: (page - 1) * itemsPerPage };
  const wanted: Wanted = (kind) => only === undefined || only === kind;
  const none = <T>(): Promise<Counted<T> | null> => Promise.resolve(null);
  // The All tab (no `only`) also counts distinct lessons: each lesson list then brings its matches' ids.
  const withIds = only === undefined;
  const [courses, modules, titles, content, allLessons] = await Promise.all([
    wanted('courses') ? searchCourses(store, viewer, search, slice) : none<CourseRow>(),
    wanted('modules') ? searchModules(store, viewer, search, slice) : none<CatalogueModuleRow>(),
    search && wanted('lessonsTitles') ? searchLessons(store, viewer, 'title', search, slice, { withIds }) : null,
    search && wanted('lessonsContent') ? searchLessons(store, viewer, 'content', search, slice, { withIds }) : null,
    // With no search every lesson matches by content as well as by title: the same list serves both tabs.
    !search && (wanted('lessonsTitles') || wanted('lessonsContent')) ? allVisibleLessons(store, viewer, slice) : null,
  ]);
  const courseRows = courses?.rows ?? [];
  const [records, modulesByCourse] = await Promise.all([
    coursesWithTags(store.db, courseRows),
    visibleModuleRefs(
      store,
      viewer,
      courseRows.map((r) => r.id),
    ),
  ]);
  const byTitle: Counted<CatalogueLessonRow> | null = search ? titles : wanted('lessonsTitles') ? allLessons : null;
  const byContent: Counted<CatalogueLessonRow> | null = search ? content : wanted('lessonsContent') ? allLessons : null;
  const needle = snippetNeedle(search);
  const counts: CatalogueResponse['counts'] = {};
  if (courses) counts.courses = courses.count;
  if (modules) counts.modules = modules.count;
  if (byTitle) counts.lessonsTitles = byTitle.count;
  if (byContent) counts.lessonsContent = byContent.count;
  if (only === undefined) {
    counts.lessons = search && titles && content ? distinctLessonCount(titles, content) : (allLessons?.count ?? 0);
  }
  const rest: Omit<CatalogueResponse, 'courses' | 'abilities'> = {
    modules: (modules?.rows ?? []).map(presentCatalogueModule),
    lessonsTitles: (byTitle?.rows ?? []).map(presentCatalogueLesson),
    lessonsContent: (byContent?.rows ?? []).map((row) => presentContentLesson(row, snippetOf(row, needle))),
    counts,
  };
  return {
    cards: records.map((course) => cardHead(course, modulesByCourse.get(course.id) ?? [], abilities)),
    tail: Buffer.from(`],${JSON.stringify(rest).slice(1)}`, 'utf8'),
  };
}

/**
 * Viewers see the same catalogue when they share the role flag they are judged by, the tags that gate
 * something in the catalogue and what they may do with a course (the cards carry it); the cache key says exactly
 * that.
 */
async function sharedKey(
  store: CoursesStore,
  cache: CatalogueCache,
  viewer: Viewer,
  abilities: RecordAbilities,
  query: CatalogueQuery,
): Promise<string> {
  const audience = audienceOf(viewer.role);
  let tags: number[] = [];
  if (audience !== 'all' && viewer.tagIds.length > 0) {
    const used = new Set(await cache.read('used-tag-ids', () => usedTagIds(store.db)));
    tags = [...new Set(viewer.tagIds)].filter((id) => used.has(id)).sort((a, b) => a - b);
  }
  const can = [abilities.edit, abilities.delete, abilities.reorder];
  return JSON.stringify([
    'catalogue',
    audience,
    tags,
    can,
    viewer.lockedModuleIds ?? [],
    query.itemsPerPage,
    query.page,
    query.only ?? '',
    query.search,
  ]);
}

/** The answer of GET /api/course/read-many (a CatalogueResponse), serialized as UTF-8 JSON. */
export async function readCatalogueJson(
  store: CoursesStore,
  cache: CatalogueCache,
  actor: Actor,
  query: CatalogueQuery,
): Promise<Buffer> {
  // Lessons of modules still closed to her (drip) are not found: their excerpts would show what she may not read.
  const lessonsListed = query.only === undefined || query.only === 'lessonsTitles' || query.only === 'lessonsContent';
  const locked = lessonsListed ? await lockedModuleIdsOf({ store, catalogue: cache }, actor) : [];
  const viewer = { ...viewerOf(actor), lockedModuleIds: locked };
  const abilities = courseAbilities(actor);
  const key = await sharedKey(store, cache, viewer, abilities, query);
  // A large answer not in the cache waits for a build slot (limits.ts): one at a time, the rest 429 past 2 s.
  const build = () => loadShared(store, viewer, abilities, query);
  const shared = await cache.read(
    key,
    query.itemsPerPage > LARGE_PAGE_ITEMS ? () => catalogueBuilds.run(build) : build,
    (value) => value.tail.length + value.cards.reduce((sum, card) => sum + card.head.length, 0),
  );
  const progress = await progressCounts(
    store,
    viewer,
    actor.userId,
    shared.cards.map((c) => c.id),
  );
  // The catalogue's own abilities depend on the person only, never cached.
  const start = `{"abilities":${JSON.stringify(catalogueAbilities(actor))},"courses":[`;
  const parts: Buffer[] = [Buffer.from(start, 'utf8')];
  shared.cards.forEach(({ id, head }, i) => {
    const counts = progress.get(id);
    const percent = counts ? progressPercent(counts.completed, counts.total) : 0;
    parts.push(head, Buffer.from(`${percent}}${i < shared.cards.length - 1 ? ',' : ''}`, 'latin1'));
  });
  parts.push(shared.tail);
  return Buffer.concat(parts);
}

/**
 * GET /api/course/progress: the dashboard's Course Progress over every course the person can see. The visible
 * courses come from the cached catalogue answer (the Courses tab with no search); the counts are the person's own.
 */
export async function readProgressOverview(
  store: CoursesStore,
  cache: CatalogueCache,
  actor: Actor,
): Promise<CourseProgressOverview> {
  const viewer = viewerOf(actor);
  const abilities = courseAbilities(actor);
  const query: CatalogueQuery = { search: '', itemsPerPage: MAX_CATALOGUE_ITEMS_PER_PAGE, page: 1, only: 'courses' };
  const key = await sharedKey(store, cache, viewer, abilities, query);
  const shared = await cache.read(
    key,
    () => loadShared(store, viewer, abilities, query),
    (value) => value.tail.length + value.cards.reduce((sum, card) => sum + card.head.length, 0),
  );
  const ids = shared.cards.map((c) => c.id);
  const counts = new Map<number, { completed: number; total: number }>();
  for (const m of await moduleCountsOfCourses(store, viewer, actor.userId, ids)) {
    if (m.courseId === null) continue;
    const sum = counts.get(m.courseId) ?? { completed: 0, total: 0 };
    sum.completed += m.completed;
    sum.total += m.total;
    counts.set(m.courseId, sum);
  }
  return courseProgressOverview(ids, counts);
}
