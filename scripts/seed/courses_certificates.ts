/**
 * Runs after courses.ts (file-name order): the seeded premium member has completed the short 'PPC Advertising
 * Fundamentals' course, every lesson she can open, marked through the gateway as she would, and holds its
 * certificate, which the courses service issues from the courses.lesson-completed events.
 * Idempotent: skipped when she already holds that certificate.
 */
import type { CoursePage, MyCertificatesResponse } from '@rainmakers/contracts';
import type { SeedContext } from './context';

export const CERTIFIED_COURSE_SLUG = 'ppc-advertising-fundamentals';
const ISSUE_TIMEOUT_MS = 30_000;

export async function seed(ctx: SeedContext): Promise<void> {
  const member = ctx.people.premium;
  const session = await ctx.signInAs(member.email, member.password);
  const { course } = await session.get<{ course: CoursePage }>(`/api/course/${CERTIFIED_COURSE_SLUG}`);
  const held = () =>
    session.get<MyCertificatesResponse>(`/api/certificates/mine?courseId=${course.id}`).then((r) => r.certificates[0]);
  if (await held()) {
    ctx.log(`${member.email} holds the certificate of "${course.title}" already`);
    return;
  }
  for (const module of course.Modules) {
    for (const lesson of module.Lessons) {
      if (lesson.completed === 'true') continue;
      await session.put('/api/lesson/mark-as-completed', { lessonId: lesson.id });
    }
  }
  // The certificate comes from the completion events, a moment after the last lesson.
  const deadline = Date.now() + ISSUE_TIMEOUT_MS;
  for (;;) {
    const certificate = await held();
    if (certificate) {
      ctx.log(`${member.email} completed "${course.title}": certificate ${certificate.id}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no certificate of "${course.title}" after ${ISSUE_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
