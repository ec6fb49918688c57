/**
 * Course insights (GET /api/course/insights/{id}) against a course with known completions, and the bare course
 * address resuming after the member's last completed lesson.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CourseInsights } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import { type CoursePageBody, createCourseTree, type Harness, startHarness } from './helpers';

let h: Harness;
let tree: Awaited<ReturnType<typeof createCourseTree>>;
let lessons: number[];
const member = (userId: number) => h.as('premium', { userId });
const DAY_MS = 24 * 60 * 60 * 1000;
const day = (back: number) => new Date(Date.now() - back * DAY_MS).toISOString().slice(0, 10);

async function complete(userId: number, ids: readonly number[]) {
  for (const lessonId of ids) {
    const res = await h.api.put(member(userId), '/api/lesson/mark-as-completed', { lessonId });
    expect(res.status).toBe(200);
  }
}

async function backdate(userId: number, ids: readonly number[], daysBack: number) {
  await h.service.database.db
    .updateTable('lesson_completions')
    .set({ completed_at: sql`now() - make_interval(days => ${daysBack})` })
    .where('user_id', '=', userId)
    .where('lesson_id', 'in', [...ids])
    .execute();
}

beforeAll(async () => {
  h = await startHarness();
  // 2 modules x 2 lessons: L1 L2 | L3 L4 in course order.
  tree = await createCourseTree(h, { title: 'Insights Course', slug: 'insights-course' }, { modules: 2, lessons: 2 });
  lessons = tree.modules.flatMap((m) => m.lessons);
  const [l1, l2, l3, l4] = lessons as [number, number, number, number];
  const other = await createCourseTree(h, { title: 'Other Course', slug: 'other-course' }, { modules: 1, lessons: 1 });
  await complete(601, [l1, l2, l3, l4]); // finished two days ago
  await complete(602, [l1, l2, l3, l4]); // finished today
  await complete(603, [l1]);
  await complete(604, [l1]); // three days ago
  await complete(605, [l1, l3]); // L3 thirty days ago: outside a 7-day range
  await complete(
    606,
    other.modules.flatMap((m) => m.lessons),
  ); // another course only
  await backdate(601, lessons, 2);
  await backdate(604, [l1], 3);
  await backdate(605, [l3], 30);
});

afterAll(async () => {
  await h.service.stop();
});

describe('GET /api/course/insights/{id}', () => {
  it('counts members started and completed, the funnel in course order with its steepest drop, and days', async () => {
    const res = await h.api.get<{ insights: CourseInsights }>(h.admin, `/api/course/insights/${tree.id}?days=7`);
    expect(res.status).toBe(200);
    const insights = res.body.insights;
    expect(insights.course).toEqual({ id: tree.id, title: 'Insights Course', slug: 'insights-course' });
    expect(insights.lessonCount).toBe(4);
    expect(insights.membersStarted).toBe(5);
    expect(insights.membersCompleted).toBe(2);
    expect(insights.funnel.map((l) => [l.id, l.title, l.completed, l.drop])).toEqual([
      [lessons[0], 'Insights Course M1 L1', 5, 0],
      [lessons[1], 'Insights Course M1 L2', 2, 3],
      [lessons[2], 'Insights Course M2 L1', 3, 0],
      [lessons[3], 'Insights Course M2 L2', 2, 1],
    ]);
    expect(insights.funnel[0]).toMatchObject({ moduleId: tree.modules[0]?.id, moduleTitle: 'Insights Course M1' });
    expect(insights.steepestDropLessonId).toBe(lessons[1]);
    expect(insights.days).toBe(7);
    expect(insights.timeline.map((d) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(day));
    const byDate = new Map(insights.timeline.map((d) => [d.date, [d.lessonCompletions, d.courseCompletions]]));
    expect(byDate.get(day(3))).toEqual([1, 0]);
    expect(byDate.get(day(2))).toEqual([4, 1]);
    // 602's four, 603's one, 605's L1 (her L3 is thirty days back).
    expect(byDate.get(day(0))).toEqual([6, 1]);
    expect(insights.timeline.reduce((sum, d) => sum + d.lessonCompletions, 0)).toBe(11);
  });

  it('covers 30 days by default and answers an empty course with zeros', async () => {
    const res = await h.api.get<{ insights: CourseInsights }>(h.admin, `/api/course/insights/${tree.id}`);
    expect(res.body.insights.timeline).toHaveLength(30);
    const empty = await h.api.post<{ course: { id: number } }>(h.admin, '/api/course/upsert', {
      title: 'Empty Course',
      slug: 'empty-insights',
      status: 'DRAFT',
    });
    const answer = await h.api.get<{ insights: CourseInsights }>(
      h.admin,
      `/api/course/insights/${empty.body.course.id}?days=1`,
    );
    expect(answer.body.insights).toMatchObject({
      lessonCount: 0,
      membersStarted: 0,
      membersCompleted: 0,
      funnel: [],
      steepestDropLessonId: null,
      timeline: [{ date: day(0), lessonCompletions: 0, courseCompletions: 0 }],
    });
  });

  it('is for admins only, answers an unknown course as not found and checks days', async () => {
    for (const role of ['coach', 'premium', 'basic', 'course only'] as const) {
      const res = await h.api.get(h.as(role), `/api/course/insights/${tree.id}`);
      expect(res.status).toBe(403);
    }
    expect((await h.api.get(h.admin, '/api/course/insights/999999')).status).toBe(404);
    expect((await h.api.get(h.admin, `/api/course/insights/${tree.id}?days=0`)).status).toBe(400);
    expect((await h.api.get(h.admin, `/api/course/insights/${tree.id}?days=366`)).status).toBe(400);
    expect((await h.api.get(h.admin, `/api/course/insights/${tree.id}?days=x`)).status).toBe(400);
  });
});

describe('resuming a course', () => {
  const openLesson = (body: CoursePageBody) =>
    body.course.Modules.flatMap((m) => m.Lessons as { id: number; content?: string }[]).find(
      (l) => l.content !== undefined,
    )?.id;

  it('opens the lesson after the last completed one when the address names no lesson', async () => {
    const page = async (userId: number) =>
      openLesson((await h.api.get<CoursePageBody>(member(userId), '/api/course/insights-course')).body);
    expect(await page(603)).toBe(lessons[1]);
    expect(await page(605)).toBe(lessons[3]);
    expect(await page(601)).toBe(lessons[0]); // everything done: the start
    expect(await page(700)).toBe(lessons[0]); // nothing done
    // A lesson named in the address is opened as it is.
    const named = await h.api.get<CoursePageBody>(member(603), `/api/course/insights-course?lessonId=${lessons[2]}`);
    expect(openLesson(named.body)).toBe(lessons[2]);
  });
});
