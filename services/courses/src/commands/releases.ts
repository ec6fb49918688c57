/**
 * The release sweep (the course-releases job, every minute): a member whose dripped module opened is told once,
 * in the bell and by e-mail per her settings (courses.learning-notice, kind 'module-opened'; the board service keeps
 * notifications). Once per member and module: each notice is claimed insert-if-absent in module_release_notices
 * in the transaction that publishes it, so two sweeps at once (two replicas) tell nobody twice.
 *
 * Openings before the rule was set are not announced (a rule added to an old module would otherwise tell every
 * long-standing member that it "opened"), nor are modules of draft courses or without lessons.
 */

import type { Role } from '@rainmakers/contracts';
import { type EventNudger, withEvents } from '@rainmakers/kit';
import { accessStartOf, bypassesDrip, type Learner, remembered } from '../domain/drip';
import { canSeeCourse, canSeeModule } from '../domain/visibility';
import type { CoursesDb } from '../store/db';
import { modulesWithReleaseRules, type ReleaseModuleRow } from '../store/modules';
import { type PersonRecord, peoplePage } from '../store/people';
import { claimReleaseNotices, noticedMembers } from '../store/release-notices';

/** People read per page of the sweep. */
export const RELEASE_SWEEP_PAGE = 500;

export interface ReleaseSweepDeps {
  db: CoursesDb;
  events: EventNudger | null;
}

/** Whether (and since when) the module is open to this person now; null while it is not, or not hers to see. */
export function openedFor(
  person: PersonRecord,
  module: ReleaseModuleRow,
  now: Date,
  /** This person's opening days so far (her modules mostly share rule and access start). */
  memo?: Map<string, Date | null>,
): Date | null {
  const role = person.role as Role;
  if (bypassesDrip(role) || person.createdAt === null) return null;
  const viewer = { role, tagIds: person.tagIds };
  if (!canSeeCourse(viewer, { ...module.course, status: module.coursePublished ? 'PUBLISHED' : 'DRAFT' })) return null;
  if (!canSeeModule(viewer, { ...module.module, courseId: module.courseId })) return null;
  const learner: Learner = {
    role,
    tagIds: person.tagIds,
    createdAt: person.createdAt,
    timeZone: person.timeZone,
    tagGrants: person.tagGrants,
  };
  const opensAt = remembered(module, learner, accessStartOf(learner, module.course, module.module, now), memo);
  if (opensAt === null || opensAt > now) return null;
  if (module.ruleSetAt !== null && opensAt < module.ruleSetAt) return null;
  return opensAt;
}

/** Tells everyone whose module opened by `now` and who was not told yet; answers how many were told. */
export async function announceOpenedModules(deps: ReleaseSweepDeps, now: Date = new Date()): Promise<number> {
  const modules = (await modulesWithReleaseRules(deps.db)).filter((m) => m.coursePublished && m.firstLessonId !== null);
  if (modules.length === 0) return 0;
  const told = await noticedMembers(
    deps.db,
    modules.map((m) => m.id),
  );
  let total = 0;
  let afterId = 0;
  for (;;) {
    const people = await peoplePage(deps.db, afterId, RELEASE_SWEEP_PAGE);
    if (people.length === 0) break;
    afterId = people[people.length - 1]?.userId ?? afterId;
    const due = new Map<ReleaseModuleRow, { userId: number; openedAt: Date }[]>();
    for (const person of people) {
      const memo = new Map<string, Date | null>();
      for (const module of modules) {
        if (told.get(module.id)?.has(person.userId)) continue;
        const openedAt = openedFor(person, module, now, memo);
        if (!openedAt) continue;
        const list = due.get(module) ?? [];
        list.push({ userId: person.userId, openedAt });
        due.set(module, list);
      }
    }
    if (due.size > 0) total += await announce(deps, due);
    if (people.length < RELEASE_SWEEP_PAGE) break;
  }
  return total;
}

async function announce(
  deps: ReleaseSweepDeps,
  due: Map<ReleaseModuleRow, { userId: number; openedAt: Date }[]>,
): Promise<number> {
  return withEvents(deps.db, deps.events, async (trx, { publish }) => {
    let count = 0;
    for (const [module, members] of due) {
      const claimed = await claimReleaseNotices(trx, module.id, members);
      if (claimed.length === 0) continue;
      count += claimed.length;
      // One event per module and page of people; the key names the module and the first of them, once.
      await publish('courses.learning-notice', {
        key: `module-opened-${module.id}-${claimed[0]}`,
        kind: 'module-opened',
        userIds: claimed,
        actorId: null,
        actorName: module.courseTitle,
        courseTitle: module.courseTitle,
        title: module.title,
        text: '',
        link: `/courses/${module.courseSlug}/${module.id}/${module.firstLessonId}`,
        lessonId: module.firstLessonId,
        moduleId: module.id,
      });
    }
    return count;
  });
}
