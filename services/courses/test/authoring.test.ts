import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { COURSE_NOT_FOUND, SLUG_IN_USE } from '@rainmakers/contracts';
import { createCourse, createLesson, createModule, type Harness, startHarness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.service.stop();
});

describe('POST /api/course/upsert', () => {
  it('creates a course with defaults, tags and modules, then updates it', async () => {
    const free = await createModule(h, { title: 'Free module' });
    expect(free.CourseId).toBeNull();
    const created = await h.api.post<{ course: Record<string, unknown>; isNew: boolean }>(
      h.admin,
      '/api/course/upsert',
      {
        title: '  Amazon FBA Launch Blueprint ',
        slug: 'Amazon-FBA-Launch',
        Tags: [{ id: 5, name: 'Mastermind' }],
        Modules: [{ id: free.id, title: 'Free module', CourseId: null }],
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.isNew).toBe(true);
    expect(created.body.course).toMatchObject({
      title: 'Amazon FBA Launch Blueprint',
      slug: 'amazon-fba-launch',
      status: 'DRAFT',
      description: null,
      coverPhotoUrl: null,
      visibleToBasic: true,
      visibleToPremium: true,
      position: 0,
      Tags: [{ id: 5, name: 'Mastermind' }],
      Modules: [{ id: free.id, title: 'Free module', CourseId: created.body.course.id }],
      totalProgress: 0,
    });
    const id = created.body.course.id;

    const updated = await h.api.post<{ course: Record<string, unknown>; isNew: boolean }>(
      h.admin,
      '/api/course/upsert',
      {
        course: {
          id,
          title: 'Amazon FBA Launch Blueprint',
          slug: 'amazon-fba-launch',
          status: 'PUBLISHED',
          description: 'Launch your first product',
          visibleToBasic: false,
          Modules: [],
        },
      },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.isNew).toBe(false);
    expect(updated.body.course).toMatchObject({
      status: 'PUBLISHED',
      description: 'Launch your first product',
      visibleToBasic: false,
      visibleToPremium: true,
      // Tags were not sent: kept.
      Tags: [{ id: 5, name: 'Mastermind' }],
      Modules: [],
    });
    // The module left out became free again.
    const modules = await h.api.get<{ modules: { id: number; CourseId: number | null }[] }>(
      h.admin,
      '/api/module/read-many',
    );
    expect(modules.body.modules.find((m) => m.id === free.id)?.CourseId).toBeNull();
  });

  it('refuses a slug in use with a field error', async () => {
    await createCourse(h, { title: 'PPC', slug: 'ppc-fundamentals' });
    const res = await h.api.post(h.admin, '/api/course/upsert', { title: 'Other', slug: 'ppc-fundamentals' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: SLUG_IN_USE, errors: { slug: SLUG_IN_USE } });
  });

  it('validates title, slug and types', async () => {
    const empty = await h.api.post<{ errors: Record<string, string> }>(h.admin, '/api/course/upsert', {
      title: '   ',
      slug: 'Not a slug!',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.title).toBe('This field is required');
    expect(empty.body.errors.slug).toBe('Use lowercase letters, digits and hyphens only');

    const types = await h.api.post<{ errors: Record<string, string> }>(h.admin, '/api/course/upsert', {
      title: 'Typed',
      slug: 'typed',
      status: 'LIVE',
      visibleToBasic: 'yes',
      Tags: 'x',
    });
    expect(types.status).toBe(400);
    expect(Object.keys(types.body.errors).sort()).toEqual(['Tags', 'status', 'visibleToBasic']);

    const reserved = await h.api.post<{ errors: Record<string, string> }>(h.admin, '/api/course/upsert', {
      title: 'Reserved',
      slug: 'read-many',
    });
    expect(reserved.status).toBe(400);
    expect(reserved.body.errors.slug).toMatch(/reserved/);

    const notJson = await h.api.call(h.admin, 'POST', '/api/course/upsert', '{oops', {
      'content-type': 'application/json',
    });
    expect(notJson.status).toBe(400);
  });

  it('only attaches free modules or modules of this course, and saves nothing otherwise', async () => {
    const a = await createCourse(h, { title: 'A', slug: 'course-a' });
    const inA = await createModule(h, { title: 'In A', CourseId: a.id });
    const free = await createModule(h, { title: 'Loose' });
    const res = await h.api.post<{ errors: Record<string, string> }>(h.admin, '/api/course/upsert', {
      title: 'B',
      slug: 'course-b',
      Modules: [free.id, inA.id],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.Modules).toMatch(/another course/);
    // Nothing half-saved: no course-b, the free module still free.
    expect((await h.api.get(h.admin, '/api/course/course-b')).status).toBe(404);
    const modules = await h.api.get<{ modules: { id: number; CourseId: number | null }[] }>(
      h.admin,
      '/api/module/read-many',
    );
    expect(modules.body.modules.find((m) => m.id === free.id)?.CourseId).toBeNull();

    const unknown = await h.api.post<{ errors: Record<string, string> }>(h.admin, '/api/course/upsert', {
      title: 'C',
      slug: 'course-c',
      Modules: [999_999],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.Modules).toMatch(/does not exist/);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await h.api.post(h.admin, '/api/course/upsert', { id: 999_999, title: 'X', slug: 'x-unknown' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: COURSE_NOT_FOUND });
  });
});

describe('DELETE /api/course/{id}', () => {
  it('deletes the course and frees its modules', async () => {
    const course = await createCourse(h, { title: 'Doomed', slug: 'doomed' });
    const module = await createModule(h, { title: 'Survivor', CourseId: course.id });
    const lesson = await createLesson(h, { title: 'Still here', ModuleId: module.id });
    expect((await h.api.del(h.admin, `/api/course/${course.id}`)).status).toBe(204);
    expect((await h.api.get(h.admin, '/api/course/doomed')).status).toBe(404);
    const modules = await h.api.get<{ modules: { id: number; CourseId: number | null }[] }>(
      h.admin,
      '/api/module/read-many',
    );
    expect(modules.body.modules.find((m) => m.id === module.id)?.CourseId).toBeNull();
    const lessons = await h.api.get<{ lessons: { id: number }[] }>(
      h.admin,
      `/api/lesson/read-many?ModuleId=${module.id}`,
    );
    expect(lessons.body.lessons.map((l) => l.id)).toEqual([lesson.id]);
    expect((await h.api.del(h.admin, `/api/course/${course.id}`)).status).toBe(404);
    expect((await h.api.del(h.admin, '/api/course/abc')).status).toBe(400);
  });
});

describe('modules', () => {
  it('upserts with defaults, moves between courses and validates CourseId', async () => {
    const course = await createCourse(h, { title: 'Product Research Mastery', slug: 'product-research' });
    const created = await h.api.post<{ module: Record<string, unknown>; isNew: boolean }>(
      h.admin,
      '/api/module/upsert',
      {
        title: 'Finding ideas',
        CourseId: course.id,
        Tags: [{ id: 3, name: 'nova' }],
      },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      isNew: true,
      module: {
        title: 'Finding ideas',
        position: 0,
        CourseId: course.id,
        visibleToBasic: true,
        visibleToPremium: true,
        Tags: [{ id: 3, name: 'nova' }],
        courseTitle: 'Product Research Mastery',
      },
    });
    const id = created.body.module.id;
    const freed = await h.api.post<{ module: Record<string, unknown> }>(h.admin, '/api/module/upsert', {
      id,
      title: 'Finding ideas',
      CourseId: null,
      visibleToBasic: false,
      Tags: [],
    });
    expect(freed.status).toBe(200);
    expect(freed.body.module).toMatchObject({ CourseId: null, visibleToBasic: false, Tags: [], courseTitle: null });

    const badCourse = await h.api.post<{ errors: Record<string, string> }>(h.admin, '/api/module/upsert', {
      title: 'Orphan',
      CourseId: 999_999,
    });
    expect(badCourse.status).toBe(400);
    expect(badCourse.body.errors.CourseId).toBe(COURSE_NOT_FOUND);
    const noTitle = await h.api.post<{ errors: Record<string, string> }>(h.admin, '/api/module/upsert', { title: '' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.errors.title).toBe('This field is required');
    expect((await h.api.post(h.admin, '/api/module/upsert', { id: 999_999, title: 'Ghost' })).status).toBe(404);
  });

  it('deletes a module together with its lessons', async () => {
    const module = await createModule(h, { title: 'Temporary' });
    const lesson = await createLesson(h, { title: 'Goes too', ModuleId: module.id });
    expect((await h.api.del(h.admin, `/api/module/${module.id}`)).status).toBe(204);
    const lessons = await h.api.get<{ lessons: { id: number }[] }>(h.admin, '/api/lesson/read-many');
    expect(lessons.body.lessons.some((l) => l.id === lesson.id)).toBe(false);
    expect((await h.api.del(h.admin, `/api/module/${module.id}`)).status).toBe(404);
  });
});

describe('lessons', () => {
  it('upserts, moves to another module, lists and deletes', async () => {
    const course = await createCourse(h, { title: 'Wholesale Bootcamp', slug: 'wholesale' });
    const m1 = await createModule(h, { title: 'Sourcing', CourseId: course.id });
    const m2 = await createModule(h, { title: 'Negotiation', CourseId: course.id });
    const created = await h.api.post<{ lesson: Record<string, unknown>; isNew: boolean }>(
      h.admin,
      '/api/lesson/upsert',
      {
        title: 'Cold emails',
        content: '# Cold emails\n\nWrite short.',
        ModuleId: m1.id,
        Tags: [{ id: 8, name: 'Wholesale Bootcamp' }],
      },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      isNew: true,
      lesson: {
        title: 'Cold emails',
        content: '# Cold emails\n\nWrite short.',
        ModuleId: m1.id,
        position: 0,
        Tags: [{ id: 8, name: 'Wholesale Bootcamp' }],
      },
    });
    const id = created.body.lesson.id as number;
    const moved = await h.api.post<{ lesson: Record<string, unknown> }>(h.admin, '/api/lesson/upsert', {
      lesson: { id, title: 'Cold emails that work', content: 'v2', ModuleId: m2.id, position: 3 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.lesson).toMatchObject({ ModuleId: m2.id, position: 3, content: 'v2' });

    const list = await h.api.get<{ lessons: Record<string, unknown>[] }>(
      h.admin,
      `/api/lesson/read-many?CourseId=${course.id}`,
    );
    expect(list.body.lessons).toEqual([
      {
        id,
        title: 'Cold emails that work',
        ModuleId: m2.id,
        position: 3,
        Tags: [{ id: 8, name: 'Wholesale Bootcamp' }],
        moduleTitle: 'Negotiation',
        CourseId: course.id,
        courseTitle: 'Wholesale Bootcamp',
      },
    ]);
    const options = await h.api.get<{ lessons: Record<string, unknown>[] }>(
      h.admin,
      '/api/lesson/read-options?search=cold',
    );
    expect(options.body.lessons).toEqual([
      { id, title: 'Cold emails that work', moduleTitle: 'Negotiation', courseTitle: 'Wholesale Bootcamp' },
    ]);

    const badModule = await h.api.post<{ errors: Record<string, string> }>(h.admin, '/api/lesson/upsert', {
      title: 'Lost',
      ModuleId: 999_999,
    });
    expect(badModule.status).toBe(400);
    expect(badModule.body.errors.ModuleId).toBe('Module not found');
    const missing = await h.api.post<{ errors: Record<string, string> }>(h.admin, '/api/lesson/upsert', { title: '' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['ModuleId', 'title']);

    expect((await h.api.del(h.admin, `/api/lesson/${id}`)).status).toBe(204);
    expect((await h.api.del(h.admin, `/api/lesson/${id}`)).status).toBe(404);
  });
});

describe('abilities: what the caller may do, sent with each record', () => {
  const all = { edit: true, delete: true, reorder: true };
  const none = { edit: false, delete: false, reorder: false };

  it('admins may edit, delete and reorder; others see the same records with no actions', async () => {
    const tree = await createCourse(h, { title: 'Abilities course', slug: 'abilities-course' });
    const module = await createModule(h, { title: 'Abilities module', CourseId: tree.id });
    await createLesson(h, { title: 'Abilities lesson', ModuleId: module.id, content: 'x' });
    type Page = {
      course: { abilities: unknown; Modules: { abilities: unknown; Lessons: { abilities: unknown }[] }[] };
    };
    type Catalogue = { abilities: unknown; courses: { slug: string; abilities: unknown }[] };
    for (const [actor, want, catalogue] of [
      [h.admin, all, { createCourse: true, reorderCourses: true }],
      [h.as('premium'), none, { createCourse: false, reorderCourses: false }],
      [h.as('basic'), none, { createCourse: false, reorderCourses: false }],
      // An admin previewing as basic gets basic's view, and no actions.
      [h.as('basic', { accountRole: 'admin', isAdmin: true }), none, { createCourse: false, reorderCourses: false }],
    ] as const) {
      const page = await h.api.get<Page>(actor, '/api/course/abilities-course');
      expect(page.status).toBe(200);
      expect(page.body.course.abilities).toEqual(want);
      expect(page.body.course.Modules[0]?.abilities).toEqual(want);
      expect(page.body.course.Modules[0]?.Lessons[0]?.abilities).toEqual(want);
      // Twice: the second answer comes from the catalogue cache, which must not mix viewers' abilities.
      for (let i = 0; i < 2; i += 1) {
        const list = await h.api.get<Catalogue>(actor, '/api/course/read-many?search=Abilities');
        expect(list.body.abilities).toEqual(catalogue);
        expect(list.body.courses.find((c) => c.slug === 'abilities-course')?.abilities).toEqual(want);
      }
    }
    const modules = await h.api.get<{ modules: { id: number; abilities: unknown }[] }>(
      h.admin,
      '/api/module/read-many',
    );
    expect(modules.body.modules.find((m) => m.id === module.id)?.abilities).toEqual(all);
  });
});
