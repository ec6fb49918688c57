/**
 * Drip across the services: a member who gained the tag that opens a course today, in Tokyo, finds its dripped
 * module opening at midnight in Tokyo two days on (the users service's grant date and her zone reach the courses
 * service's copy through users.user-changed); and when a module opens, the release sweep (the course-releases job's
 * code path) run by two "replicas" at once tells her once: one notification in the bell leading to the module's
 * first lesson, and one e-mail, through courses.learning-notice and the board service.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { AppNotification, Tag } from '@rainmakers/contracts';
import { wallClockOf } from '@rainmakers/contracts/time-zone';
import { createDatabase, type DatabaseHandle } from '@rainmakers/kit';
import { waitFor } from '@rainmakers/kit/testing';
import { announceOpenedModules } from '../../services/courses/src/commands/releases';
import type { CoursesDatabase } from '../../services/courses/src/store/schema';
import { type GatewaySession, listMail, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, createPerson, query } from '../support/system';

jest.setTimeout(120_000);

const DAY = 24 * 3_600_000;
let admin: GatewaySession;
let tag: Tag;
const slug = `drip-system-${randomUUID().slice(0, 8)}`;
let moduleId = 0;
let lessonId = 0;
const handles: DatabaseHandle<CoursesDatabase>[] = [];

/** A sweeper as a courses replica has one: its own pool, the real command; the courses process's relay sends. */
function replica() {
  const handle = createDatabase<CoursesDatabase>(stackInfo().databaseUrls.courses, { max: 2 });
  handles.push(handle);
  return { db: handle.db, events: null };
}

beforeAll(async () => {
  admin = await signIn('admin');
  ({ tag } = await admin.post<{ tag: Tag }>('/api/tag/upsert', { name: `Drip ${randomUUID().slice(0, 8)}` }));
  const { course } = await admin.post<{ course: { id: number } }>('/api/course/upsert', {
    title: 'Drip by tag',
    slug,
    status: 'PUBLISHED',
    visibleToBasic: false,
    visibleToPremium: false,
    Tags: [{ id: tag.id, name: tag.name }],
  });
  ({
    module: { id: moduleId },
  } = await admin.post<{ module: { id: number } }>('/api/module/upsert', {
    title: 'Week two',
    CourseId: course.id,
    releaseAfterDays: 2,
  }));
  ({
    lesson: { id: lessonId },
  } = await admin.post<{ lesson: { id: number } }>('/api/lesson/upsert', {
    title: 'Week two, lesson one',
    ModuleId: moduleId,
    content: 'What to do in your second week.',
  }));
});
afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
  await closeSystemResources();
});

describe('drip', () => {
  it('opens a module two days after the tag was granted, at midnight where she lives, and tells her once', async () => {
    const person = await createPerson(admin, 'drip-member');
    const member = await signIn({ email: person.email, password: person.password });
    await member.post('/api/user/upsert', { id: person.id, timeZone: 'Asia/Tokyo' });
    // The tag that opens the course, granted now.
    await admin.post('/api/user/upsert', { id: person.id, Tags: [tag.id] });

    const opensAt = await waitFor(
      async () => {
        const page = await member.request<{ course: { Modules: { id: number; opensAt: string | null }[] } }>(
          'GET',
          `/api/course/${slug}`,
        );
        const at = page.body.course?.Modules.find((m) => m.id === moduleId)?.opensAt;
        // Her zone and her tag's day have reached the courses service: midnight in Tokyo.
        return at && wallClockOf(Date.parse(at), 'Asia/Tokyo').endsWith('T00:00') ? at : null;
      },
      { what: 'the module dated at midnight in Tokyo' },
    );
    const grantedDay = wallClockOf(Date.now(), 'Asia/Tokyo').slice(0, 10);
    const expectedDay = new Date(Date.parse(`${grantedDay}T00:00:00Z`) + 2 * DAY).toISOString().slice(0, 10);
    expect(wallClockOf(Date.parse(opensAt), 'Asia/Tokyo')).toBe(`${expectedDay}T00:00`);
    const locked = await member.request<{ code?: string }>('GET', `/api/course/${slug}/lessons/${lessonId}`);
    expect([locked.status, locked.body.code]).toEqual([403, 'LESSON_LOCKED']);

    // Three days later (her copy's days moved back: joined four days ago, the tag three), with a rule set a week
    // ago: the module has opened.
    await query(
      'courses',
      'UPDATE people SET tag_grants = jsonb_build_object($2::text, $3::text), created_at = $4 WHERE user_id = $1',
      [person.id, String(tag.id), new Date(Date.now() - 3 * DAY).toISOString(), new Date(Date.now() - 4 * DAY)],
    );
    await query('courses', 'UPDATE modules SET release_rule_set_at = $2 WHERE id = $1', [
      moduleId,
      new Date(Date.now() - 7 * DAY),
    ]);
    const told = await Promise.all([announceOpenedModules(replica()), announceOpenedModules(replica())]);
    expect(told.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await announceOpenedModules(replica())).toBe(0);

    const notice = await waitFor(
      async () => {
        const { notifications } = await member.get<{ notifications: AppNotification[] }>('/api/notifications');
        return notifications.find((n) => n.kind === 'module-opened') ?? null;
      },
      { what: 'the module-opened notification' },
    );
    expect(notice).toMatchObject({
      cardTitle: 'Week two',
      cardId: null,
      link: `/courses/${slug}/${moduleId}/${lessonId}`,
    });
    const mail = await waitFor(
      async () =>
        (await listMail(person.email)).find((m) => m.subject === 'Now open: "Week two" in Drip by tag') ?? null,
      { what: 'the e-mail saying the module opened' },
    );
    expect(mail).toBeTruthy();
    const { notifications } = await member.get<{ notifications: AppNotification[] }>('/api/notifications');
    expect(notifications.filter((n) => n.kind === 'module-opened')).toHaveLength(1);
    expect((await listMail(person.email)).filter((m) => m.subject.startsWith('Now open'))).toHaveLength(1);
  });
});
