/** Completions: progress figures, idempotence, access, the events in the outbox, and the user-deleted consumer. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LESSON_NOT_FOUND } from '@rainmakers/contracts';
import { createLogger, createRedis, OutboxRelay, publishEvent } from '@rainmakers/kit';
import { createTestDatabase, testInfra, waitFor } from '@rainmakers/kit/testing';
import type { CoursesDatabase } from '../src/store/schema';
import { MIGRATIONS_DIR } from '../src/testing';
import {
  type CoursePageBody,
  createCourseTree,
  createLesson,
  createModule,
  type Harness,
  startHarness,
} from './helpers';

let h: Harness;
let tree: Awaited<ReturnType<typeof createCourseTree>>;
const member = () => h.as('premium', { userId: 501 });

beforeAll(async () => {
  h = await startHarness();
  // 2 modules x 3 lessons, plus a lesson only tag 77 opens (not accessible to the member: excluded from progress).
  tree = await createCourseTree(h, { title: 'Progress Course', slug: 'progress-course' }, { modules: 2, lessons: 3 });
  await createLesson(h, { title: 'Hidden extra', ModuleId: tree.modules[0]!.id, Tags: [{ id: 77, name: 'vip' }] });
});

afterAll(async () => {
  await h.service.stop();
});

async function outbox() {
  return h.service.database.db.selectFrom('outbox').select(['type', 'data']).orderBy('seq').execute();
}

describe('marking lessons', () => {
  it('updates lesson flags, module and course progress, and writes one event per change', async () => {
    const m1 = tree.modules[0] as { id: number; lessons: number[] };
    const first = await h.api.put(member(), '/api/lesson/mark-as-completed', { lessonId: m1.lessons[0] });
    expect(first.status).toBe(200);
    // 1 of 6 accessible lessons; 1 of 3 in the module.
    expect(first.body).toEqual({ lessonId: m1.lessons[0], completed: 'true', courseProgress: 17, moduleProgress: 33 });

    const again = await h.api.put(member(), '/api/lesson/mark-as-completed', { lessonId: m1.lessons[0] });
    expect(again.body).toEqual(first.body);

    await h.api.put(member(), '/api/lesson/mark-as-completed', { lessonId: m1.lessons[1] });
    const third = await h.api.put(member(), '/api/lesson/mark-as-completed', { lessonId: m1.lessons[2] });
    expect(third.body).toMatchObject({ courseProgress: 50, moduleProgress: 100 });

    const page = await h.api.get<CoursePageBody>(member(), '/api/course/progress-course');
    expect(page.body.course.totalProgress).toBe(50);
    expect(page.body.course.Modules.map((m) => m.totalProgress)).toEqual([100, 0]);
    expect(page.body.course.Modules[0]?.Lessons.map((l) => l.completed)).toEqual(['true', 'true', 'true']);
    expect(page.body.course.Modules[1]?.Lessons.map((l) => l.completed)).toEqual(['false', 'false', 'false']);

    // The catalogue card agrees with the page.
    const catalogue = await h.api.get<{ courses: { id: number; totalProgress: number }[] }>(
      member(),
      '/api/course/read-many',
    );
    expect(catalogue.body.courses.find((c) => c.id === tree.id)?.totalProgress).toBe(50);
    // Someone else's progress is their own.
    const other = await h.api.get<{ courses: { id: number; totalProgress: number }[] }>(
      h.as('premium', { userId: 502 }),
      '/api/course/read-many',
    );
    expect(other.body.courses.find((c) => c.id === tree.id)?.totalProgress).toBe(0);

    const undone = await h.api.put(member(), '/api/lesson/mark-as-uncompleted', { lessonId: m1.lessons[2] });
    expect(undone.body).toEqual({
      lessonId: m1.lessons[2],
      completed: 'false',
      courseProgress: 33,
      moduleProgress: 67,
    });
    const undoneAgain = await h.api.put(member(), '/api/lesson/mark-as-uncompleted', { lessonId: m1.lessons[2] });
    expect(undoneAgain.body).toEqual(undone.body);

    const events = (await outbox()).filter((e) => (e.data as { userId: number }).userId === 501);
    expect(events).toEqual([
      ...[0, 1, 2].map((i) => ({
        type: 'courses.lesson-completed',
        data: { userId: 501, lessonId: m1.lessons[i], moduleId: m1.id, courseId: tree.id },
      })),
      {
        type: 'courses.lesson-uncompleted',
        data: { userId: 501, lessonId: m1.lessons[2], moduleId: m1.id, courseId: tree.id },
      },
    ]);

    const completed = await h.api.get<{ lessons: { id: number; ModuleId: number; completedAt: string }[] }>(
      member(),
      '/api/lesson/completed',
    );
    expect(completed.body.lessons.map((l) => l.id).sort()).toEqual([m1.lessons[0], m1.lessons[1]].sort());
    expect(completed.body.lessons.every((l) => l.ModuleId === m1.id && !Number.isNaN(Date.parse(l.completedAt)))).toBe(
      true,
    );
  });

  it('relays the events to the bus', async () => {
    await h.service.flushEvents();
    const unpublished = await h.service.database.db
      .selectFrom('outbox')
      .select('id')
      .where('published_at', 'is', null)
      .execute();
    expect(unpublished).toEqual([]);
    const redis = createRedis(testInfra().redisUrl, 'courses-test-reader');
    try {
      const entries = await redis.xrange(`${h.service.redisPrefix}events:courses.lesson-completed`, '-', '+');
      expect(entries.length).toBeGreaterThanOrEqual(3);
    } finally {
      redis.disconnect();
    }
  });

  it('answers lessons the caller cannot open exactly like unknown lessons (404)', async () => {
    const hidden = await createLesson(h, {
      title: 'VIP only',
      ModuleId: tree.modules[1]!.id,
      Tags: [{ id: 88, name: 'vip2' }],
    });
    const res = await h.api.put(member(), '/api/lesson/mark-as-completed', { lessonId: hidden.id });
    const unknown = await h.api.put(member(), '/api/lesson/mark-as-completed', { lessonId: 9_999_999 });
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { error: LESSON_NOT_FOUND } });
    expect(unknown.body).toEqual(res.body);
    const holder = h.as('basic', { userId: 503, tagIds: [88] });
    expect((await h.api.put(holder, '/api/lesson/mark-as-completed', { lessonId: hidden.id })).status).toBe(200);

    const draftCourse = await createCourseTree(
      h,
      { title: 'Draft progress', slug: 'draft-progress', status: 'DRAFT' },
      { modules: 1, lessons: 1 },
    );
    const draftLesson = draftCourse.modules[0]!.lessons[0]!;
    const draft = await h.api.put(member(), '/api/lesson/mark-as-completed', { lessonId: draftLesson });
    expect({ status: draft.status, body: draft.body }).toEqual({ status: 404, body: { error: LESSON_NOT_FOUND } });
    expect((await h.api.put(member(), '/api/lesson/mark-as-completed', { lessonId: 9_999_999 })).status).toBe(404);
    expect((await h.api.put(member(), '/api/lesson/mark-as-completed', { lessonId: 'x' })).status).toBe(400);
    expect((await h.api.put(member(), '/api/lesson/mark-as-completed', {})).status).toBe(400);
  });

  it('counts only the lessons the person can open, as the course page does', async () => {
    // Module 1 open to basic, with one lesson only tag 92 opens; module 2 hidden from basic unless tag 91 is held;
    // module 3 hidden from basic outright.
    const gated = await createCourseTree(
      h,
      { title: 'Gated progress', slug: 'gated-progress' },
      { modules: 1, lessons: 3 },
    );
    const m1 = gated.modules[0]!;
    await createLesson(h, { title: 'Tag 92 only', ModuleId: m1.id, Tags: [{ id: 92, name: 'g92' }] });
    const m2 = await createModule(h, {
      title: 'Tag 91 module',
      CourseId: gated.id,
      visibleToBasic: false,
      Tags: [{ id: 91, name: 'g91' }],
    });
    for (const title of ['T91 a', 'T91 b']) await createLesson(h, { title, ModuleId: m2.id });
    const m3 = await createModule(h, { title: 'Premium module', CourseId: gated.id, visibleToBasic: false });
    await createLesson(h, { title: 'Premium only', ModuleId: m3.id });

    // [person, course progress, module progress]: 1 of 3 | 1 of 4+2 and 1 of 4 | 1 of 3+2+1 and 1 of 3 | 1 of 4+2+1 and 1 of 4.
    const cases = [
      [h.as('basic', { userId: 611 }), 33, 33],
      [h.as('basic', { userId: 612, tagIds: [91, 92] }), 17, 25],
      [h.as('premium', { userId: 613 }), 17, 33],
      [h.admin, 14, 25],
    ] as const;
    for (const [person, course, module] of cases) {
      const marked = await h.api.put(person, '/api/lesson/mark-as-completed', { lessonId: m1.lessons[0] });
      expect(marked.body).toEqual({
        lessonId: m1.lessons[0],
        completed: 'true',
        courseProgress: course,
        moduleProgress: module,
      });
      const page = await h.api.get<CoursePageBody>(person, '/api/course/gated-progress');
      expect(page.body.course.totalProgress).toBe(course);
      expect(page.body.course.Modules.find((m) => m.id === m1.id)?.totalProgress).toBe(module);
    }
  });

  it('gives admins module progress for a free module lesson, and no course progress', async () => {
    const free = await createModule(h, { title: 'Free progress' });
    const lesson = await createLesson(h, { title: 'Alone', ModuleId: free.id });
    const res = await h.api.put(h.admin, '/api/lesson/mark-as-completed', { lessonId: lesson.id });
    expect(res.body).toEqual({ lessonId: lesson.id, completed: 'true', courseProgress: null, moduleProgress: 100 });
    const event = (await outbox()).at(-1);
    expect(event).toEqual({
      type: 'courses.lesson-completed',
      data: { userId: h.admin.userId, lessonId: lesson.id, moduleId: free.id, courseId: null },
    });
  });

  it('deletes completions with their lesson', async () => {
    const lesson = await createLesson(h, { title: 'Short-lived', ModuleId: tree.modules[1]!.id });
    await h.api.put(member(), '/api/lesson/mark-as-completed', { lessonId: lesson.id });
    expect((await h.api.del(h.admin, `/api/lesson/${lesson.id}`)).status).toBe(204);
    const completed = await h.api.get<{ lessons: { id: number }[] }>(member(), '/api/lesson/completed');
    expect(completed.body.lessons.some((l) => l.id === lesson.id)).toBe(false);
  });
});

describe('users.user-deleted', () => {
  it("removes the person's completions and quiz attempts and records the event as processed", async () => {
    const leaving = h.as('basic', { userId: 777 });
    const staying = h.as('basic', { userId: 778 });
    for (const lessonId of tree.modules[0]!.lessons) {
      await h.api.put(leaving, '/api/lesson/mark-as-completed', { lessonId });
      await h.api.put(staying, '/api/lesson/mark-as-completed', { lessonId });
    }
    // And a quiz attempt of hers (quizzes.test.ts takes them through the API).
    await h.service.database.db
      .insertInto('quiz_attempts')
      .values({
        lesson_id: tree.modules[0]!.lessons[0]!,
        user_id: 777,
        score: 0,
        passed: false,
        answers: '[]',
        results: '[]',
      })
      .execute();
    // The users service's side: an outbox of its own, relayed to the same bus.
    const users = await createTestDatabase<CoursesDatabase>(MIGRATIONS_DIR, 'users_side');
    const redis = createRedis(testInfra().redisUrl, 'users-side');
    const relay = new OutboxRelay({
      db: users.db,
      redis,
      prefix: h.service.redisPrefix,
      logger: createLogger('users-side', 'silent'),
    });
    try {
      const eventId = await publishEvent(users.db, 'users.user-deleted', { id: 777 });
      expect(await relay.flush()).toBe(1);
      await waitFor(
        async () => {
          const rows = await h.service.database.db
            .selectFrom('lesson_completions')
            .select('lesson_id')
            .where('user_id', '=', 777)
            .execute();
          return rows.length === 0;
        },
        { what: "the deleted person's completions to go" },
      );
      const attempts = await h.service.database.db
        .selectFrom('quiz_attempts')
        .select('id')
        .where('user_id', '=', 777)
        .execute();
      expect(attempts).toEqual([]);
      const processed = await h.service.database.db
        .selectFrom('processed_events')
        .select(['consumer', 'event_id'])
        .where('event_id', '=', eventId)
        .execute();
      expect(processed).toEqual([{ consumer: 'courses', event_id: eventId }]);
      const kept = await h.api.get<{ lessons: unknown[] }>(staying, '/api/lesson/completed');
      expect(kept.body.lessons).toHaveLength(3);
    } finally {
      await relay.stop();
      redis.disconnect();
      await users.drop();
    }
  });
});
