/**
 * The seed module (scripts/seed/courses.ts) against the real courses service: every course, module and lesson
 * passes validation, the roles see what the catalogue promises, and a second run creates nothing.
 * The seed talks to the gateway in a running stack; here a small session stands in for the gateway, sending the
 * admin's internal token straight to the service.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LessonCommentsResponse } from '@rainmakers/contracts';
import type { GatewaySession, SeedContext } from '../../../scripts/seed/context';
import { COURSES, DISCUSSION_SEED, seed } from '../../../scripts/seed/courses';
import { type Harness, startHarness } from './helpers';

let h: Harness;
const TAGS = { Mastermind: 1, nova: 2, teller: 3, 'Wholesale Bootcamp': 4 };

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.service.stop();
});

function directSession(): GatewaySession {
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const res = await h.api.call<T>(h.admin, method, path, body);
    if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return {
    baseUrl: h.service.url,
    request: async (method, path, body) => {
      const res = await h.api.call(h.admin, method, path, body);
      return { status: res.status, body: res.body as never, headers: res.headers };
    },
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    put: (path, body) => call('PUT', path, body),
    patch: (path, body) => call('PATCH', path, body),
    del: (path, body) => call('DELETE', path, body),
    cookie: () => undefined,
  };
}

function context(logs: string[]): SeedContext {
  const person = {
    id: h.admin.userId,
    fullName: 'Admin',
    email: 'admin@rainmakers.local',
    password: 'x',
    role: 'admin' as const,
  };
  return {
    gatewayUrl: h.service.url,
    signInAs: async () => directSession(),
    internal: () => {
      throw new Error('not used');
    },
    people: { admin: person, coach: person, premium: person, courseOnly: person, basic: person },
    tags: TAGS,
    log: (m) => logs.push(m),
  };
}

describe('scripts/seed/courses.ts', () => {
  it('creates the catalogue once', async () => {
    const logs: string[] = [];
    await seed(context(logs));
    expect(logs.filter((l) => l.startsWith('course '))).toHaveLength(COURSES.length);

    const all = await h.api.get<{
      courses: { slug: string; status: string; Modules: unknown[] }[];
      counts: Record<string, number>;
    }>(h.admin, '/api/course/read-many');
    expect(all.body.courses.map((c) => c.slug)).toEqual(COURSES.map((c) => c.slug));
    expect(all.body.courses.every((c) => c.Modules.length >= 2)).toBe(true);
    expect(all.body.counts.lessonsTitles).toBeGreaterThanOrEqual(20);

    const basic = await h.api.get<{ courses: { slug: string }[] }>(h.as('basic'), '/api/course/read-many');
    expect(basic.body.courses.map((c) => c.slug)).toEqual([
      'amazon-fba-launch-blueprint',
      'ppc-advertising-fundamentals',
    ]);
    const premium = await h.api.get<{ courses: { slug: string }[] }>(h.as('premium'), '/api/course/read-many');
    expect(premium.body.courses.map((c) => c.slug)).toEqual([
      'amazon-fba-launch-blueprint',
      'product-research-mastery',
      'ppc-advertising-fundamentals',
    ]);
    const wholesale = await h.api.get<{ courses: { slug: string }[] }>(
      h.as('course only', { tagIds: [TAGS['Wholesale Bootcamp']] }),
      '/api/course/read-many',
    );
    expect(wholesale.body.courses.map((c) => c.slug)).toContain('wholesale-bootcamp');

    const search = await h.api.get<{ lessonsContent: { title: string; snippet: string }[] }>(
      h.as('premium'),
      '/api/course/read-many?search=freight%20forwarder',
    );
    expect(search.body.lessonsContent.map((l) => l.title)).toContain('Choosing a Freight Forwarder');

    // A member who joined today finds the PPC routine dripped a week out; the others of the course are open.
    const newcomer = h.as('basic', { createdAt: new Date().toISOString() });
    const ppc = await h.api.get<{ course: { Modules: { title: string; opensAt: string | null }[] } }>(
      newcomer,
      '/api/course/ppc-advertising-fundamentals',
    );
    const locked = ppc.body.course.Modules.filter((m) => m.opensAt !== null);
    expect(locked.map((m) => m.title)).toEqual(['Optimization Routine']);
    expect(Date.parse(locked[0]?.opensAt ?? '')).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);

    const again: string[] = [];
    await seed(context(again));
    expect(again).toEqual(['courses exist already; nothing to seed']);
    const after = await h.api.get<{ courses: unknown[] }>(h.admin, '/api/course/read-many');
    expect(after.body.courses).toHaveLength(COURSES.length);
  });

  it("seeds one discussion with the coach's answer first, once", async () => {
    const page = await h.api.get<{ course: { Modules: { Lessons: { id: number; title: string }[] }[] } }>(
      h.as('basic'),
      `/api/course/${DISCUSSION_SEED.slug}`,
    );
    const lesson = page.body.course.Modules.flatMap((m) => m.Lessons).find(
      (l) => l.title === DISCUSSION_SEED.lessonTitle,
    );
    const discussion = await h.api.get<LessonCommentsResponse>(h.as('basic'), `/api/lesson/${lesson!.id}/comments`);
    expect(discussion.body.count).toBe(3);
    expect(discussion.body.comments).toHaveLength(1);
    expect(discussion.body.comments[0]!.body).toBe(DISCUSSION_SEED.question);
    expect(discussion.body.comments[0]!.replies.map((r) => [r.body, r.answer])).toEqual([
      [DISCUSSION_SEED.answer, true],
      [DISCUSSION_SEED.follow, false],
    ]);
  });
});
