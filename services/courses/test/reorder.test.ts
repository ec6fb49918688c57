/** Reorders: catalogue courses, a course's modules and lessons (moves included), and module lists. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type CoursePageBody, createCourseTree, createModule, type Harness, startHarness } from './helpers';

let h: Harness;
let course: Awaited<ReturnType<typeof createCourseTree>>;
let other: Awaited<ReturnType<typeof createCourseTree>>;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.service.stop();
});

let run = 0;
beforeEach(async () => {
  run += 1;
  course = await createCourseTree(h, { title: `Reorder ${run}`, slug: `reorder-${run}` }, { modules: 3, lessons: 3 });
  other = await createCourseTree(h, { title: `Other ${run}`, slug: `other-${run}` }, { modules: 1, lessons: 2 });
});

async function layout(slug = course.slug) {
  const page = await h.api.get<CoursePageBody>(h.admin, `/api/course/${slug}`);
  return page.body.course.Modules.map((m) => ({
    id: m.id,
    position: m.position,
    lessons: m.Lessons.map((l) => [l.id, l.position, l.ModuleId]),
  }));
}

describe('POST /api/course/reorder', () => {
  it('renumbers modules and lessons from 1 and moves a lesson across modules', async () => {
    const [a, b, c] = course.modules as [
      (typeof course.modules)[0],
      (typeof course.modules)[0],
      (typeof course.modules)[0],
    ];
    const res = await h.api.post(h.admin, '/api/course/reorder', {
      courseId: course.id,
      modules: [
        { id: c.id, position: 1, Lessons: c.lessons.map((id, i) => ({ id, position: i + 1, ModuleId: c.id })) },
        {
          id: a.id,
          position: 2,
          // a's last lesson goes first; b's first lesson moves into a.
          Lessons: [a.lessons[2], b.lessons[0], a.lessons[0], a.lessons[1]].map((id, i) => ({
            id,
            position: i + 1,
            ModuleId: a.id,
          })),
        },
        { id: b.id, position: 3 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await layout()).toEqual([
      { id: c.id, position: 1, lessons: c.lessons.map((id, i) => [id, i + 1, c.id]) },
      {
        id: a.id,
        position: 2,
        lessons: [a.lessons[2], b.lessons[0], a.lessons[0], a.lessons[1]].map((id, i) => [id, i + 1, a.id]),
      },
      // b keeps its remaining lessons, renumbered from 1.
      { id: b.id, position: 3, lessons: [b.lessons[1], b.lessons[2]].map((id, i) => [id, i + 1, b.id]) },
    ]);
  });

  it('keeps a posted order on every later read (Cancel in the browser posts nothing)', async () => {
    const before = (await layout()).map((m) => m.id);
    const reversed = [...before].reverse();
    const res = await h.api.post(h.admin, '/api/course/reorder', {
      courseId: course.id,
      modules: reversed.map((id, i) => ({ id, position: i + 1 })),
    });
    expect(res.status).toBe(200);
    expect(reversed).not.toEqual(before);
    for (let read = 0; read < 2; read += 1) {
      expect((await layout()).map((m) => [m.id, m.position])).toEqual(reversed.map((id, i) => [id, i + 1]));
    }
  });

  it('refuses a module of another course and saves nothing', async () => {
    const before = await layout();
    const res = await h.api.post(h.admin, '/api/course/reorder', {
      courseId: course.id,
      modules: [
        { id: course.modules[2]!.id, position: 1 },
        { id: other.modules[0]!.id, position: 2 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: `Module ${other.modules[0]!.id} does not belong to this course`,
      errors: { modules: `Module ${other.modules[0]!.id} does not belong to this course` },
    });
    expect(await layout()).toEqual(before);
  });

  it('refuses a lesson of another course and saves nothing', async () => {
    const before = await layout();
    const foreign = other.modules[0]!.lessons[0]!;
    const res = await h.api.post<{ error: string }>(h.admin, '/api/course/reorder', {
      courseId: course.id,
      modules: [
        { id: course.modules[1]!.id, position: 1 },
        {
          id: course.modules[0]!.id,
          position: 2,
          Lessons: [{ id: foreign, position: 1, ModuleId: course.modules[0]!.id }],
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`Lesson ${foreign} does not belong to this course`);
    expect(await layout()).toEqual(before);
    expect(await layout(other.slug)).toEqual([
      {
        id: other.modules[0]!.id,
        position: 1,
        lessons: other.modules[0]!.lessons.map((id, i) => [id, i + 1, other.modules[0]!.id]),
      },
    ]);
  });

  it('refuses unknown ids, duplicates and bad payloads, saving nothing', async () => {
    const before = await layout();
    const cases: [unknown, number][] = [
      [{ courseId: course.id, modules: [{ id: 9_999_999, position: 1 }] }, 400],
      [
        {
          courseId: course.id,
          modules: [{ id: course.modules[0]!.id, position: 1, Lessons: [{ id: 9_999_999, position: 1 }] }],
        },
        400,
      ],
      [
        {
          courseId: course.id,
          modules: [
            { id: course.modules[0]!.id, position: 1 },
            { id: course.modules[0]!.id, position: 2 },
          ],
        },
        400,
      ],
      [{ courseId: 9_999_999, modules: [{ id: course.modules[0]!.id, position: 1 }] }, 404],
      [{ courseId: course.id, modules: [] }, 400],
      [{ courseId: course.id, modules: [{ id: course.modules[0]!.id, position: -1 }] }, 400],
      [{ courseId: 'abc', modules: 'x' }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await h.api.post(h.admin, '/api/course/reorder', body);
      expect({ body, status: res.status }).toEqual({ body, status });
    }
    expect(await layout()).toEqual(before);
  });

  it('serializes concurrent reorders of one course (row locks): the result is one of them, whole', async () => {
    const ids = course.modules.map((m) => m.id);
    expect((await layout()).map((m) => m.id)).toEqual(ids);
    // None of them is the order the course starts in, so a reorder that did nothing cannot pass.
    const orders = [[...ids].reverse(), [ids[1]!, ids[2]!, ids[0]!], [ids[2]!, ids[0]!, ids[1]!]];
    const results = await Promise.all(
      orders.map((order) =>
        h.api.post(h.admin, '/api/course/reorder', {
          courseId: course.id,
          modules: order.map((id, i) => ({ id, position: i + 1 })),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const final = (await layout()).map((m) => m.id);
    expect(orders).toContainEqual(final);
    expect((await layout()).map((m) => m.position)).toEqual([1, 2, 3]);
  });
});

describe('POST /api/course/reorder-courses', () => {
  it('renumbers every course from 1 in the saved order', async () => {
    const list = await h.api.get<{ courses: { id: number; position: number }[] }>(h.admin, '/api/course/read-many');
    const reversed = [...list.body.courses].reverse();
    const res = await h.api.post(h.admin, '/api/course/reorder-courses', {
      courses: reversed.map((c, i) => ({ id: c.id, position: i + 1 })),
    });
    expect(res.body).toEqual({ success: true });
    const after = await h.api.get<{ courses: { id: number; position: number }[] }>(h.admin, '/api/course/read-many');
    expect(after.body.courses.map((c) => c.id)).toEqual(reversed.map((c) => c.id));
    expect(after.body.courses.map((c) => c.position)).toEqual(reversed.map((_, i) => i + 1));
  });

  it('refuses unknown course ids and saves nothing', async () => {
    const before = await h.api.get<{ courses: { id: number; position: number }[] }>(h.admin, '/api/course/read-many');
    const res = await h.api.post(h.admin, '/api/course/reorder-courses', {
      courses: [
        { id: before.body.courses[1]!.id, position: 1 },
        { id: 9_999_999, position: 2 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Course 9999999 does not exist' });
    const after = await h.api.get<{ courses: { id: number; position: number }[] }>(h.admin, '/api/course/read-many');
    expect(after.body.courses).toEqual(before.body.courses);
  });
});

describe('POST /api/module/reorder', () => {
  it('renumbers the modules of one course from 1', async () => {
    const [a, b, c] = course.modules.map((m) => m.id) as [number, number, number];
    const res = await h.api.post(h.admin, '/api/module/reorder', {
      modules: [
        { id: b, position: 1 },
        { id: a, position: 2 },
      ],
    });
    expect(res.body).toEqual({ success: true });
    expect((await layout()).map((m) => [m.id, m.position])).toEqual([
      [b, 1],
      [a, 2],
      [c, 3],
    ]);
  });

  it('refuses modules of different courses and unknown modules', async () => {
    const before = await layout();
    const mixed = await h.api.post(h.admin, '/api/module/reorder', {
      modules: [
        { id: course.modules[0]!.id, position: 1 },
        { id: other.modules[0]!.id, position: 2 },
      ],
    });
    expect(mixed.status).toBe(400);
    const unknown = await h.api.post(h.admin, '/api/module/reorder', { modules: [{ id: 9_999_999, position: 1 }] });
    expect(unknown.status).toBe(400);
    expect(await layout()).toEqual(before);
  });

  it('orders free modules among themselves', async () => {
    const x = await createModule(h, { title: `Free X ${run}` });
    const y = await createModule(h, { title: `Free Y ${run}` });
    const res = await h.api.post(h.admin, '/api/module/reorder', {
      modules: [
        { id: y.id, position: 1 },
        { id: x.id, position: 2 },
      ],
    });
    expect(res.status).toBe(200);
    const modules = await h.api.get<{ modules: { id: number; position: number; CourseId: number | null }[] }>(
      h.admin,
      '/api/module/read-many',
    );
    const free = modules.body.modules.filter((m) => m.CourseId === null);
    expect(free.find((m) => m.id === y.id)?.position).toBeLessThan(free.find((m) => m.id === x.id)?.position ?? 0);
  });
});
