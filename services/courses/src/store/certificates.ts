/** Certificates of completion: one row per member and course (unique), read by id or by holder. */
import type { CoursesDb } from './db';

export interface CertificateRecord {
  id: string;
  userId: number;
  courseId: number;
  fullName: string;
  courseTitle: string;
  completedAt: Date;
}

const columns = ['id', 'user_id', 'course_id', 'full_name', 'course_title', 'completed_at'] as const;
type Row = {
  id: string;
  user_id: number;
  course_id: number;
  full_name: string;
  course_title: string;
  completed_at: Date;
};
const toRecord = (r: Row): CertificateRecord => ({
  id: r.id,
  userId: r.user_id,
  courseId: r.course_id,
  fullName: r.full_name,
  courseTitle: r.course_title,
  completedAt: r.completed_at,
});

/**
 * Issues the certificate; null when the member already holds one for the course (the unique constraint decides,
 * so two replicas handling two events of one completion at once still issue one).
 */
export async function insertCertificate(
  db: CoursesDb,
  input: Omit<CertificateRecord, 'id'>,
): Promise<CertificateRecord | null> {
  const row = await db
    .insertInto('certificates')
    .values({
      user_id: input.userId,
      course_id: input.courseId,
      full_name: input.fullName,
      course_title: input.courseTitle,
      completed_at: input.completedAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .returning(columns)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function hasCertificate(db: CoursesDb, userId: number, courseId: number): Promise<boolean> {
  const row = await db
    .selectFrom('certificates')
    .select('id')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return row !== undefined;
}

/** By id; the caller has checked the id is a UUID (PostgreSQL refuses anything else). */
export async function findCertificate(db: CoursesDb, id: string): Promise<CertificateRecord | null> {
  const row = await db.selectFrom('certificates').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** A member's certificates, newest first; one course only when `courseId` is given; at most `limit` when given. */
export async function certificatesOf(
  db: CoursesDb,
  userId: number,
  courseId?: number,
  limit?: number,
): Promise<CertificateRecord[]> {
  let query = db.selectFrom('certificates').select(columns).where('user_id', '=', userId);
  if (courseId !== undefined) query = query.where('course_id', '=', courseId);
  let ordered = query.orderBy('completed_at', 'desc').orderBy('id');
  if (limit !== undefined) ordered = ordered.limit(limit);
  const rows = await ordered.execute();
  return rows.map(toRecord);
}

/** When the member completed the last of their completed lessons of this course (null when none). */
export async function lastCompletionInCourse(db: CoursesDb, userId: number, courseId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('lesson_completions as lc')
    .innerJoin('lessons as l', 'l.id', 'lc.lesson_id')
    .innerJoin('modules as m', 'm.id', 'l.module_id')
    .select((eb) => eb.fn.max('lc.completed_at').as('last'))
    .where('lc.user_id', '=', userId)
    .where('m.course_id', '=', courseId)
    .executeTakeFirst();
  return row?.last ? new Date(row.last) : null;
}

export async function deleteCertificatesOf(db: CoursesDb, userId: number): Promise<number> {
  const result = await db.deleteFrom('certificates').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
