/**
 * The catalogue cache across replicas: a second app on the same database and Redis serves cached catalogues, and
 * a change made through the first shows on the second at once.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger, createRedis, type Redis } from '@rainmakers/kit';
import { client, startTestServer, TEST_SECRET, type TestServer, testInfra } from '@rainmakers/kit/testing';
import { buildApp } from '../src/app';
import { CatalogueCache } from '../src/catalogue-cache';
import { createCourse, createLesson, createModule, type Harness, startHarness } from './helpers';

let h: Harness;
let redis: Redis;
let replica: TestServer;

beforeAll(async () => {
  h = await startHarness();
  redis = createRedis(testInfra().redisUrl, 'courses-replica');
  const logger = createLogger('courses-replica', 'silent');
  replica = await startTestServer(
    buildApp({
      logger,
      internalTokenKeys: { current: TEST_SECRET },
      readiness: [],
      store: { db: h.service.database.db, pool: h.service.database.pool },
      events: { nudge() {} },
      catalogue: new CatalogueCache({ redis, prefix: h.service.redisPrefix, logger }),
      publicUrl: 'http://localhost:8080',
    }),
  );
});

afterAll(async () => {
  await replica.close();
  redis.disconnect();
  await h.service.stop();
});

type Catalogue = { courses: { slug: string; title: string }[]; lessonsTitles: { title: string }[] };

describe('catalogue cache', () => {
  it('serves a change made on another replica at once', async () => {
    const course = await createCourse(h, { title: 'Cache Course', slug: 'cache-course' });
    const module = await createModule(h, { title: 'Cache module', CourseId: course.id });
    await createLesson(h, { title: 'Cached lesson', ModuleId: module.id });
    const basic = h.as('basic');
    const onReplica = () => client(replica.url).get<Catalogue>(basic, '/api/course/read-many?search=cache');

    const first = await onReplica();
    expect(first.body.courses.map((c) => c.slug)).toEqual(['cache-course']);
    // Served again (from the replica's cache) with the same answer.
    expect((await onReplica()).body).toEqual(first.body);

    // Hidden from basic members through the first replica...
    const hidden = await h.api.post(h.admin, '/api/course/upsert', {
      id: course.id,
      title: 'Cache Course',
      slug: 'cache-course',
      visibleToBasic: false,
    });
    expect(hidden.status).toBe(200);
    // ...and gone on the second at once.
    expect((await onReplica()).body.courses).toEqual([]);

    await h.api.post(h.admin, '/api/course/upsert', {
      id: course.id,
      title: 'Cache Course renamed',
      slug: 'cache-course',
      visibleToBasic: true,
    });
    await createLesson(h, { title: 'Cache second lesson', ModuleId: module.id });
    const after = await onReplica();
    expect(after.body.courses.map((c) => c.title)).toEqual(['Cache Course renamed']);
    expect(after.body.lessonsTitles.map((l) => l.title)).toEqual(['Cached lesson', 'Cache second lesson']);
  });

  it('keeps progress personal while the rest is shared', async () => {
    const course = await createCourse(h, { title: 'Shared Progress', slug: 'shared-progress' });
    const module = await createModule(h, { title: 'Shared module', CourseId: course.id });
    const lesson = await createLesson(h, { title: 'Shared lesson', ModuleId: module.id });
    const alice = h.as('premium', { userId: 9101 });
    const bob = h.as('premium', { userId: 9102 });
    const progress = async (who: typeof alice) =>
      (
        await client(replica.url).get<{ courses: { slug: string; totalProgress: number }[] }>(
          who,
          '/api/course/read-many?search=shared',
        )
      ).body.courses.find((c) => c.slug === 'shared-progress')?.totalProgress;
    expect(await progress(alice)).toBe(0);
    await h.api.put(alice, '/api/lesson/mark-as-completed', { lessonId: lesson.id });
    expect(await progress(alice)).toBe(100);
    expect(await progress(bob)).toBe(0);
  });

  it("serves a course page's outline and lessons changed on another replica at once", async () => {
    const course = await createCourse(h, { title: 'Outline Cache', slug: 'outline-cache' });
    const module = await createModule(h, { title: 'Outline module', CourseId: course.id });
    const first = await createLesson(h, { title: 'Outline first', ModuleId: module.id, content: 'Version one' });
    type Page = { course: { Modules: { Lessons: { title: string; content?: string }[] }[] } };
    const premium = h.as('premium', { userId: 9201 });
    const onReplica = async () =>
      (await client(replica.url).get<Page>(premium, '/api/course/outline-cache')).body.course.Modules.flatMap(
        (m) => m.Lessons,
      );
    expect((await onReplica()).map((l) => [l.title, l.content])).toEqual([['Outline first', 'Version one']]);

    // A new lesson and a changed one, through the first replica: the second's cached outline and lesson are stale.
    await createLesson(h, { title: 'Outline second', ModuleId: module.id });
    const edited = await h.api.post(h.admin, '/api/lesson/upsert', {
      id: first.id,
      title: 'Outline first',
      content: 'Version two',
      ModuleId: module.id,
    });
    expect(edited.status).toBe(200);
    expect((await onReplica()).map((l) => [l.title, l.content])).toEqual([
      ['Outline first', 'Version two'],
      ['Outline second', undefined],
    ]);
  });

  it('asks Redis for the version once for all the reads of a pinned reader', async () => {
    let gets = 0;
    const counting = new Proxy(redis, {
      get(target, name, receiver) {
        if (name === 'get') {
          return (...args: Parameters<Redis['get']>) => {
            gets += 1;
            return target.get(...args);
          };
        }
        return Reflect.get(target, name, receiver);
      },
    });
    const cache = new CatalogueCache({
      redis: counting,
      prefix: h.service.redisPrefix,
      logger: createLogger('courses-pin', 'silent'),
    });
    const reader = await cache.pin();
    expect(await reader.read('a', async () => 1)).toBe(1);
    expect(await reader.read('b', async () => 2)).toBe(2);
    expect(await reader.read('a', async () => 3)).toBe(1);
    expect(gets).toBe(1);
    // Unpinned reads ask each time, so a change on another replica shows at once.
    await cache.read('a', async () => 4);
    await cache.read('b', async () => 5);
    expect(gets).toBe(3);
  });

  it('reads without the cache when Redis cannot answer', async () => {
    const broken = createRedis('redis://127.0.0.1:9', 'broken');
    broken.on('error', () => {});
    const logger = createLogger('courses-broken', 'silent');
    const cache = new CatalogueCache({ redis: broken, prefix: 'x:', logger });
    try {
      broken.disconnect();
      let loads = 0;
      const load = async () => ++loads;
      expect(await cache.read('k', load)).toBe(1);
      expect(await cache.read('k', load)).toBe(2);
      await cache.invalidate();
    } finally {
      broken.disconnect();
    }
  });
});
