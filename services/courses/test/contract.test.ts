/** Every answer parses with its schema from @rainmakers/contracts (the shapes the web reads). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  catalogueResponseSchema,
  completedLessonsResponseSchema,
  courseAccessResponseSchema,
  coursePageResponseSchema,
  courseUpsertResponseSchema,
  errorBodySchema,
  lessonListResponseSchema,
  lessonOptionsResponseSchema,
  lessonRedirectResponseSchema,
  lessonUpsertResponseSchema,
  markLessonResponseSchema,
  moduleListResponseSchema,
  moduleUpsertResponseSchema,
  successResponseSchema,
} from '@rainmakers/contracts';
import type { z } from 'zod';
import { type Harness, startHarness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.service.stop();
});

function expectShape(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`${JSON.stringify(body).slice(0, 500)}\n${result.error.message}`);
  // Nothing beyond the schema's keys at the top level.
  expect(Object.keys(body as object).sort()).toEqual(Object.keys(result.data as object).sort());
}

describe('response shapes', () => {
  it('match the contracts', async () => {
    const course = await h.api.post(h.admin, '/api/course/upsert', {
      title: 'Contract course',
      slug: 'contract-course',
      status: 'PUBLISHED',
      Tags: [{ id: 1, name: 'Mastermind' }],
    });
    expectShape(courseUpsertResponseSchema, course.body);
    const courseId = (course.body as { course: { id: number } }).course.id;
    const module = await h.api.post(h.admin, '/api/module/upsert', { title: 'Contract module', CourseId: courseId });
    expectShape(moduleUpsertResponseSchema, module.body);
    const moduleId = (module.body as { module: { id: number } }).module.id;
    const lesson = await h.api.post(h.admin, '/api/lesson/upsert', {
      title: 'Contract lesson',
      content: '# Hello\n\nContract content.',
      ModuleId: moduleId,
    });
    expectShape(lessonUpsertResponseSchema, lesson.body);
    const lessonId = (lesson.body as { lesson: { id: number } }).lesson.id;
    const member = h.as('basic');

    expectShape(catalogueResponseSchema, (await h.api.get(member, '/api/course/read-many?itemsPerPage=1000')).body);
    expectShape(catalogueResponseSchema, (await h.api.get(member, '/api/course/read-many?search=contract')).body);
    expectShape(coursePageResponseSchema, (await h.api.get(member, '/api/course/contract-course?search=')).body);
    expectShape(courseAccessResponseSchema, (await h.api.get(member, '/api/course/access?slug=contract-course')).body);
    expectShape(
      lessonRedirectResponseSchema,
      (await h.api.get(member, `/api/course/lesson-redirect/${lessonId}`)).body,
    );
    expectShape(moduleListResponseSchema, (await h.api.get(h.admin, '/api/module/read-many')).body);
    expectShape(moduleListResponseSchema, (await h.api.get(member, '/api/module/read-many')).body);
    expectShape(lessonListResponseSchema, (await h.api.get(h.admin, '/api/lesson/read-many')).body);
    expectShape(lessonOptionsResponseSchema, (await h.api.get(h.admin, '/api/lesson/read-options')).body);
    expectShape(
      markLessonResponseSchema,
      (await h.api.put(member, '/api/lesson/mark-as-completed', { lessonId })).body,
    );
    expectShape(completedLessonsResponseSchema, (await h.api.get(member, '/api/lesson/completed')).body);
    expectShape(
      markLessonResponseSchema,
      (await h.api.put(member, '/api/lesson/mark-as-uncompleted', { lessonId })).body,
    );
    expectShape(
      successResponseSchema,
      (await h.api.post(h.admin, '/api/course/reorder', { courseId, modules: [{ id: moduleId, position: 1 }] })).body,
    );
    expectShape(
      successResponseSchema,
      (await h.api.post(h.admin, '/api/course/reorder-courses', { courses: [{ id: courseId, position: 1 }] })).body,
    );
    expectShape(
      successResponseSchema,
      (await h.api.post(h.admin, '/api/module/reorder', { modules: [{ id: moduleId, position: 1 }] })).body,
    );
    expectShape(errorBodySchema, (await h.api.get(member, '/api/course/missing-course')).body);
  });
});
