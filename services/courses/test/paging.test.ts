/**
 * The catalogue a page at a time (page, only), the All tab's distinct lesson count, the course page's outline with
 * the open lesson's content, the lesson-content call's access rules, and the maintained progress counts staying
 * equal to a recount after lessons move, get tags or go.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { COURSE_NOT_FOUND, LESSON_NOT_FOUND } from '@rainmakers/contracts';
import { createCourse, createCourseTree, createLesson, createModule, type Harness, startHarness } from './helpers';

let h: Harness;
let tree: Awaited<ReturnType<typeof createCourseTree>>;
const member = () => h.as('premium', { userId: 601 });

type Lesson = { id: number; title: string };
type Catalogue = {
  courses: { slug: string }[];
  modules: { id: number }[];
  lessonsTitles: Lesson[];
  lessonsContent: (Lesson & { snippet: string })[];
  counts: Record<string, number | undefined>;
};

beforeAll(async () => {
  h = await startHarness();
  // 3 modules x 4 lessons titled "Paging Course Mm Ll"; their content says "Lesson l of module m."
  tree = await createCourseTree(h, { title: 'Paging Course', slug: 'paging-course' }, { modules: 3, lessons: 4 });
  // Found by title only, by content only, and by both.
  const extra = await createModule(h, { title: 'Walrus module', CourseId: tree.id, position: 9 });
  await createLesson(h, { title: 'Walrus title', content: 'nothing here', ModuleId: extra.id, position: 1 });
  await createLesson(h, { title: 'Plain', content: 'a walrus in the text', ModuleId: extra.id, position: 2 });
  await createLesson(h, { title: 'Walrus both', content: 'walrus again', ModuleId: extra.id, position: 3 });
});

afterAll(async () => {
  await h.service.stop();
});

const catalogue = (query: string) => h.api.get<Catalogue>(member(), `/api/course/read-many?${query}`);

describe('catalogue paging', () => {
  it('pages one list in catalogue order, each page after the one before, and answers the count past the end', async () => {
    const everything = await catalogue('search=paging&itemsPerPage=1000');
    expect(everything.status).toBe(200);
    const all = everything.body.lessonsTitles.map((l) => l.id);
    expect(all).toHaveLength(12);

    const pages: number[][] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await catalogue(`search=paging&itemsPerPage=5&page=${page}&only=lessonsTitles`);
      expect(res.status).toBe(200);
      expect(res.body.counts).toEqual({ lessonsTitles: 12 });
      // The other lists are not asked for: they come back empty, with the spec's keys.
      expect(res.body.courses).toEqual([]);
      expect(res.body.modules).toEqual([]);
      expect(res.body.lessonsContent).toEqual([]);
      pages.push(res.body.lessonsTitles.map((l) => l.id));
    }
    expect(pages.map((p) => p.length)).toEqual([5, 5, 2]);
    expect(pages.flat()).toEqual(all);

    const past = await catalogue('search=paging&itemsPerPage=5&page=9&only=lessonsTitles');
    expect(past.body.lessonsTitles).toEqual([]);
    expect(past.body.counts).toEqual({ lessonsTitles: 12 });
  });

  it('pages courses, modules and content matches the same way', async () => {
    const modules = await catalogue('search=paging&itemsPerPage=2&page=2&only=modules');
    expect(modules.body.modules).toHaveLength(1);
    expect(modules.body.counts).toEqual({ modules: 3 });
    const content = await catalogue('search=module&itemsPerPage=4&page=3&only=lessonsContent');
    expect(content.body.lessonsContent).toHaveLength(4);
    expect(content.body.lessonsContent.every((l) => /module/i.test(l.snippet))).toBe(true);
    const courses = await catalogue('itemsPerPage=1&page=1&only=courses');
    expect(courses.body.courses).toHaveLength(1);
    expect(courses.body.counts.courses).toBeGreaterThanOrEqual(1);
  });

  it("keeps the spec's call: every list and count, up to itemsPerPage", async () => {
    const res = await catalogue('search=walrus');
    expect(Object.keys(res.body).sort()).toEqual(
      ['abilities', 'counts', 'courses', 'lessonsContent', 'lessonsTitles', 'modules'].sort(),
    );
    expect(res.body.counts).toMatchObject({ courses: 0, modules: 1, lessonsTitles: 2, lessonsContent: 3 });
  });

  it('refuses a bad page or list with a 400 in the error shape', async () => {
    for (const query of ['page=0', 'page=x', 'page=1.5', 'only=lessons', 'itemsPerPage=1001']) {
      const res = await h.api.get<{ error: string; errors: Record<string, string> }>(
        member(),
        `/api/course/read-many?${query}`,
      );
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });
});

describe('the All tab count', () => {
  it('counts a lesson found by its title and by its content once', async () => {
    const res = await catalogue('search=walrus&itemsPerPage=3');
    // By title: 'Walrus title', 'Walrus both'; by content (full text of title and content): all three.
    expect(res.body.counts).toMatchObject({ lessonsTitles: 2, lessonsContent: 3, lessons: 3, modules: 1 });
  });

  it('counts every visible lesson once without a search', async () => {
    const res = await catalogue('itemsPerPage=3');
    expect(res.body.lessonsTitles).toHaveLength(3);
    expect(res.body.counts.lessons).toBe(res.body.counts.lessonsTitles);
    expect(res.body.counts.lessons).toBe(15);
  });
});

type PageLesson = { id: number; content?: string; Tags?: unknown[]; abilities?: unknown; completed: string };
type Page = { course: { Modules: { id: number; Lessons: PageLesson[] }[] } };

describe('course page outline', () => {
  const withContent = (page: Page) =>
    page.course.Modules.flatMap((m) => m.Lessons).filter((l) => l.content !== undefined);

  it('carries the first lesson’s content only', async () => {
    const res = await h.api.get<Page>(member(), '/api/course/paging-course');
    expect(res.status).toBe(200);
    const open = withContent(res.body);
    expect(open.map((l) => l.id)).toEqual([tree.modules[0]?.lessons[0]]);
    expect(open[0]).toMatchObject({ content: 'Lesson 1 of module 1.', Tags: [], completed: 'false' });
    expect(res.body.course.Modules.flatMap((m) => m.Lessons)).toHaveLength(15);
  });

  it('carries the asked-for lesson, or the first of the asked-for module', async () => {
    const lessonId = tree.modules[1]?.lessons[2] as number;
    const byLesson = await h.api.get<Page>(member(), `/api/course/paging-course?lessonId=${lessonId}`);
    expect(withContent(byLesson.body).map((l) => [l.id, l.content])).toEqual([[lessonId, 'Lesson 3 of module 2.']]);
    const moduleId = tree.modules[2]?.id as number;
    const byModule = await h.api.get<Page>(member(), `/api/course/paging-course?moduleId=${moduleId}`);
    expect(withContent(byModule.body).map((l) => l.id)).toEqual([tree.modules[2]?.lessons[0]]);
    // A search lists matches without content unless a lesson is asked for.
    const searched = await h.api.get<Page>(member(), '/api/course/paging-course?search=walrus');
    expect(withContent(searched.body)).toEqual([]);
  });
});

describe('GET /api/course/{slug}/lessons/{id}', () => {
  it('answers one lesson with its content, tags, abilities and completion', async () => {
    const lessonId = tree.modules[0]?.lessons[1] as number;
    await h.api.put(member(), '/api/lesson/mark-as-completed', { lessonId });
    const res = await h.api.get<{ lesson: Record<string, unknown> }>(
      member(),
      `/api/course/paging-course/lessons/${lessonId}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.lesson).toEqual({
      id: lessonId,
      title: 'Paging Course M1 L2',
      content: 'Lesson 2 of module 1.',
      ModuleId: tree.modules[0]?.id,
      position: 2,
      Tags: [],
      abilities: { edit: false, delete: false, reorder: false },
      completed: 'true',
      // The lesson's own video (none here) and where the member left it.
      videoUrl: null,
      videoPosition: 0,
      // No quiz on this lesson (quizzes.test.ts reads them).
      quiz: null,
    });
  });

  it('follows the course page’s rules: hidden, draft and other courses’ lessons are not found', async () => {
    const gated = await createLesson(h, {
      title: 'Gated',
      content: 'secret',
      ModuleId: tree.modules[0]?.id,
      Tags: [{ id: 91, name: 'vip' }],
    });
    const other = await createCourseTree(
      h,
      { title: 'Other Course', slug: 'other-course' },
      { modules: 1, lessons: 1 },
    );
    const draft = await createCourseTree(
      h,
      { title: 'Draft Course', slug: 'draft-course', status: 'DRAFT' },
      { modules: 1, lessons: 1 },
    );
    const hiddenModule = await createModule(h, { title: 'Basic only', CourseId: tree.id, visibleToPremium: false });
    const inHiddenModule = await createLesson(h, { title: 'Basic lesson', ModuleId: hiddenModule.id });

    const cases: [string, number, string][] = [
      ['paging-course', gated.id, LESSON_NOT_FOUND],
      ['paging-course', inHiddenModule.id, LESSON_NOT_FOUND],
      ['paging-course', other.modules[0]?.lessons[0] as number, LESSON_NOT_FOUND],
      ['draft-course', draft.modules[0]?.lessons[0] as number, COURSE_NOT_FOUND],
      ['no-such-course', gated.id, COURSE_NOT_FOUND],
      ['paging-course', 999_999, LESSON_NOT_FOUND],
    ];
    for (const [slug, lessonId, error] of cases) {
      const res = await h.api.get(member(), `/api/course/${slug}/lessons/${lessonId}`);
      expect([slug, lessonId, res.status, res.body]).toEqual([slug, lessonId, 404, { error }]);
    }
    // The tag opens the gated lesson; admins open everything, drafts included.
    const holder = await h.api.get(
      h.as('premium', { userId: 602, tagIds: [91] }),
      `/api/course/paging-course/lessons/${gated.id}`,
    );
    expect(holder.status).toBe(200);
    const admin = await h.api.get(h.admin, `/api/course/draft-course/lessons/${draft.modules[0]?.lessons[0]}`);
    expect(admin.status).toBe(200);
    expect((await h.api.get(member(), '/api/course/paging-course/lessons/abc')).status).toBe(400);
  });
});

describe('maintained progress counts', () => {
  /** The counters, and what a recount from the raw rows gives: they must always be equal. */
  async function countsAgree() {
    const pool = h.service.database.pool;
    const lessonCounts = await pool.query(
      `SELECT m.id, m.lesson_count AS kept, (SELECT count(*)::int FROM lessons l WHERE l.module_id = m.id) AS counted
       FROM modules m`,
    );
    expect(lessonCounts.rows.filter((r) => r.kept !== r.counted)).toEqual([]);
    const progress = await pool.query(
      `WITH counted AS (
         SELECT lc.user_id, l.module_id, count(*)::int AS n
         FROM lesson_completions lc JOIN lessons l ON l.id = lc.lesson_id GROUP BY 1, 2
       )
       SELECT coalesce(mp.user_id, c.user_id) AS user_id, coalesce(mp.module_id, c.module_id) AS module_id,
              coalesce(mp.completed, 0) AS kept, coalesce(c.n, 0) AS counted
       FROM module_progress mp FULL JOIN counted c ON c.user_id = mp.user_id AND c.module_id = mp.module_id`,
    );
    expect(progress.rows.filter((r) => r.kept !== r.counted)).toEqual([]);
    const tagged = await pool.query(
      'SELECT id FROM lessons l WHERE l.tagged <> EXISTS (SELECT 1 FROM lesson_tags t WHERE t.lesson_id = l.id)',
    );
    expect(tagged.rows).toEqual([]);
  }

  it('stay equal to a recount after completions, moves, tag changes and deletions', async () => {
    const course = await createCourseTree(h, { title: 'Counted', slug: 'counted' }, { modules: 2, lessons: 3 });
    const [m1, m2] = course.modules as [{ id: number; lessons: number[] }, { id: number; lessons: number[] }];
    const alice = h.as('premium', { userId: 611 });
    const bob = h.as('premium', { userId: 612 });
    for (const lessonId of m1.lessons) await h.api.put(alice, '/api/lesson/mark-as-completed', { lessonId });
    await h.api.put(bob, '/api/lesson/mark-as-completed', { lessonId: m1.lessons[0] });
    await countsAgree();

    // Move alice's first completed lesson to module 2 (a reorder across modules).
    const moved = await h.api.post(h.admin, '/api/course/reorder', {
      courseId: course.id,
      modules: [
        { id: m1.id, position: 1, Lessons: m1.lessons.slice(1).map((id, i) => ({ id, position: i + 1 })) },
        {
          id: m2.id,
          position: 2,
          Lessons: [m1.lessons[0], ...m2.lessons].map((id, i) => ({ id, position: i + 1, ModuleId: m2.id })),
        },
      ],
    });
    expect(moved.status).toBe(200);
    await countsAgree();
    // Module 1 now holds 2 lessons, both completed; the course 3 of 6.
    const after = await h.api.put(alice, '/api/lesson/mark-as-completed', { lessonId: m1.lessons[1] });
    expect(after.body).toMatchObject({ courseProgress: 50, moduleProgress: 100 });
    const moved1 = await h.api.put(alice, '/api/lesson/mark-as-completed', { lessonId: m1.lessons[0] });
    expect(moved1.body).toMatchObject({ courseProgress: 50, moduleProgress: 25 });

    // A tag the member does not hold hides a completed lesson: out of both totals and completions.
    const upsert = await h.api.post(h.admin, '/api/lesson/upsert', {
      id: m1.lessons[2],
      title: 'Counted M1 L3',
      content: 'Lesson 3 of module 1.',
      ModuleId: m1.id,
      Tags: [{ id: 93, name: 'vip' }],
    });
    expect(upsert.status).toBe(200);
    await countsAgree();
    const hidden = await h.api.put(alice, '/api/lesson/mark-as-completed', { lessonId: m1.lessons[1] });
    expect(hidden.body).toMatchObject({ courseProgress: 40, moduleProgress: 100 });
    // Holding the tag brings it back; admins count it too.
    const holder = await h.api.put(h.as('premium', { userId: 611, tagIds: [93] }), '/api/lesson/mark-as-completed', {
      lessonId: m1.lessons[1],
    });
    expect(holder.body).toMatchObject({ courseProgress: 50, moduleProgress: 100 });

    // Deleting a completed lesson, then a whole module.
    expect((await h.api.del(h.admin, `/api/lesson/${m1.lessons[1]}`)).status).toBe(204);
    await countsAgree();
    const afterDelete = await h.api.put(alice, '/api/lesson/mark-as-completed', { lessonId: m1.lessons[0] });
    // Alice sees no lesson of module 1 now (the one left is tagged); module 2 holds 4, one completed.
    expect(afterDelete.body).toMatchObject({ courseProgress: 25, moduleProgress: 25 });
    expect((await h.api.del(h.admin, `/api/module/${m1.id}`)).status).toBe(204);
    await countsAgree();

    // The catalogue card agrees with the course page.
    const card = await h.api.get<{ courses: { slug: string; totalProgress: number }[] }>(
      alice,
      '/api/course/read-many?only=courses&itemsPerPage=1000',
    );
    const page = await h.api.get<{ course: { totalProgress: number } }>(alice, '/api/course/counted');
    expect(card.body.courses.find((c) => c.slug === 'counted')?.totalProgress).toBe(page.body.course.totalProgress);
    expect(page.body.course.totalProgress).toBe(25);
  });

  it('count lessons added straight into the database (the generator, the seed)', async () => {
    const course = await createCourse(h, { title: 'Raw', slug: 'raw' });
    const module = await createModule(h, { title: 'Raw module', CourseId: course.id });
    await h.service.database.pool.query(
      `INSERT INTO lessons (module_id, title) SELECT $1, 'raw ' || i FROM generate_series(1, 25) AS g(i)`,
      [module.id],
    );
    await countsAgree();
  });
});
