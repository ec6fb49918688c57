/**
 * The visibility rules of domain/visibility.ts as SQL conditions, for reads over many rows (catalogue search,
 * progress). Keep both in step: the service tests run the same role matrix through both paths.
 */
import { audienceOf, type Viewer } from '../domain/visibility';
import type { SqlParams } from './db';

export interface VisibilitySql {
  /** Condition on a `courses` row aliased `alias`. */
  course(alias: string): string;
  /** Condition on a `modules` row inside a visible course. */
  module(alias: string): string;
  /** Condition on a `lessons` row inside a visible module. */
  lesson(alias: string): string;
  /** Condition on a `modules` row: not locked to the viewer by its release rule (drip; `Viewer.lockedModuleIds`). */
  open(alias: string): string;
}

export function visibilitySql(viewer: Viewer, params: SqlParams): VisibilitySql {
  const audience = audienceOf(viewer.role);
  // Added when a statement asks for it: a parameter the text never names has no type PostgreSQL can infer.
  let locked: string | null = null;
  const open = (m: string) => {
    if (!viewer.lockedModuleIds?.length) return 'TRUE';
    locked ??= params.add([...viewer.lockedModuleIds]);
    return `${m}.id <> ALL(${locked}::int[])`;
  };
  if (audience === 'all') return { course: () => 'TRUE', module: () => 'TRUE', lesson: () => 'TRUE', open };
  const flag = audience === 'premium' ? 'visible_to_premium' : 'visible_to_basic';
  const tags = viewer.tagIds.length > 0 ? params.add([...viewer.tagIds]) : null;
  const holds = (table: string, column: string, alias: string) =>
    tags
      ? ` OR EXISTS (SELECT 1 FROM ${table} t WHERE t.${column} = ${alias}.id AND t.tag_id = ANY(${tags}::int[]))`
      : '';
  return {
    course: (c) => `(${c}.status = 'PUBLISHED' AND (${c}.${flag}${holds('course_tags', 'course_id', c)}))`,
    module: (m) => `(${m}.course_id IS NOT NULL AND (${m}.${flag}${holds('module_tags', 'module_id', m)}))`,
    lesson: (l) =>
      `(NOT EXISTS (SELECT 1 FROM lesson_tags t WHERE t.lesson_id = ${l}.id)${holds('lesson_tags', 'lesson_id', l)})`,
    open,
  };
}
