/**
 * Certificates of completion (decisions in docs/decisions.md, 'Certificates'):
 *
 * - the lessons that count are the lessons of the course the member can open when the certificate is considered
 *   (the same rule as the progress on the course card, so the certificate comes with the 'Completed' overlay);
 * - a course with no lesson the member can open earns no certificate;
 * - once issued, a certificate stays: uncompleting a lesson or adding one later does not take it back, and
 *   completing the course again does not issue a second one (it certifies completion at its date);
 * - the date is when the last counted lesson was completed; the name is the member's name at issue time.
 */
import type { Role } from '@rainmakers/contracts';
import { ROLES } from '@rainmakers/contracts';
import type { Viewer } from './visibility';

export interface CourseCompletionCounts {
  /** Lessons of the course the member can open. */
  total: number;
  /** How many of them the member completed. */
  completed: number;
}

/** Whether these counts (one entry per module the member can open) make the course complete. */
export function isCourseComplete(modules: readonly CourseCompletionCounts[]): boolean {
  let total = 0;
  let completed = 0;
  for (const m of modules) {
    total += m.total;
    completed += m.completed;
  }
  return total > 0 && completed >= total;
}

export type CertificateDecision =
  | { issue: true }
  | { issue: false; reason: 'already-issued' | 'course-hidden' | 'incomplete' | 'no-completion-date' };

/** Whether to issue a certificate now. */
export function decideCertificate(input: {
  alreadyIssued: boolean;
  courseVisible: boolean;
  modules: readonly CourseCompletionCounts[];
  lastCompletedAt: Date | null;
}): CertificateDecision {
  if (input.alreadyIssued) return { issue: false, reason: 'already-issued' };
  if (!input.courseVisible) return { issue: false, reason: 'course-hidden' };
  if (!isCourseComplete(input.modules)) return { issue: false, reason: 'incomplete' };
  if (!input.lastCompletedAt) return { issue: false, reason: 'no-completion-date' };
  return { issue: true };
}

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * The viewer a stored person stands for. A role this service does not know (a newer users service) is read as
 * basic, the narrowest: the member then needs more, never fewer, lessons than they can see.
 */
export function viewerOfPerson(person: { role: string; tagIds: readonly number[] }): Viewer {
  return { role: isRole(person.role) ? person.role : 'basic', tagIds: person.tagIds };
}
