/** users.tag-renamed: the names courses, modules and lessons keep of their required tags follow a rename. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger, createRedis, OutboxRelay, publishEvent } from '@rainmakers/kit';
import { createTestDatabase, testInfra, waitFor } from '@rainmakers/kit/testing';
import type { CoursesDatabase } from '../src/store/schema';
import { MIGRATIONS_DIR } from '../src/testing';
import { createCourse, createLesson, createModule, type Harness, startHarness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.service.stop();
});

describe('users.tag-renamed', () => {
  it('renames every snapshot of the tag, once, and the catalogue shows the new name', async () => {
    const tag = { id: 4242, name: 'Old VIP' };
    const other = { id: 4243, name: 'Other' };
    const course = await createCourse(h, { title: 'Tagged course', slug: 'tagged-course', Tags: [tag, other] });
    const module = await createModule(h, { title: 'Tagged module', position: 0, Tags: [tag], CourseId: course.id });
    const lesson = await createLesson(h, { title: 'Tagged lesson', ModuleId: module.id, Tags: [tag] });
    // Read once so the catalogue cache holds the old name.
    const before = await h.api.get<{ courses: { id: number; Tags: { id: number; name: string }[] }[] }>(
      h.admin,
      '/api/course/read-many?itemsPerPage=1000',
    );
    expect(before.body.courses.find((c) => c.id === course.id)?.Tags.map((t) => t.name)).toContain('Old VIP');

    // The users service's side: an outbox of its own, relayed to the same bus.
    const users = await createTestDatabase<CoursesDatabase>(MIGRATIONS_DIR, 'users_side_tags');
    const redis = createRedis(testInfra().redisUrl, 'users-side-tags');
    const relay = new OutboxRelay({
      db: users.db,
      redis,
      prefix: h.service.redisPrefix,
      logger: createLogger('users-side', 'silent'),
    });
    try {
      const eventId = await publishEvent(users.db, 'users.tag-renamed', { id: tag.id, name: 'New VIP' });
      expect(await relay.flush()).toBe(1);
      const names = async () => {
        const db = h.service.database.db;
        const [c, m, l] = await Promise.all([
          db
            .selectFrom('course_tags')
            .select(['tag_id', 'tag_name'])
            .where('course_id', '=', course.id)
            .orderBy('tag_id')
            .execute(),
          db.selectFrom('module_tags').select('tag_name').where('module_id', '=', module.id).execute(),
          db.selectFrom('lesson_tags').select('tag_name').where('lesson_id', '=', lesson.id).execute(),
        ]);
        return { course: c.map((r) => r.tag_name), module: m.map((r) => r.tag_name), lesson: l.map((r) => r.tag_name) };
      };
      await waitFor(async () => (await names()).lesson[0] === 'New VIP', { what: 'the lesson snapshot to follow' });
      expect(await names()).toEqual({ course: ['New VIP', 'Other'], module: ['New VIP'], lesson: ['New VIP'] });
      const processed = await h.service.database.db
        .selectFrom('processed_events')
        .select('consumer')
        .where('event_id', '=', eventId)
        .execute();
      expect(processed).toEqual([{ consumer: 'courses' }]);
      // The catalogue cache was invalidated after the commit.
      await waitFor(
        async () => {
          const after = await h.api.get<{ courses: { id: number; Tags: { name: string }[] }[] }>(
            h.admin,
            '/api/course/read-many?itemsPerPage=1000',
          );
          return after.body.courses.find((c) => c.id === course.id)?.Tags.some((t) => t.name === 'New VIP') === true;
        },
        { what: 'the catalogue to show the new name' },
      );
    } finally {
      await relay.stop();
      redis.disconnect();
      await users.drop();
    }
  });
});
