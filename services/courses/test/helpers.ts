/** Shared set-up of the courses service tests: the real service, callers of every role, and API fixtures. */
import type { Actor, Role } from '@rainmakers/contracts';
import { buildActor, client } from '@rainmakers/kit/testing';
import { type RunningCourses, startForTest } from '../src/testing';

export type Api = ReturnType<typeof client>;

export interface Harness {
  service: RunningCourses;
  api: Api;
  admin: Actor;
  as(role: Role, overrides?: Partial<Actor>): Actor;
}

export async function startHarness(): Promise<Harness> {
  const service = await startForTest({ pollMs: 50 });
  return {
    service,
    api: client(service.url),
    admin: buildActor('admin'),
    as: (role, overrides = {}) => buildActor(role, overrides),
  };
}

type Body = Record<string, unknown>;

export interface CourseFixture {
  id: number;
  slug: string;
}

export async function createCourse(h: Harness, fields: Body): Promise<CourseFixture & Body> {
  const res = await h.api.post<{ course: CourseFixture & Body }>(h.admin, '/api/course/upsert', {
    status: 'PUBLISHED',
    ...fields,
  });
  if (res.status !== 201) throw new Error(`course upsert failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.course;
}

export async function createModule(h: Harness, fields: Body): Promise<{ id: number } & Body> {
  const res = await h.api.post<{ module: { id: number } & Body }>(h.admin, '/api/module/upsert', fields);
  if (res.status !== 201) throw new Error(`module upsert failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.module;
}

export async function createLesson(h: Harness, fields: Body): Promise<{ id: number } & Body> {
  const res = await h.api.post<{ lesson: { id: number } & Body }>(h.admin, '/api/lesson/upsert', {
    content: '',
    ...fields,
  });
  if (res.status !== 201) throw new Error(`lesson upsert failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.lesson;
}

/** A course with `modules` modules of `lessons` lessons each, titled predictably. */
export async function createCourseTree(
  h: Harness,
  course: Body,
  shape: { modules: number; lessons: number; moduleFields?: Body },
) {
  const created = await createCourse(h, course);
  const modules: { id: number; lessons: number[] }[] = [];
  for (let m = 1; m <= shape.modules; m++) {
    const module = await createModule(h, {
      title: `${String(course.title)} M${m}`,
      CourseId: created.id,
      position: m,
      visibleToBasic: true,
      visibleToPremium: true,
      ...(shape.moduleFields ?? {}),
    });
    const lessons: number[] = [];
    for (let l = 1; l <= shape.lessons; l++) {
      const lesson = await createLesson(h, {
        title: `${String(course.title)} M${m} L${l}`,
        content: `Lesson ${l} of module ${m}.`,
        ModuleId: module.id,
        position: l,
      });
      lessons.push(lesson.id);
    }
    modules.push({ id: module.id, lessons });
  }
  return { ...created, modules };
}

export interface CoursePageBody {
  course: {
    id: number;
    totalProgress: number;
    Modules: {
      id: number;
      position: number;
      totalProgress: number;
      /** When the module opens to the caller, while it is locked (drip). */
      opensAt?: string | null;
      Lessons: { id: number; ModuleId: number; position: number; completed: 'true' | 'false'; title: string }[];
    }[];
  };
}
