/**
 * Who sees what: the role x tag x status matrix through the catalogue, the course page, the access check and the
 * lesson redirect, plus the authorization matrix of every endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Actor } from '@rainmakers/contracts';
import { COURSE_NOT_FOUND, type Role } from '@rainmakers/contracts';
import { createCourse, createLesson, createModule, type Harness, startHarness } from './helpers';

const COURSE_TAG = 11;
const MODULE_TAG = 21;
const LESSON_TAG = 31;

let h: Harness;
const ids: Record<string, number> = {};
/** Ids per kind (course, module and lesson ids overlap). */
const kinds: Record<'course' | 'module' | 'lesson', Record<string, number>> = { course: {}, module: {}, lesson: {} };
const remember = (kind: 'course' | 'module' | 'lesson', name: string, id: number) => {
  ids[name] = id;
  kinds[kind][name] = id;
};

beforeAll(async () => {
  h = await startHarness();
  const courses: [string, Record<string, unknown>][] = [
    ['open', { title: 'Open Launch', slug: 'open', visibleToBasic: true, visibleToPremium: true }],
    ['premiumOnly', { title: 'Premium Scaling', slug: 'premium-only', visibleToBasic: false, visibleToPremium: true }],
    ['basicOnly', { title: 'Basic Starter', slug: 'basic-only', visibleToBasic: true, visibleToPremium: false }],
    [
      'gated',
      {
        title: 'Wholesale Bootcamp',
        slug: 'wholesale-bootcamp',
        visibleToBasic: false,
        visibleToPremium: false,
        Tags: [{ id: COURSE_TAG, name: 'Wholesale Bootcamp' }],
      },
    ],
    ['draft', { title: 'Secret Draft', slug: 'draft', status: 'DRAFT' }],
  ];
  let position = 1;
  for (const [key, fields] of courses) {
    const course = await createCourse(h, { ...fields, position: position++ });
    remember('course', key, course.id);
    const module = await createModule(h, { title: `${String(fields.title)} module`, CourseId: course.id, position: 1 });
    remember('module', `${key}Module`, module.id);
    const lesson = await createLesson(h, {
      title: `${String(fields.title)} lesson`,
      content: 'Body',
      ModuleId: module.id,
    });
    remember('lesson', `${key}Lesson`, lesson.id);
  }
  // Inside the open course: a premium-only module, a tag-gated module, and a tag-gated lesson.
  remember(
    'module',
    'premiumModule',
    (await createModule(h, { title: 'Premium module', CourseId: ids.open, position: 2, visibleToBasic: false })).id,
  );
  remember(
    'lesson',
    'premiumModuleLesson',
    (await createLesson(h, { title: 'Premium module lesson', ModuleId: ids.premiumModule })).id,
  );
  const taggedModule = (
    await createModule(h, {
      title: 'Tagged module',
      CourseId: ids.open,
      position: 3,
      visibleToBasic: false,
      visibleToPremium: false,
      Tags: [{ id: MODULE_TAG, name: 'Mastermind' }],
    })
  ).id;
  remember('module', 'taggedModule', taggedModule);
  remember(
    'lesson',
    'taggedModuleLesson',
    (await createLesson(h, { title: 'Tagged module lesson', ModuleId: taggedModule })).id,
  );
  const taggedLesson = (
    await createLesson(h, {
      title: 'Tagged lesson',
      ModuleId: ids.openModule,
      position: 2,
      Tags: [{ id: LESSON_TAG, name: 'nova' }],
    })
  ).id;
  remember('lesson', 'taggedLesson', taggedLesson);
  remember('module', 'freeModule', (await createModule(h, { title: 'Free floating module' })).id);
  remember(
    'lesson',
    'freeLesson',
    (await createLesson(h, { title: 'Free floating lesson', ModuleId: ids.freeModule })).id,
  );
});

afterAll(async () => {
  await h.service.stop();
});

const nameOf = (kind: 'course' | 'module' | 'lesson') => (id: number) =>
  Object.entries(kinds[kind]).find(([, v]) => v === id)?.[0] ?? `${kind}#${id}`;
const courseKey = nameOf('course');
const moduleKey = nameOf('module');
const lessonKey = nameOf('lesson');

interface Expectation {
  courses: string[];
  openModules: string[];
  openLessons: string[];
}

const people: [string, () => Actor, Expectation][] = [
  [
    'admin',
    () => h.as('admin'),
    {
      courses: ['open', 'premiumOnly', 'basicOnly', 'gated', 'draft'],
      openModules: ['openModule', 'premiumModule', 'taggedModule'],
      openLessons: ['openLesson', 'taggedLesson', 'premiumModuleLesson', 'taggedModuleLesson'],
    },
  ],
  [
    'coach',
    () => h.as('coach'),
    {
      courses: ['open', 'premiumOnly'],
      openModules: ['openModule', 'premiumModule'],
      openLessons: ['openLesson', 'premiumModuleLesson'],
    },
  ],
  [
    'premium',
    () => h.as('premium'),
    {
      courses: ['open', 'premiumOnly'],
      openModules: ['openModule', 'premiumModule'],
      openLessons: ['openLesson', 'premiumModuleLesson'],
    },
  ],
  [
    'basic',
    () => h.as('basic'),
    { courses: ['open', 'basicOnly'], openModules: ['openModule'], openLessons: ['openLesson'] },
  ],
  [
    'course only',
    () => h.as('course only'),
    { courses: ['open', 'basicOnly'], openModules: ['openModule'], openLessons: ['openLesson'] },
  ],
  [
    'basic holding the course, module and lesson tags',
    () => h.as('basic', { tagIds: [COURSE_TAG, MODULE_TAG, LESSON_TAG] }),
    {
      courses: ['open', 'basicOnly', 'gated'],
      openModules: ['openModule', 'taggedModule'],
      openLessons: ['openLesson', 'taggedLesson', 'taggedModuleLesson'],
    },
  ],
  [
    'premium holding the course tag',
    () => h.as('premium', { tagIds: [COURSE_TAG] }),
    {
      courses: ['open', 'premiumOnly', 'gated'],
      openModules: ['openModule', 'premiumModule'],
      openLessons: ['openLesson', 'premiumModuleLesson'],
    },
  ],
  [
    'admin previewing as basic',
    () => h.as('basic', { accountRole: 'admin', isAdmin: true }),
    { courses: ['open', 'basicOnly'], openModules: ['openModule'], openLessons: ['openLesson'] },
  ],
];

type Catalogue = {
  courses: { id: number; slug: string; Modules: { id: number }[] }[];
  modules: { id: number; CourseId: number; courseSlug: string }[];
  lessonsTitles: { id: number; ModuleId: number }[];
  lessonsContent: { id: number; snippet: string }[];
  counts: Record<string, number>;
};

describe.each(people)('as %s', (_name, actor, expected) => {
  it('the catalogue lists only what may be seen', async () => {
    const res = await h.api.get<Catalogue>(actor(), '/api/course/read-many?itemsPerPage=1000');
    expect(res.status).toBe(200);
    expect(res.body.courses.map((c) => courseKey(c.id))).toEqual(expected.courses);
    expect(res.body.counts.courses).toBe(expected.courses.length);
    const open = res.body.courses.find((c) => c.id === ids.open);
    expect(open?.Modules.map((m) => moduleKey(m.id))).toEqual(expected.openModules);
    // Modules and lessons of visible courses only, never of free modules.
    const visibleCourses = new Set(expected.courses.map((k) => ids[k]));
    expect(res.body.modules.every((m) => visibleCourses.has(m.CourseId))).toBe(true);
    expect(res.body.modules.filter((m) => m.CourseId === ids.open).map((m) => moduleKey(m.id))).toEqual(
      expected.openModules,
    );
    const lessons = res.body.lessonsTitles.map((l) => lessonKey(l.id));
    expect(lessons).not.toContain('freeLesson');
    const ofOpenCourse = new Set(['openLesson', 'taggedLesson', 'premiumModuleLesson', 'taggedModuleLesson']);
    expect(lessons.filter((k) => ofOpenCourse.has(k))).toEqual(expected.openLessons);
    expect(res.body.lessonsContent.map((l) => l.id)).toEqual(res.body.lessonsTitles.map((l) => l.id));
    expect(res.body.counts.lessonsTitles).toBe(res.body.lessonsTitles.length);
  });

  it('the course page, the access check and the lesson redirect agree', async () => {
    for (const course of ['open', 'premiumOnly', 'basicOnly', 'gated', 'draft']) {
      const slug = {
        open: 'open',
        premiumOnly: 'premium-only',
        basicOnly: 'basic-only',
        gated: 'wholesale-bootcamp',
        draft: 'draft',
      }[course] as string;
      const allowed = expected.courses.includes(course);
      const page = await h.api.get<{ course: { Modules: { id: number; Lessons: { id: number }[] }[] } }>(
        actor(),
        `/api/course/${slug}`,
      );
      const access = await h.api.get<{ hasAccess: boolean }>(actor(), `/api/course/access?slug=${slug}`);
      const redirect = await h.api.get<{ url: string | null }>(
        actor(),
        `/api/course/lesson-redirect/${ids[`${course}Lesson`]}`,
      );
      expect(access.body).toEqual({ hasAccess: allowed });
      if (allowed) {
        expect(page.status).toBe(200);
        expect(redirect.body.url).toBe(`/courses/${slug}/${ids[`${course}Module`]}/${ids[`${course}Lesson`]}`);
      } else {
        // Hidden means missing: the same answer as a slug nobody uses.
        const unknown = await h.api.get(actor(), '/api/course/no-such-course-anywhere');
        expect({ status: page.status, body: page.body }).toEqual({ status: 404, body: { error: COURSE_NOT_FOUND } });
        expect(unknown.body).toEqual(page.body);
        expect(redirect.body).toEqual({ url: null });
      }
      if (course === 'open') {
        expect(page.body.course.Modules.map((m) => moduleKey(m.id))).toEqual(expected.openModules);
        expect(page.body.course.Modules.flatMap((m) => m.Lessons.map((l) => lessonKey(l.id)))).toEqual(
          expected.openLessons,
        );
      }
    }
    // Lessons gated inside the open course.
    for (const lesson of ['taggedLesson', 'premiumModuleLesson', 'taggedModuleLesson']) {
      const redirect = await h.api.get<{ url: string | null }>(actor(), `/api/course/lesson-redirect/${ids[lesson]}`);
      expect(redirect.body.url !== null).toBe(expected.openLessons.includes(lesson));
    }
    // A free module's lesson has no page for anyone.
    const free = await h.api.get<{ url: string | null }>(actor(), `/api/course/lesson-redirect/${ids.freeLesson}`);
    expect(free.body).toEqual({ url: null });
  });

  it('non-admins get the modules of the courses they can open from /api/module/read-many', async () => {
    const res = await h.api.get<{ modules: { id: number; CourseId: number | null }[] }>(
      actor(),
      '/api/module/read-many',
    );
    expect(res.status).toBe(200);
    const seen = res.body.modules.map((m) => moduleKey(m.id));
    if (actor().role === 'admin') {
      expect(seen).toContain('freeModule');
    } else {
      expect(seen).not.toContain('freeModule');
      const visibleCourses = new Set(expected.courses.map((k) => ids[k]));
      expect(res.body.modules.every((m) => m.CourseId !== null && visibleCourses.has(m.CourseId))).toBe(true);
      expect(
        seen.filter((k) => expected.openModules.includes(k) || ['premiumModule', 'taggedModule'].includes(k)),
      ).toEqual(expected.openModules);
    }
  });
});

describe('unknown things', () => {
  it('answers 404 for an unknown slug, false for its access and null for an unknown lesson', async () => {
    const basic = h.as('basic');
    expect(await h.api.get(basic, '/api/course/no-such-course')).toMatchObject({
      status: 404,
      body: { error: 'Course not found' },
    });
    expect((await h.api.get(basic, '/api/course/access?slug=no-such-course')).body).toEqual({ hasAccess: false });
    expect((await h.api.get(basic, '/api/course/lesson-redirect/999999')).body).toEqual({ url: null });
    expect((await h.api.get(basic, '/api/course/lesson-redirect/abc')).status).toBe(400);
    expect((await h.api.get(basic, '/api/course/access')).status).toBe(400);
    expect((await h.api.get(basic, '/api/course/read-many?itemsPerPage=0')).status).toBe(400);
  });
});

describe('authorization matrix', () => {
  const roles: Role[] = ['admin', 'coach', 'premium', 'course only', 'basic'];
  const adminOnly: [string, string, () => unknown][] = [
    [
      'POST',
      '/api/course/upsert',
      () => ({ title: 'Matrix', slug: `matrix-${Math.random().toString(36).slice(2, 8)}` }),
    ],
    ['POST', '/api/course/reorder', () => ({ courseId: ids.open, modules: [{ id: ids.openModule, position: 1 }] })],
    ['POST', '/api/course/reorder-courses', () => ({ courses: [{ id: ids.open, position: 1 }] })],
    ['GET', '/api/lesson/read-many', () => undefined],
    ['GET', '/api/lesson/read-options', () => undefined],
    ['POST', '/api/module/upsert', () => ({ title: 'Matrix module' })],
    ['POST', '/api/module/reorder', () => ({ modules: [{ id: ids.openModule, position: 1 }] })],
    ['POST', '/api/lesson/upsert', () => ({ title: 'Matrix lesson', ModuleId: ids.freeModule })],
  ];

  it.each(roles)('admin-only calls as %s', async (role) => {
    for (const [method, path, body] of adminOnly) {
      const res = await h.api.call(h.as(role), method, path, body());
      if (role === 'admin') expect([200, 201]).toContain(res.status);
      else expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
    }
  });

  it.each(roles.filter((r) => r !== 'admin'))('deletes are refused to %s', async (role) => {
    for (const path of [`/api/course/${ids.draft}`, `/api/module/${ids.freeModule}`, `/api/lesson/${ids.freeLesson}`]) {
      expect((await h.api.del(h.as(role), path)).status).toBe(403);
    }
  });

  it('every call needs a signed-in person', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/course/read-many'],
      ['GET', '/api/course/open'],
      ['GET', '/api/course/access?slug=open'],
      ['GET', `/api/course/lesson-redirect/${ids.openLesson}`],
      ['POST', '/api/course/upsert', { title: 'x', slug: 'x' }],
      ['POST', '/api/course/reorder', { courseId: 1, modules: [{ id: 1, position: 1 }] }],
      ['POST', '/api/course/reorder-courses', { courses: [{ id: 1, position: 1 }] }],
      ['DELETE', `/api/course/${ids.draft}`],
      ['GET', '/api/module/read-many'],
      ['POST', '/api/module/upsert', { title: 'x' }],
      ['POST', '/api/module/reorder', { modules: [{ id: 1, position: 1 }] }],
      ['DELETE', `/api/module/${ids.freeModule}`],
      ['GET', '/api/lesson/read-many'],
      ['GET', '/api/lesson/read-options'],
      ['GET', '/api/lesson/completed'],
      ['POST', '/api/lesson/upsert', { title: 'x', ModuleId: 1 }],
      ['PUT', '/api/lesson/mark-as-completed', { lessonId: ids.openLesson }],
      ['PUT', '/api/lesson/mark-as-uncompleted', { lessonId: ids.openLesson }],
      ['DELETE', `/api/lesson/${ids.freeLesson}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await h.api.call(null, method, path, body);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
    }
  });
});
