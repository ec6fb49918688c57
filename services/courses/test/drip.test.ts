/**
 * Drip: modules released days after a member's access began or on a date, in her time zone; a locked module's
 * lessons refused on every path (lesson, completion, quiz, video place, course-page search, catalogue search) while
 * its date shows on the course page; coaches and admins see everything; the release sweep tells each member once.
 * The day boundary itself is checked in src/domain/drip.test.ts with a fixed clock.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Actor, LESSON_LOCKED, RELEASE_ONE_RULE } from '@rainmakers/contracts';
import { wallClockOf } from '@rainmakers/contracts/time-zone';
import { announceOpenedModules } from '../src/commands/releases';
import { savePerson } from '../src/store/people';
import { type CoursePageBody, createCourse, createLesson, createModule, type Harness, startHarness } from './helpers';

let h: Harness;
const SLUG = 'drip-course';
const HOUR = 3_600_000;
// Kiritimati (UTC+14) is always a calendar day ahead of Pago Pago (UTC-11): its today has begun there, not here.
const AHEAD = 'Pacific/Kiritimati';
const BEHIND = 'Pacific/Pago_Pago';
const aheadToday = wallClockOf(Date.now(), AHEAD).slice(0, 10);

let courseId = 0;
const modules = { always: 0, afterDays: 0, onDate: 0 };
const lessons = { always: 0, afterDays: 0, onDate: 0 };
// Joined 3 days and an hour ago, where the day has begun: "3 days after" has opened for her.
const early = { userId: 7101, createdAt: new Date(Date.now() - 73 * HOUR), timeZone: AHEAD };
// Joined an hour ago, where the day is still yesterday's: nothing dripped has opened.
const late = { userId: 7102, createdAt: new Date(Date.now() - HOUR), timeZone: BEHIND };
const actorOf = (who: typeof early, role: 'basic' | 'premium' = 'basic') =>
  h.as(role, { userId: who.userId, createdAt: who.createdAt.toISOString() });

const page = (actor: Actor, query = '') => h.api.get<CoursePageBody>(actor, `/api/course/${SLUG}${query}`);
const readLesson = (actor: Actor, lessonId: number) =>
  h.api.get<{ error?: string; code?: string; opensAt?: string }>(actor, `/api/course/${SLUG}/lessons/${lessonId}`);

beforeAll(async () => {
  h = await startHarness();
  const course = await createCourse(h, { title: 'Drip Course', slug: SLUG });
  courseId = course.id;
  const rules = {
    always: {},
    afterDays: { releaseAfterDays: 3 },
    onDate: { releaseAt: aheadToday },
  } as const;
  let position = 1;
  for (const key of ['always', 'afterDays', 'onDate'] as const) {
    const module = await createModule(h, {
      title: `Module ${key}`,
      CourseId: courseId,
      position: position++,
      ...rules[key],
    });
    modules[key] = module.id;
    const lesson = await createLesson(h, {
      title: `Lesson ${key}`,
      content: `The secret word of ${key} is zebracorn.`,
      ModuleId: module.id,
    });
    lessons[key] = lesson.id;
  }
  for (const who of [early, late]) {
    await savePerson(
      h.service.database.db,
      {
        userId: who.userId,
        fullName: `Member ${who.userId}`,
        role: 'basic',
        tagIds: [],
        createdAt: who.createdAt,
        timeZone: who.timeZone,
        tagGrants: new Map(),
      },
      1,
    );
  }
});

afterAll(async () => {
  await h.service.stop();
});

describe('the release rule of a module', () => {
  it('is kept with the module, cleared with null, and refused when it cannot be read', async () => {
    const read = await h.api.get<{
      modules: { id: number; releaseAfterDays: number | null; releaseAt: string | null }[];
    }>(h.admin, `/api/module/read-many?CourseId=${courseId}`);
    const byId = new Map(read.body.modules.map((m) => [m.id, m]));
    expect(byId.get(modules.afterDays)).toMatchObject({ releaseAfterDays: 3, releaseAt: null });
    expect(byId.get(modules.onDate)).toMatchObject({ releaseAfterDays: null, releaseAt: aheadToday });
    const upsert = (fields: Record<string, unknown>) =>
      h.api.post<{ errors: Record<string, string> }>(h.admin, '/api/module/upsert', {
        title: 'Rule check',
        CourseId: courseId,
        ...fields,
      });
    const both = await upsert({ releaseAfterDays: 2, releaseAt: '2026-12-01' });
    expect([both.status, both.body.errors]).toEqual([400, { releaseAt: RELEASE_ONE_RULE }]);
    expect((await upsert({ releaseAfterDays: 0 })).body.errors).toHaveProperty('releaseAfterDays');
    expect((await upsert({ releaseAfterDays: 1.5 })).body.errors).toHaveProperty('releaseAfterDays');
    expect((await upsert({ releaseAt: '2026-02-31' })).body.errors).toHaveProperty('releaseAt');
    const created = await upsert({ releaseAfterDays: 5 });
    expect(created.status).toBe(201);
    const id = (created.body as unknown as { module: { id: number } }).module.id;
    const cleared = await h.api.post<{ module: { releaseAfterDays: number | null } }>(h.admin, '/api/module/upsert', {
      id,
      title: 'Rule check',
      releaseAfterDays: null,
    });
    expect([cleared.status, cleared.body.module.releaseAfterDays]).toEqual([200, null]);
    // The audit entry of the change says what the rule was and became.
    const audits = await h.service.database.db
      .selectFrom('outbox')
      .select('data')
      .where('type', '=', 'audit.recorded')
      .orderBy('seq', 'desc')
      .execute();
    const update = audits
      .map((a) => a.data as { action: string; subjectId: string; changes: Record<string, Record<string, unknown>> })
      .find((a) => a.action === 'module.update' && a.subjectId === String(id));
    expect([update?.changes.before?.releaseAfterDays, update?.changes.after?.releaseAfterDays]).toEqual([5, null]);
    expect((await h.api.del(h.admin, `/api/module/${id}`)).status).toBe(204);
  });
});

describe('a member whose modules have not opened', () => {
  it('sees them on the course page with the date they open where she is, and no open lesson inside', async () => {
    const res = await page(actorOf(late));
    expect(res.status).toBe(200);
    const opensAt = new Map(res.body.course.Modules.map((m) => [m.id, m.opensAt]));
    expect(opensAt.get(modules.always)).toBeNull();
    // Three days after her local date of joining, at midnight in Pago Pago (between 47 and 71 hours from now, as
    // the hour she joined at falls there).
    const afterDays = new Date(opensAt.get(modules.afterDays) ?? '');
    const joinedOn = wallClockOf(late.createdAt.getTime(), BEHIND).slice(0, 10);
    const threeDaysLater = new Date(Date.parse(`${joinedOn}T00:00:00Z`) + 3 * 24 * HOUR).toISOString().slice(0, 10);
    expect(wallClockOf(afterDays.getTime(), BEHIND)).toBe(`${threeDaysLater}T00:00`);
    expect(afterDays.getTime()).toBeGreaterThan(Date.now() + 47 * HOUR);
    // Kiritimati's today, at midnight in Pago Pago: still to come for her.
    expect(wallClockOf(new Date(opensAt.get(modules.onDate) ?? '').getTime(), BEHIND)).toBe(`${aheadToday}T00:00`);
    // Asked for a locked lesson, the page opens none of it.
    const asked = await page(actorOf(late), `?lessonId=${lessons.afterDays}`);
    const listed = asked.body.course.Modules.flatMap((m) => m.Lessons);
    expect(listed.map((l) => l.title)).toContain('Lesson afterDays');
    expect(listed.filter((l) => 'content' in l).map((l) => l.id)).toEqual([lessons.always]);
  });

  it('is refused the locked lesson on every path, with the date it opens', async () => {
    const member = actorOf(late);
    for (const id of [lessons.afterDays, lessons.onDate]) {
      const res = await readLesson(member, id);
      expect([res.status, res.body.code]).toEqual([403, LESSON_LOCKED]);
      expect(res.body.error).toMatch(/^This lesson opens on /);
      expect(Date.parse(res.body.opensAt ?? '')).toBeGreaterThan(Date.now());
      const complete = await h.api.put<{ code?: string }>(member, '/api/lesson/mark-as-completed', { lessonId: id });
      expect([complete.status, complete.body.code]).toEqual([403, LESSON_LOCKED]);
      const video = await h.api.put<{ code?: string }>(member, '/api/lesson/video-position', {
        lessonId: id,
        seconds: 10,
      });
      expect(video.status).toBe(403);
    }
    // Un-marking is never refused.
    expect((await h.api.put(member, '/api/lesson/mark-as-uncompleted', { lessonId: lessons.afterDays })).status).toBe(
      200,
    );
    expect((await readLesson(member, lessons.always)).status).toBe(200);
  });

  it('does not find what the locked lessons say, on the course page or in the catalogue', async () => {
    const titles = async (actor: Actor) => {
      const res = await page(actor, '?search=zebracorn');
      return res.body.course.Modules.flatMap((m) => m.Lessons.map((l) => l.title)).sort();
    };
    expect(await titles(actorOf(late))).toEqual(['Lesson always']);
    expect(await titles(actorOf(early))).toEqual(['Lesson afterDays', 'Lesson always', 'Lesson onDate']);
    const catalogue = async (actor: Actor) => {
      const res = await h.api.get<{ lessonsContent: { id: number }[] }>(
        actor,
        '/api/course/read-many?search=zebracorn&only=lessonsContent',
      );
      return res.body.lessonsContent.map((l) => l.id).sort((a, b) => a - b);
    };
    expect(await catalogue(actorOf(late))).toEqual([lessons.always]);
    // The All tab (courses, modules and lessons together) counts what she can read.
    const all = await h.api.get<{ counts: { lessons: number }; courses: unknown[] }>(
      actorOf(late),
      '/api/course/read-many?search=zebracorn',
    );
    expect([all.status, all.body.counts.lessons]).toEqual([200, 1]);
    expect((await h.api.get(actorOf(late), '/api/course/read-many')).status).toBe(200);
    expect(await catalogue(actorOf(early))).toEqual(
      [lessons.always, lessons.afterDays, lessons.onDate].sort((a, b) => a - b),
    );
  });
});

describe('whom the schedule holds back', () => {
  it('opens everything to a member whose days have come, and to coaches and admins at once', async () => {
    const res = await page(actorOf(early));
    expect(res.body.course.Modules.map((m) => m.opensAt)).toEqual([null, null, null]);
    expect((await readLesson(actorOf(early), lessons.afterDays)).status).toBe(200);
    const coach = h.as('coach', { createdAt: new Date().toISOString() });
    expect((await readLesson(coach, lessons.afterDays)).status).toBe(200);
    expect((await page(coach)).body.course.Modules.map((m) => m.opensAt)).toEqual([null, null, null]);
    expect((await readLesson(h.admin, lessons.onDate)).status).toBe(200);
  });
});

describe('the release sweep', () => {
  it('tells a member once that her modules opened, never before the rule existed, and not the others', async () => {
    const db = h.service.database.db;
    // Set before any opening: the rules were made "yesterday" and a week ago.
    const before = await announceOpenedModules({ db, events: null });
    expect(before).toBe(0);
    await db
      .updateTable('modules')
      .set({ release_rule_set_at: new Date(Date.now() - 7 * 24 * HOUR) })
      .where('id', 'in', [modules.afterDays, modules.onDate])
      .execute();
    expect(await announceOpenedModules({ db, events: null })).toBe(2);
    expect(await announceOpenedModules({ db, events: null })).toBe(0);
    const notices = await db
      .selectFrom('outbox')
      .select('data')
      .where('type', '=', 'courses.learning-notice')
      .execute();
    const told = notices.map((n) => n.data as { userIds: number[]; moduleId: number; kind: string; link: string });
    expect(told.map((n) => [n.moduleId, n.userIds, n.kind]).sort()).toEqual(
      [
        [modules.afterDays, [early.userId], 'module-opened'],
        [modules.onDate, [early.userId], 'module-opened'],
      ].sort(),
    );
    expect(told.map((n) => n.link)).toContain(`/courses/${SLUG}/${modules.afterDays}/${lessons.afterDays}`);
  });
});
