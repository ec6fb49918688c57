import { describe, expect, it } from '@jest/globals';
import * as contracts from '@rainmakers/contracts';
import { catalogueQuery, highlightParts, nextPageOf, parseTab, searchWords, tabCount } from '../catalogue/catalogue';
import {
  courseReorderBody,
  flattenLessons,
  moveItem,
  moveLesson,
  nextLessonOf,
  percentCompleted,
  previousLessonOf,
  renumber,
  resolveSelection,
  withCompletion,
} from './outline';

const lesson = (id: number, ModuleId: number, completed = false) => ({
  id,
  ModuleId,
  completed: completed ? ('true' as const) : ('false' as const),
});
const course = () => [
  { id: 1, totalProgress: 50, Lessons: [lesson(11, 1, true), lesson(12, 1)] },
  { id: 2, totalProgress: 0, Lessons: [] },
  { id: 3, totalProgress: 0, Lessons: [lesson(31, 3), lesson(32, 3), lesson(33, 3)] },
];

describe('course page selection', () => {
  it('opens the asked lesson, else the module start, else the course start', () => {
    expect(resolveSelection(course(), 3, 32).lesson?.id).toBe(32);
    expect(resolveSelection(course(), 3, null).lesson?.id).toBe(31);
    // The bare course address resumes after the last completed lesson.
    expect(resolveSelection(course(), null, null)).toMatchObject({ lesson: { id: 12 }, missing: false });
    expect(resolveSelection(course(), 3, 999)).toMatchObject({ lesson: { id: 31 }, missing: true });
    expect(resolveSelection(course(), 2, null)).toMatchObject({ module: { id: 2 }, lesson: null, missing: false });
    expect(resolveSelection([], null, 5)).toEqual({ module: null, lesson: null, missing: true });
  });

  it('finds the next lesson across modules (skipping empty ones) and null at the end', () => {
    expect(nextLessonOf(course(), 11)?.lesson.id).toBe(12);
    expect(nextLessonOf(course(), 12)?.lesson.id).toBe(31);
    expect(nextLessonOf(course(), 33)).toBeNull();
    expect(flattenLessons(course()).map((e) => e.lesson.id)).toEqual([11, 12, 31, 32, 33]);
  });

  it('finds the previous lesson across modules (skipping empty ones) and null on the first', () => {
    expect(previousLessonOf(course(), 31)?.lesson.id).toBe(12);
    expect(previousLessonOf(course(), 12)?.lesson.id).toBe(11);
    expect(previousLessonOf(course(), 11)).toBeNull();
    expect(previousLessonOf(course(), 999)).toBeNull();
  });

  it('resumes a course after the last completed lesson, else at the first not completed, else at the start', () => {
    const mark = (done: number[]) =>
      course().map((m) => ({ ...m, Lessons: m.Lessons.map((l) => lesson(l.id, l.ModuleId, done.includes(l.id))) }));
    expect(resolveSelection(mark([]), null, null).lesson?.id).toBe(11);
    expect(resolveSelection(mark([11, 31]), null, null).lesson?.id).toBe(32);
    expect(resolveSelection(mark([12, 33]), null, null).lesson?.id).toBe(11);
    expect(resolveSelection(mark([11, 12, 31, 32, 33]), null, null).lesson?.id).toBe(11);
  });
});

describe('progress after a completion', () => {
  it('rounds like the server and flips one lesson', () => {
    expect(percentCompleted([])).toBe(0);
    expect(percentCompleted([lesson(1, 1, true), lesson(2, 1), lesson(3, 1)])).toBe(33);
    const { modules, courseProgress } = withCompletion(course(), 12, true);
    expect(modules[0]?.totalProgress).toBe(100);
    expect(modules[0]?.Lessons[1]?.completed).toBe('true');
    expect(modules[2]?.totalProgress).toBe(0);
    expect(courseProgress).toBe(40);
    expect(withCompletion(course(), 11, false).courseProgress).toBe(0);
  });
});

describe('reordering', () => {
  it('moves items and renumbers from 1', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a'], 5, 0)).toEqual(['a']);
    expect(renumber([{ id: 9 }, { id: 4 }])).toEqual([
      { id: 9, position: 1 },
      { id: 4, position: 2 },
    ]);
  });

  it('moves a lesson within a module and across modules (taking the new ModuleId)', () => {
    const within = moveLesson(course(), { moduleId: 3, index: 2 }, { moduleId: 3, index: 0 });
    expect(within[2]?.Lessons.map((l) => l.id)).toEqual([33, 31, 32]);
    const across = moveLesson(course(), { moduleId: 1, index: 0 }, { moduleId: 2, index: 0 });
    expect(across[0]?.Lessons.map((l) => l.id)).toEqual([12]);
    expect(across[1]?.Lessons).toEqual([{ ...lesson(11, 2, true) }]);
    expect(moveLesson(course(), { moduleId: 1, index: 7 }, { moduleId: 2, index: 0 })).toEqual(course());
  });

  it('builds the POST /api/course/reorder body the contracts accept', () => {
    const modules = moveLesson(course(), { moduleId: 3, index: 0 }, { moduleId: 1, index: 1 });
    const body = courseReorderBody(42, moveItem(modules, 2, 0));
    expect(body).toEqual({
      courseId: 42,
      modules: [
        {
          id: 3,
          position: 1,
          Lessons: [
            { id: 32, position: 1, ModuleId: 3 },
            { id: 33, position: 2, ModuleId: 3 },
          ],
        },
        {
          id: 1,
          position: 2,
          Lessons: [
            { id: 11, position: 1, ModuleId: 1 },
            { id: 31, position: 2, ModuleId: 1 },
            { id: 12, position: 3, ModuleId: 1 },
          ],
        },
        { id: 2, position: 3, Lessons: [] },
      ],
    });
    expect(contracts.courseReorderSchema.safeParse(body).success).toBe(true);
    expect(contracts.coursesReorderSchema.safeParse({ courses: renumber([{ id: 3 }, { id: 1 }]) }).success).toBe(true);
  });
});

describe('catalogue tabs', () => {
  const counts = { courses: 2, modules: 3, lessonsTitles: 4, lessonsContent: 5, lessons: 7 };
  it('reads tab keys and falls back to all', () => {
    expect(parseTab('lessons-content')).toBe('lessons-content');
    expect(parseTab('nope')).toBe('all');
    expect(parseTab(null)).toBe('all');
    expect(tabCount('all', counts)).toBe('12');
    expect(tabCount('lessons-titles', counts)).toBe('4');
    expect(tabCount('modules', undefined)).toBeUndefined();
  });

  it('shows lesson counts that reached the search cap as 1000+', () => {
    const capped = { courses: 2, modules: 3, lessonsTitles: 1000, lessonsContent: 7, lessons: 1000 };
    expect(tabCount('lessons-titles', capped)).toBe('1000+');
    expect(tabCount('lessons-content', capped)).toBe('7');
    expect(tabCount('all', capped)).toBe('1005+');
  });

  it('counts a lesson found by title and by content once on the All tab', () => {
    const counts = { courses: 1, modules: 2, lessonsTitles: 3, lessonsContent: 4, lessons: 5 };
    expect(tabCount('all', counts)).toBe('8');
    expect(tabCount('courses', { lessonsTitles: 3 })).toBeUndefined();
  });

  it('pages a tab until its count is loaded or a page comes back empty', () => {
    expect(nextPageOf([])).toBe(1);
    expect(nextPageOf([{ loaded: 12, count: 30 }])).toBe(2);
    expect(
      nextPageOf([
        { loaded: 12, count: 24 },
        { loaded: 12, count: 24 },
      ]),
    ).toBeUndefined();
    expect(
      nextPageOf([
        { loaded: 12, count: 40 },
        { loaded: 0, count: 40 },
      ]),
    ).toBeUndefined();
  });

  it('keeps the address clean', () => {
    const query = catalogueQuery(new URLSearchParams('x=1'), { search: 'fba', tab: 'modules' });
    expect(query.toString()).toBe('x=1&search=fba&activeTab=modules');
    expect(catalogueQuery(query, { search: '', tab: 'all' }).toString()).toBe('x=1');
  });

  it('highlights searched words', () => {
    expect(searchWords('  FBA  launch a fba ')).toEqual(['launch', 'fba']);
    expect(highlightParts('Launch on FBA today', ['fba', 'launch'])).toEqual([
      { text: 'Launch', match: true },
      { text: ' on ', match: false },
      { text: 'FBA', match: true },
      { text: ' today', match: false },
    ]);
    expect(highlightParts('a+b (c)', ['(c)'])).toEqual([
      { text: 'a+b ', match: false },
      { text: '(c)', match: true },
    ]);
  });
});
