/**
 * Drip at the edges of the service (domain/drip.ts holds the rule): whose schedule applies, which of her modules
 * are still locked, and the refusal of a locked lesson. A course without release rules costs nothing here: the
 * person's record is read only when a module she reaches has a rule.
 */
import { type Actor, LESSON_LOCKED } from '@rainmakers/contracts';
import { formatDateInZone } from '@rainmakers/contracts/time-zone';
import { HttpError, TtlLru } from '@rainmakers/kit';
import { bypassesDrip, hasReleaseRule, type Learner, lockedUntil } from '../domain/drip';
import type { CoursesDb } from '../store/db';
import type { LessonChainRow } from '../store/lessons';
import { modulesWithReleaseRules, type ReleaseModuleRow } from '../store/modules';
import { findPerson, type PersonRecord } from '../store/people';
import type { SharedReads } from './shared-reads';

/**
 * Her schedule's facts: role and tags as she acts now (the actor), creation, zone and tag dates from the service's
 * copy of her. Before the copy has them (a new account whose event is on its way): the actor's creation, UTC, and
 * tags counted from now, which keeps a dripped module closed rather than opening it early.
 */
export async function learnerOf(db: CoursesDb, actor: Actor, now: Date): Promise<Learner> {
  const person = await scheduleFactsOf(db, actor.userId);
  return {
    role: actor.role,
    tagIds: actor.tagIds,
    createdAt: person?.createdAt ?? (actor.createdAt ? new Date(actor.createdAt) : now),
    timeZone: person?.timeZone ?? null,
    tagGrants: person?.tagGrants ?? new Map(),
  };
}

type ScheduleFacts = Pick<PersonRecord, 'createdAt' | 'timeZone' | 'tagGrants'>;

/**
 * Her schedule's facts from the people copy, kept in the process for LEARNER_TTL_MS: a course page with drip costs
 * no read of its own while she moves around. This replica's consumer forgets her at once when her copy changes
 * (forgetLearner); another replica's copy of the facts is at most that old, so a tag granted a moment ago may open
 * its modules half a minute later there.
 */
const LEARNER_TTL_MS = 30_000;
const scheduleFacts = new TtlLru<number, ScheduleFacts>(LEARNER_TTL_MS, 20_000);

async function scheduleFactsOf(db: CoursesDb, userId: number): Promise<ScheduleFacts | null> {
  const known = scheduleFacts.get(userId);
  if (known) return known;
  const person = await findPerson(db, userId);
  // A person the copy does not have yet is asked for again: her event is on its way.
  if (person) scheduleFacts.set(userId, person);
  return person;
}

/** Her copy changed (users.user-changed / -deleted): the next request reads it again. */
export const forgetLearner = (userId: number): void => scheduleFacts.delete(userId);

/** The modules with a release rule, through the catalogue cache (they change only with authoring writes). */
export function releaseModules(deps: SharedReads): Promise<ReleaseModuleRow[]> {
  return deps.catalogue.read('release-modules', () => modulesWithReleaseRules(deps.store.db));
}

/** The ids of the modules with a rule that are still closed to her (none for coaches and admins). */
export async function lockedModuleIdsOf(deps: SharedReads, actor: Actor, now = new Date()): Promise<number[]> {
  if (bypassesDrip(actor.role)) return [];
  const modules = await releaseModules(deps);
  if (modules.length === 0) return [];
  const learner = await learnerOf(deps.store.db, actor, now);
  return modules.filter((m) => lockedUntil(m, learner, m, now) !== null).map((m) => m.id);
}

/** When the lesson's module opens to her, if it has not yet; null when she may read it now. */
export async function lessonLockedUntil(
  db: CoursesDb,
  actor: Actor,
  chain: Pick<LessonChainRow, 'module' | 'course'>,
  now = new Date(),
): Promise<{ opensAt: Date; timeZone: string | null } | null> {
  if (!chain.course || !hasReleaseRule(chain.module) || bypassesDrip(actor.role)) return null;
  const learner = await learnerOf(db, actor, now);
  const opensAt = lockedUntil(chain.module, learner, { course: chain.course, module: chain.module }, now);
  return opensAt ? { opensAt, timeZone: learner.timeZone } : null;
}

/** 403 for a lesson whose module opens later: the date in her zone, and `opensAt` for the page to show. */
export function lessonLocked(lock: { opensAt: Date; timeZone: string | null }): HttpError {
  const day = formatDateInZone(lock.opensAt, lock.timeZone, { day: true });
  return new HttpError(403, `This lesson opens on ${day}`, undefined, LESSON_LOCKED, {
    opensAt: lock.opensAt.toISOString(),
  });
}

/** Refuses a lesson whose module has not opened to her yet. */
export async function assertLessonOpen(
  db: CoursesDb,
  actor: Actor,
  chain: Pick<LessonChainRow, 'module' | 'course'>,
): Promise<void> {
  const lock = await lessonLockedUntil(db, actor, chain);
  if (lock) throw lessonLocked(lock);
}
