/**
 * Who may see a course, a module inside it, and a lesson (spec part 1 §5 "Course visibility by role", §6;
 * part 2 §6). Pure rules; the catalogue's SQL (store/visibility-sql.ts) mirrors them for large reads.
 *
 * - admin (actor.role === 'admin', so an admin previewing as another role sees what that role sees) sees
 *   everything, DRAFT courses included;
 * - DRAFT courses are hidden from everyone else, whatever their tags;
 * - coach and premium see what is visibleToPremium; basic sees what is visibleToBasic;
 * - 'course only' is treated like basic for the flags: those members bought a particular course and get it
 *   through its required tag, not through a role flag (decision, documented in the report);
 * - holding ANY of an item's required tags opens it whatever the flags say;
 * - a module is open when its course is open AND (its own flag for the role OR one of its tags);
 * - a lesson with tags needs one of them; a lesson without tags follows its module.
 */
import type { Role } from '@rainmakers/contracts';

export interface Viewer {
  role: Role;
  tagIds: readonly number[];
  /** Modules she can see that have not opened to her yet (drip): listed, their lessons not searchable. */
  lockedModuleIds?: readonly number[];
}

/** Which role flag applies to a viewer; 'all' for admins. */
export type Audience = 'all' | 'premium' | 'basic';

export function audienceOf(role: Role): Audience {
  switch (role) {
    case 'admin':
      return 'all';
    case 'coach':
    case 'premium':
      return 'premium';
    case 'course only':
    case 'basic':
      return 'basic';
  }
}

export const isAdminViewer = (viewer: Viewer): boolean => viewer.role === 'admin';

export interface Gated {
  visibleToBasic: boolean;
  visibleToPremium: boolean;
  /** Ids of the required tags. */
  tagIds: readonly number[];
}

export interface GatedCourse extends Gated {
  status: 'DRAFT' | 'PUBLISHED';
}

export function holdsAnyTag(viewer: Viewer, tagIds: readonly number[]): boolean {
  if (tagIds.length === 0 || viewer.tagIds.length === 0) return false;
  const held = new Set(viewer.tagIds);
  return tagIds.some((id) => held.has(id));
}

/** The role flags or a required tag (admins always pass). Status is not part of this check. */
export function passesGate(viewer: Viewer, item: Gated): boolean {
  const audience = audienceOf(viewer.role);
  if (audience === 'all') return true;
  const flag = audience === 'premium' ? item.visibleToPremium : item.visibleToBasic;
  return flag || holdsAnyTag(viewer, item.tagIds);
}

export function canSeeCourse(viewer: Viewer, course: GatedCourse): boolean {
  if (isAdminViewer(viewer)) return true;
  if (course.status !== 'PUBLISHED') return false;
  return passesGate(viewer, course);
}

/** A module inside a course the viewer can already see; a free module (no course) is for admins only. */
export function canSeeModule(viewer: Viewer, module: Gated & { courseId: number | null }): boolean {
  if (isAdminViewer(viewer)) return true;
  if (module.courseId === null) return false;
  return passesGate(viewer, module);
}

/** A lesson inside a module the viewer can already see. */
export function canSeeLesson(viewer: Viewer, lesson: { tagIds: readonly number[] }): boolean {
  if (isAdminViewer(viewer)) return true;
  return lesson.tagIds.length === 0 || holdsAnyTag(viewer, lesson.tagIds);
}

/** The whole chain for one lesson: its course, its module, itself. */
export function canOpenLesson(
  viewer: Viewer,
  chain: {
    course: GatedCourse | null;
    module: Gated & { courseId: number | null };
    lesson: { tagIds: readonly number[] };
  },
): boolean {
  if (isAdminViewer(viewer)) return true;
  if (!chain.course || !canSeeCourse(viewer, chain.course)) return false;
  return canSeeModule(viewer, chain.module) && canSeeLesson(viewer, chain.lesson);
}
