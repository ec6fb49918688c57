/**
 * Drip: when a module of a course opens to a member (docs/decisions.md "Drip"). Pure; the course page, the lesson
 * read, completion, search and the release sweep all ask these functions, so there is one rule.
 *
 * - A module may carry one release rule: `releaseAfterDays` days after her access to it began, or a fixed
 *   `releaseAt` date. Without one it is open whenever she can see it.
 * - Both open at the start of a day in her time zone (UTC while she has none): "3 days after" a member who joined on
 *   Monday at 23:00 opens on Thursday at 00:00 where she is, and "on June 1" opens at her midnight of June 1.
 * - Her access began when the later of two things became true: she could see the course, and she could see the
 *   module. Each is true from her account's creation when her role's flag opens it, else from the earliest day she
 *   gained one of its required tags that she holds.
 * - Coaches and admins (the role they act in) are never held back: they prepare and answer for the content.
 */

import type { Role } from '@rainmakers/contracts';
import {
  canonicalTimeZone,
  FALLBACK_TIME_ZONE,
  instantOfWallClock,
  wallClockOf,
} from '@rainmakers/contracts/time-zone';
import { audienceOf, type Gated } from './visibility';

export interface ReleaseRule {
  releaseAfterDays: number | null;
  /** A calendar date, YYYY-MM-DD. */
  releaseAt: string | null;
}

/** What the schedule needs to know of a member: the courses service's copy of her (store/people.ts). */
export interface Learner {
  role: Role;
  tagIds: readonly number[];
  createdAt: Date;
  timeZone: string | null;
  /** The day she gained each tag she holds (tags without one count from now: not yet known here). */
  tagGrants: ReadonlyMap<number, Date>;
}

export const hasReleaseRule = (rule: ReleaseRule): boolean => rule.releaseAfterDays !== null || rule.releaseAt !== null;

/** Coaches and admins see every module open. */
export const bypassesDrip = (role: Role): boolean => role === 'admin' || role === 'coach';

/** Since when she could see one gated item: her creation when her role's flag opens it, else her earliest held tag. */
function openSince(learner: Learner, item: Gated, now: Date): Date {
  const audience = audienceOf(learner.role);
  const flag = audience === 'all' || (audience === 'premium' ? item.visibleToPremium : item.visibleToBasic);
  if (flag) return learner.createdAt;
  const held = new Set(learner.tagIds);
  let earliest: Date | null = null;
  for (const tagId of item.tagIds) {
    if (!held.has(tagId)) continue;
    const granted = learner.tagGrants.get(tagId) ?? now;
    if (earliest === null || granted < earliest) earliest = granted;
  }
  return earliest ?? now;
}

/** When her access to the module began: the later of her access to its course and to the module itself. */
export function accessStartOf(learner: Learner, course: Gated, module: Gated, now: Date): Date {
  const courseSince = openSince(learner, course, now);
  const moduleSince = openSince(learner, module, now);
  return new Date(Math.max(courseSince.getTime(), moduleSince.getTime()));
}

const zoneOf = (learner: Pick<Learner, 'timeZone'>) =>
  (learner.timeZone && canonicalTimeZone(learner.timeZone)) || FALLBACK_TIME_ZONE;

/** Midnight at the start of a calendar date (YYYY-MM-DD) in a zone. */
function startOfDay(date: string, zone: string): Date {
  const instant = instantOfWallClock(`${date}T00:00`, zone);
  return instant ? new Date(instant) : new Date(`${date}T00:00:00Z`);
}

/** The calendar date `days` after the date of `at` in `zone`. */
function dateAfter(at: Date, days: number, zone: string): string {
  const local = wallClockOf(at.getTime(), zone).slice(0, 10);
  const shifted = new Date(`${local}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

/**
 * When the module opens to her, or null when it has no rule (open as soon as she sees it). `accessStart` only
 * matters for `releaseAfterDays`.
 */
export function opensAtOf(rule: ReleaseRule, learner: Pick<Learner, 'timeZone'>, accessStart: Date): Date | null {
  const zone = zoneOf(learner);
  if (rule.releaseAt !== null) return startOfDay(rule.releaseAt, zone);
  if (rule.releaseAfterDays !== null) return startOfDay(dateAfter(accessStart, rule.releaseAfterDays, zone), zone);
  return null;
}

/** When the module opens to her if that is still to come (null: open now). */
export function lockedUntil(
  rule: ReleaseRule,
  learner: Learner,
  chain: { course: Gated; module: Gated },
  now: Date,
  /**
   * Opening days already worked out for this learner (rule and access start -> day): the modules of one course
   * mostly share both, and each day costs a few time-zone conversions.
   */
  memo?: Map<string, Date | null>,
): Date | null {
  if (!hasReleaseRule(rule) || bypassesDrip(learner.role)) return null;
  const opensAt = remembered(rule, learner, accessStartOf(learner, chain.course, chain.module, now), memo);
  return opensAt !== null && opensAt > now ? opensAt : null;
}

/** opensAtOf through a memo of one learner's days (rule and access start -> day). */
export function remembered(
  rule: ReleaseRule,
  learner: Pick<Learner, 'timeZone'>,
  start: Date,
  memo: Map<string, Date | null> | undefined,
): Date | null {
  const key = `${rule.releaseAfterDays}|${rule.releaseAt}|${start.getTime()}`;
  let opensAt = memo?.get(key);
  if (opensAt === undefined) {
    opensAt = opensAtOf(rule, learner, start);
    memo?.set(key, opensAt);
  }
  return opensAt;
}

/**
 * The day she gained each tag she holds, as the courses service keeps it: the users service's date when the event
 * carries one, else the one kept before, else the moment of the change (an event from before dates were sent).
 */
export function mergeTagGrants(
  tagIds: readonly number[],
  sent: readonly { id: number; grantedAt: string }[] | undefined,
  kept: ReadonlyMap<number, Date>,
  changedAt: Date,
): Map<number, Date> {
  const fromEvent = new Map((sent ?? []).map((g) => [g.id, new Date(g.grantedAt)]));
  return new Map(tagIds.map((id) => [id, fromEvent.get(id) ?? kept.get(id) ?? changedAt]));
}
