/**
 * Reorders (spec part 1 "Catalogue reorder mode", part 2 "Course reorder mode"): Save sends the new order,
 * positions are renumbered from 1, a lesson listed under another module moves there. These functions check a
 * request against the current rows and work out every new (module, position); the store applies them inside one
 * transaction that holds the rows' locks, so a rejected request saves nothing.
 *
 * Items the request does not mention keep their relative order and follow the mentioned ones.
 * Ties in the requested positions keep the order of the request.
 */
import { REORDER_FIRST_POSITION } from '@rainmakers/contracts';

export interface Positioned {
  id: number;
  position: number;
}

export type ReorderPlan<T> = { ok: true; changes: T[] } | { ok: false; message: string };

/** Sort requested items by position, ties by their order in the request. */
function byRequestedPosition<T extends Positioned>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.position - b.item.position || a.index - b.index)
    .map(({ item }) => item);
}

function findDuplicate(ids: readonly number[]): number | undefined {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

/**
 * One flat list (the catalogue's courses, the modules of one course): `current` in its present order
 * ((position, id)), `requested` the items with their new positions.
 */
export function planFlatReorder(
  current: readonly Positioned[],
  requested: readonly Positioned[],
  describe: { unknown: (id: number) => string; duplicate: (id: number) => string },
): ReorderPlan<Positioned> {
  const known = new Map(current.map((item) => [item.id, item]));
  const duplicate = findDuplicate(requested.map((r) => r.id));
  if (duplicate !== undefined) return { ok: false, message: describe.duplicate(duplicate) };
  const unknown = requested.find((r) => !known.has(r.id));
  if (unknown) return { ok: false, message: describe.unknown(unknown.id) };
  const mentioned = new Set(requested.map((r) => r.id));
  const order = [
    ...byRequestedPosition(requested).map((r) => r.id),
    ...current.filter((c) => !mentioned.has(c.id)).map((c) => c.id),
  ];
  const changes: Positioned[] = [];
  order.forEach((id, index) => {
    const position = REORDER_FIRST_POSITION + index;
    if (known.get(id)?.position !== position) changes.push({ id, position });
  });
  return { ok: true, changes };
}

export interface CourseTreeNow {
  modules: readonly { id: number; position: number; lessons: readonly Positioned[] }[];
}

export interface CourseReorderRequest {
  modules: readonly {
    id: number;
    position: number;
    Lessons?: readonly { id: number; position: number; ModuleId?: number | undefined }[] | undefined;
  }[];
}

export interface CourseReorderChanges {
  modules: Positioned[];
  lessons: { id: number; moduleId: number; position: number }[];
}

export type CourseReorderPlan = { ok: true; changes: CourseReorderChanges } | { ok: false; message: string };

/** POST /api/course/reorder: modules of one course and, optionally, their lessons (moves between modules too). */
export function planCourseReorder(now: CourseTreeNow, request: CourseReorderRequest): CourseReorderPlan {
  const modulePlan = planFlatReorder(now.modules, request.modules, {
    unknown: (id) => `Module ${id} does not belong to this course`,
    duplicate: (id) => `Module ${id} is listed more than once`,
  });
  if (!modulePlan.ok) return modulePlan;

  // Where every lesson of the course is now.
  const lessonHome = new Map<number, { moduleId: number; position: number }>();
  for (const module of now.modules) {
    for (const lesson of module.lessons) lessonHome.set(lesson.id, { moduleId: module.id, position: lesson.position });
  }
  const listed = request.modules.flatMap((m) => (m.Lessons ?? []).map((l) => ({ ...l, under: m.id })));
  const duplicate = findDuplicate(listed.map((l) => l.id));
  if (duplicate !== undefined) return { ok: false, message: `Lesson ${duplicate} is listed more than once` };
  for (const lesson of listed) {
    if (!lessonHome.has(lesson.id)) return { ok: false, message: `Lesson ${lesson.id} does not belong to this course` };
    if (lesson.ModuleId !== undefined && lesson.ModuleId !== lesson.under) {
      return {
        ok: false,
        message: `Lesson ${lesson.id} is listed under module ${lesson.under} but its ModuleId is ${lesson.ModuleId}`,
      };
    }
  }

  const mentioned = new Set(listed.map((l) => l.id));
  const requestedLessons = new Map(request.modules.map((m) => [m.id, m.Lessons]));
  const lessons: CourseReorderChanges['lessons'] = [];
  for (const module of now.modules) {
    const given = requestedLessons.get(module.id);
    const rest = module.lessons.filter((l) => !mentioned.has(l.id)).map((l) => l.id);
    const order = given ? [...byRequestedPosition(given).map((l) => l.id), ...rest] : rest;
    order.forEach((id, index) => {
      const position = REORDER_FIRST_POSITION + index;
      const home = lessonHome.get(id);
      if (home?.moduleId !== module.id || home.position !== position)
        lessons.push({ id, moduleId: module.id, position });
    });
  }
  return { ok: true, changes: { modules: modulePlan.changes, lessons } };
}
