/**
 * Certificates: issued from courses.lesson-completed once the member has completed every lesson of the course
 * they can open, exactly once (a replayed event and a second completion issue nothing), kept when a lesson is
 * uncompleted; the public answer and the PDF show only the certificate; 404 for an unknown id.
 */
import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CERTIFICATE_NOT_FOUND, certificateDateText, type EventData } from '@rainmakers/contracts';
import { createLogger, createRedis, OutboxRelay, publishEvent, type Redis } from '@rainmakers/kit';
import {
  buildActor,
  client,
  createTestDatabase,
  type TestDatabase,
  testInfra,
  userChangedEvent,
  waitFor,
} from '@rainmakers/kit/testing';
import { PDFDocument } from 'pdf-lib';
import type { CoursesDatabase } from '../src/store/schema';
import { MIGRATIONS_DIR, startForTest } from '../src/testing';
import { type CourseFixture, createCourseTree, createLesson, createModule, type Harness } from './helpers';

let h: Harness;
let redis: Redis;
let users: TestDatabase<CoursesDatabase>;
let usersRelay: OutboxRelay<CoursesDatabase>;
let course: CourseFixture & { modules: { id: number; lessons: number[] }[] };
let version = 1;

/** The users service's side: users.user-changed for a person, relayed to the same bus. */
async function announcePerson(userId: number, fullName: string, role: EventData<'users.user-changed'>['role']) {
  await publishEvent(
    users.db,
    'users.user-changed',
    userChangedEvent({
      id: userId,
      fullName,
      role,
      city: 'Tampa',
      state: 'FL',
      stripeStatus: 'active',
      createdAt: '2024-01-01T00:00:00.000Z',
      version: version++,
    }),
  );
  await usersRelay.flush();
  await waitFor(
    () =>
      h.service.database.db
        .selectFrom('people')
        .select('full_name')
        .where('user_id', '=', userId)
        .where('full_name', '=', fullName)
        .executeTakeFirst(),
    { what: `person ${userId} in the courses service's copy` },
  );
}

/** The PDF's content streams, inflated: pdf-lib writes standard-font text as hex strings (WinAnsi bytes). */
function pageText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  const out: string[] = [];
  for (const match of raw.matchAll(/(?<!end)stream\r?\n([\s\S]*?)endstream/g)) {
    try {
      out.push(inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1'));
    } catch {
      // not a deflated stream
    }
  }
  return out.join('\n');
}

/** XINFO answers flat [key, value, ...] lists. */
function field(list: unknown, name: string): unknown {
  const items = list as unknown[];
  for (let i = 0; i + 1 < items.length; i += 2) if (items[i] === name) return items[i + 1];
  return undefined;
}

/** Every lesson-completed entry so far has been handled and acknowledged by the courses consumer group. */
async function completionsConsumed(): Promise<void> {
  await h.service.flushEvents();
  const key = `${h.service.redisPrefix}events:courses.lesson-completed`;
  await waitFor(
    async () => {
      const last = field(await redis.xinfo('STREAM', key), 'last-generated-id');
      const groups = (await redis.xinfo('GROUPS', key)) as unknown[];
      const group = groups.find((g) => field(g, 'name') === 'courses');
      return field(group, 'last-delivered-id') === last && field(group, 'pending') === 0;
    },
    { what: 'the courses consumer to handle every lesson-completed event' },
  );
}

async function certificatesOfUser(userId: number) {
  return h.service.database.db.selectFrom('certificates').selectAll().where('user_id', '=', userId).execute();
}

async function completeAll(actor: ReturnType<Harness['as']>, lessonIds: readonly number[]) {
  for (const lessonId of lessonIds) {
    const res = await h.api.put(actor, '/api/lesson/mark-as-completed', { lessonId });
    expect(res.status).toBe(200);
  }
}

const allLessons = () => course.modules.flatMap((m) => m.lessons);

beforeAll(async () => {
  const service = await startForTest({ pollMs: 50, reclaimIdleMs: 300 });
  h = {
    service,
    api: client(service.url),
    admin: buildActor('admin'),
    as: (role, overrides = {}) => buildActor(role, overrides),
  };
  redis = createRedis(testInfra().redisUrl, 'certificates-test');
  users = await createTestDatabase<CoursesDatabase>(MIGRATIONS_DIR, 'users_side');
  usersRelay = new OutboxRelay({
    db: users.db,
    redis,
    prefix: h.service.redisPrefix,
    logger: createLogger('users-side', 'silent'),
  });
  course = await createCourseTree(
    h,
    { title: 'Certified Seller', slug: 'certified-seller' },
    { modules: 2, lessons: 2 },
  );
});

afterAll(async () => {
  await usersRelay.stop();
  redis.disconnect();
  await users.drop();
  await h.service.stop();
});

describe('issuing', () => {
  it('is not issued while a lesson is missing, then issued once the last one is completed', async () => {
    const member = h.as('basic', { userId: 9001 });
    await announcePerson(9001, 'Priya Natarajan', 'basic');
    await completeAll(member, allLessons().slice(0, -1));
    await completionsConsumed();
    expect(await certificatesOfUser(9001)).toEqual([]);

    await completeAll(member, allLessons().slice(-1));
    const [issued] = await waitFor(
      async () => {
        const rows = await certificatesOfUser(9001);
        return rows.length > 0 && rows;
      },
      { what: 'the certificate' },
    );
    expect(issued).toMatchObject({
      course_id: course.id,
      full_name: 'Priya Natarajan',
      course_title: 'Certified Seller',
    });
    expect(issued?.id).toMatch(/^[0-9a-f-]{36}$/);
    // The date is when the last lesson was completed.
    const last = await h.service.database.db
      .selectFrom('lesson_completions')
      .select('completed_at')
      .where('user_id', '=', 9001)
      .orderBy('completed_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(issued?.completed_at.toISOString()).toBe(last.completed_at.toISOString());
  });

  it('is issued exactly once: a replayed event, a new completion and a renamed member change nothing', async () => {
    const member = h.as('premium', { userId: 9002 });
    await announcePerson(9002, 'Marcus Whitfield', 'premium');
    await completeAll(member, allLessons());
    await waitFor(async () => (await certificatesOfUser(9002)).length === 1, { what: 'the certificate' });
    await completionsConsumed();
    const [first] = await certificatesOfUser(9002);

    // Replay every lesson-completed entry of this member as the bus would redeliver it (same event ids).
    const key = `${h.service.redisPrefix}events:courses.lesson-completed`;
    const entries = (await redis.xrange(key, '-', '+')) as [string, string[]][];
    const mine = entries.filter(([, fields]) => field(fields, 'envelope')?.toString().includes('"userId":9002'));
    expect(mine).toHaveLength(allLessons().length);
    for (const [, fields] of mine) await redis.xadd(key, '*', ...fields);
    // Uncompleting and completing again publishes a new event for a course already certified.
    const lessonId = allLessons()[0] as number;
    await h.api.put(member, '/api/lesson/mark-as-uncompleted', { lessonId });
    await announcePerson(9002, 'Marcus W. Renamed', 'premium');
    await h.api.put(member, '/api/lesson/mark-as-completed', { lessonId });
    await completionsConsumed();

    const after = await certificatesOfUser(9002);
    expect(after).toEqual([first]);
    // The name at issue time stays on the certificate.
    expect(after[0]?.full_name).toBe('Marcus Whitfield');
  });

  it('stays valid when a lesson is uncompleted or a lesson is added later', async () => {
    const member = h.as('basic', { userId: 9001 });
    const [certificate] = await certificatesOfUser(9001);
    await h.api.put(member, '/api/lesson/mark-as-uncompleted', { lessonId: allLessons()[1] });
    const added = await createLesson(h, { title: 'Added later', ModuleId: course.modules[1]?.id, position: 9 });
    const res = await h.api.get(null, `/api/certificates/${certificate?.id}`);
    expect(res.status).toBe(200);
    await h.api.del(h.admin, `/api/lesson/${added.id}`);
    await h.api.put(member, '/api/lesson/mark-as-completed', { lessonId: allLessons()[1] });
  });

  it('counts the lessons the member can open: a premium-only module does not hold back a basic member', async () => {
    const gated = await createCourseTree(
      h,
      { title: 'Mixed Audience', slug: 'mixed-audience' },
      { modules: 1, lessons: 2 },
    );
    const premiumOnly = await createModule(h, {
      title: 'Premium extras',
      CourseId: gated.id,
      position: 2,
      visibleToBasic: false,
      visibleToPremium: true,
    });
    const extra = await createLesson(h, { title: 'Premium lesson', ModuleId: premiumOnly.id, position: 1 });

    const basic = h.as('basic', { userId: 9003 });
    const premium = h.as('premium', { userId: 9004 });
    await announcePerson(9003, 'Jenna Kowalski', 'basic');
    await announcePerson(9004, 'Hannah Brooks', 'premium');
    const visibleToBoth = gated.modules.flatMap((m) => m.lessons);
    await completeAll(basic, visibleToBoth);
    await completeAll(premium, visibleToBoth);
    await waitFor(async () => (await certificatesOfUser(9003)).length === 1, {
      what: "the basic member's certificate",
    });
    await completionsConsumed();
    // The premium member sees one more lesson: not complete yet.
    expect(await certificatesOfUser(9004)).toEqual([]);
    await completeAll(premium, [extra.id]);
    await waitFor(async () => (await certificatesOfUser(9004)).length === 1, {
      what: "the premium member's certificate",
    });
  });

  it("waits for the member's name when the completion arrives first, then issues it", async () => {
    const member = h.as('basic', { userId: 9005 });
    await completeAll(member, allLessons());
    await h.service.flushEvents();
    // The person is not known yet: the event stays pending and is retried.
    await waitFor(
      async () => {
        const pending = (await redis.xpending(
          `${h.service.redisPrefix}events:courses.lesson-completed`,
          'courses',
        )) as unknown[];
        return Number(pending[0]) > 0;
      },
      { what: 'the completion to wait for the name' },
    );
    expect(await certificatesOfUser(9005)).toEqual([]);
    await announcePerson(9005, 'Daniel Okafor', 'basic');
    const [issued] = await waitFor(
      async () => {
        const rows = await certificatesOfUser(9005);
        return rows.length > 0 && rows;
      },
      { what: 'the certificate after a retry' },
    );
    expect(issued?.full_name).toBe('Daniel Okafor');
  });
});

describe('reading', () => {
  it('answers what the certificate shows to anyone, and nothing else', async () => {
    const [certificate] = await certificatesOfUser(9001);
    const res = await h.api.get<Record<string, Record<string, unknown>>>(null, `/api/certificates/${certificate?.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      certificate: {
        id: certificate?.id,
        fullName: 'Priya Natarajan',
        courseTitle: 'Certified Seller',
        completedAt: certificate?.completed_at.toISOString(),
      },
    });
    // Signed in as someone else: the same answer.
    const other = await h.api.get(h.as('coach'), `/api/certificates/${certificate?.id}`);
    expect(other.body).toEqual(res.body);
  });

  it('answers 404 in the error shape for an unknown id, a malformed id and an upper-case unknown id', async () => {
    for (const id of [randomUUID(), 'abc', '1', randomUUID().toUpperCase(), `${randomUUID()}x`]) {
      const res = await h.api.get(null, `/api/certificates/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: CERTIFICATE_NOT_FOUND });
      const pdf = await h.api.get(null, `/api/certificates/${id}/pdf`);
      expect(pdf.status).toBe(404);
      expect(pdf.body).toEqual({ error: CERTIFICATE_NOT_FOUND });
    }
  });

  it("lists a member's own certificates, for one course on request; signed out: 401", async () => {
    const mine = await h.api.get<{ certificates: { courseId: number; id: string }[] }>(
      h.as('basic', { userId: 9003 }),
      '/api/certificates/mine',
    );
    expect(mine.status).toBe(200);
    expect(mine.body.certificates).toHaveLength(1);
    expect(Object.keys(mine.body.certificates[0] ?? {}).sort()).toEqual([
      'completedAt',
      'courseId',
      'courseTitle',
      'fullName',
      'id',
    ]);
    const one = await h.api.get<{ certificates: unknown[] }>(
      h.as('basic', { userId: 9001 }),
      `/api/certificates/mine?courseId=${course.id}`,
    );
    expect(one.body.certificates).toHaveLength(1);
    const none = await h.api.get<{ certificates: unknown[] }>(
      h.as('basic', { userId: 9001 }),
      `/api/certificates/mine?courseId=${course.id + 1000}`,
    );
    expect(none.body.certificates).toEqual([]);
    expect((await h.api.get(null, '/api/certificates/mine')).status).toBe(401);
    expect((await h.api.get(h.as('basic'), '/api/certificates/mine?courseId=abc')).status).toBe(400);
  });

  it('draws the PDF: a one-page PDF with the name, the course, the date, the id and the verification address', async () => {
    const [certificate] = await certificatesOfUser(9001);
    const res = await fetch(`${h.service.url}/api/certificates/${certificate?.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`certificate-${certificate?.id}.pdf`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Certificate of Completion - Certified Seller');
    expect(pdf.getSubject()).toBe(`Certificate ${certificate?.id}`);
    // The page draws the name, the course, the date, the id and the verification address.
    const drawn = pageText(bytes);
    for (const text of [
      'Priya Natarajan',
      'Certified Seller',
      `Completed on ${certificateDateText(certificate?.completed_at.toISOString() ?? '')}`,
      `Certificate ID: ${certificate?.id}`,
      `Verify this certificate at http://localhost:8080/certificates/${certificate?.id}`,
    ]) {
      expect(drawn).toContain(Buffer.from(text, 'latin1').toString('hex').toUpperCase());
    }
  });
});

describe('users.user-deleted', () => {
  it("removes the person's certificates and their copy", async () => {
    const [certificate] = await certificatesOfUser(9004);
    await publishEvent(users.db, 'users.user-deleted', { id: 9004 });
    await usersRelay.flush();
    await waitFor(async () => (await certificatesOfUser(9004)).length === 0, { what: 'the certificates to go' });
    expect((await h.api.get(null, `/api/certificates/${certificate?.id}`)).status).toBe(404);
    const person = await h.service.database.db
      .selectFrom('people')
      .select('user_id')
      .where('user_id', '=', 9004)
      .execute();
    expect(person).toEqual([]);

    // Their completion events, arriving again under new ids (as a stream replayed from its start after the consumer
    // forgot them), are handled at once: nothing completed any more, so no name to wait for.
    const key = `${h.service.redisPrefix}events:courses.lesson-completed`;
    const entries = (await redis.xrange(key, '-', '+')) as [string, string[]][];
    const theirs = entries.filter(([, fields]) => field(fields, 'envelope')?.toString().includes('"userId":9004'));
    expect(theirs.length).toBeGreaterThan(0);
    for (const [, fields] of theirs) {
      const envelope = JSON.parse(String(field(fields, 'envelope'))) as Record<string, unknown>;
      await redis.xadd(key, '*', 'envelope', JSON.stringify({ ...envelope, id: randomUUID() }));
    }
    await completionsConsumed();
    expect(await certificatesOfUser(9004)).toEqual([]);
    const dead = (await redis.xrange(`${h.service.redisPrefix}dead:courses.lesson-completed`, '-', '+')) as [
      string,
      string[],
    ][];
    expect(dead.filter(([, fields]) => fields.join(' ').includes('"userId":9004'))).toEqual([]);
  });
});
