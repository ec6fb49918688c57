/**
 * Certificates of completion: issued from courses.lesson-completed (events.ts), read by anyone who has the id,
 * listed for their holder, and drawn as a PDF. Rules in domain/certificates.ts.
 */
import { CERTIFICATE_NOT_FOUND, certificateIdSchema, type EventData } from '@rainmakers/contracts';
import { notFound } from '@rainmakers/kit';
import { decideCertificate, viewerOfPerson } from '../domain/certificates';
import { canSeeCourse } from '../domain/visibility';
import {
  type CertificateRecord,
  certificatesOf,
  findCertificate,
  hasCertificate,
  insertCertificate,
  lastCompletionInCourse,
} from '../store/certificates';
import { moduleCountsOfCourses } from '../store/completions';
import { courseRows, coursesWithTags } from '../store/courses';
import type { CoursesDb, CoursesStore } from '../store/db';
import { findPerson } from '../store/people';

/** The person named in an event is not in the local copy yet (their users.user-changed has not been applied). */
export class PersonNotKnownYet extends Error {
  constructor(readonly userId: number) {
    super(`person ${userId} is not known to the courses service yet; the event will be retried`);
  }
}

export type IssueOutcome =
  | { issued: CertificateRecord }
  | { issued: null; reason: 'already-issued' | 'course-hidden' | 'incomplete' | 'no-completion-date' | 'no-course' };

/**
 * Issues the member's certificate for the course of a completed lesson when they have now completed every lesson
 * of it they can open. Runs in the consumer's transaction (`trx`, which also records the event as processed); the
 * counts are read through the store from committed rows. Throws PersonNotKnownYet when the member's name is not
 * known yet: the event stays pending and is retried.
 */
export async function issueOnCompletion(
  store: CoursesStore,
  trx: CoursesDb,
  data: EventData<'courses.lesson-completed'>,
): Promise<IssueOutcome> {
  const { userId, courseId } = data;
  if (courseId === null) return { issued: null, reason: 'no-course' };
  if (await hasCertificate(trx, userId, courseId)) return { issued: null, reason: 'already-issued' };
  const [course] = await coursesWithTags(trx, await courseRows(trx, [courseId]));
  if (!course) return { issued: null, reason: 'no-course' };
  // Nothing completed in the course (any more): no certificate, and no need to know the person (a deleted member's
  // completions are gone; their old events, replayed, must not wait for a name that will never come).
  const lastCompletedAt = await lastCompletionInCourse(trx, userId, courseId);
  if (!lastCompletedAt) return { issued: null, reason: 'incomplete' };
  const person = await findPerson(trx, userId);
  if (!person) throw new PersonNotKnownYet(userId);
  const viewer = viewerOfPerson(person);
  const courseVisible = canSeeCourse(viewer, {
    status: course.status,
    visibleToBasic: course.visibleToBasic,
    visibleToPremium: course.visibleToPremium,
    tagIds: course.tags.map((t) => t.id),
  });
  const modules = courseVisible ? await moduleCountsOfCourses(store, viewer, userId, [courseId]) : [];
  const decision = decideCertificate({ alreadyIssued: false, courseVisible, modules, lastCompletedAt });
  if (!decision.issue) return { issued: null, reason: decision.reason };
  const issued = await insertCertificate(trx, {
    userId,
    courseId,
    fullName: person.fullName,
    courseTitle: course.title,
    completedAt: lastCompletedAt,
  });
  return issued ? { issued } : { issued: null, reason: 'already-issued' };
}

/** A certificate by its id; an id that is not a certificate id answers like an unknown one. */
export async function readCertificate(db: CoursesDb, rawId: string): Promise<CertificateRecord> {
  const id = certificateIdSchema.safeParse(rawId);
  const certificate = id.success ? await findCertificate(db, id.data) : null;
  if (!certificate) throw notFound(CERTIFICATE_NOT_FOUND);
  return certificate;
}

export function readOwnCertificates(db: CoursesDb, userId: number, courseId?: number): Promise<CertificateRecord[]> {
  return certificatesOf(db, userId, courseId);
}
