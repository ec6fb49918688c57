/**
 * GET /api/user/overview/{id} through the running stack: every part of a member's page from the service
 * that owns it, what a coach may not see, who may not look at all, and one stopped service costing its part only.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { MemberOverview } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { DEFAULT_OVERVIEW_PART_KEEP_MS } from '../../gateway/src/config';
import { pidListeningOn } from '../support/processes';
import { type GatewaySession, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, createPerson, type Person, query } from '../support/system';

jest.setTimeout(180_000);

let admin: GatewaySession;
let coach: GatewaySession;
let member: Person;
let tag: { id: number; name: string };
let lesson: { id: number; courseId: number; title: string };
const stopped = new Set<number>();

const overviewOf = (session: GatewaySession, id: number) => session.get<MemberOverview>(`/api/user/overview/${id}`);

beforeAll(async () => {
  admin = await signIn('admin');
  coach = await signIn('coach');
  const [firstTag] = await query<{ id: number; name: string }>(
    'users',
    'SELECT id, name FROM tags ORDER BY id LIMIT 1',
  );
  if (!firstTag) throw new Error('the seed has no tags');
  tag = firstTag;
  member = await createPerson(admin, 'Overview premium', { role: 'premium', Tags: [tag.id] });

  // A completed lesson of a course with more than one lesson (the triggers keep the counts), and its certificate.
  const [found] = await query<{ id: number; courseId: number; title: string }>(
    'courses',
    `SELECT l.id, c.id AS "courseId", c.title FROM lessons l JOIN modules m ON m.id = l.module_id
       JOIN courses c ON c.id = m.course_id
       WHERE (SELECT sum(lesson_count) FROM modules WHERE course_id = c.id) > 1 ORDER BY l.id LIMIT 1`,
  );
  if (!found) throw new Error('the seed has no course with two lessons');
  lesson = found;
  // Back-dated like the other rows tests write with SQL (no event): analytics.test.ts leaves that instant out.
  await query(
    'courses',
    "INSERT INTO lesson_completions (user_id, lesson_id, completed_at) VALUES ($1, $2, '2024-06-01T12:00:00Z')",
    [member.id, lesson.id],
  );
  await query(
    'courses',
    `INSERT INTO certificates (user_id, course_id, full_name, course_title, completed_at)
     VALUES ($1, $2, $3, $4, now())`,
    [member.id, lesson.courseId, member.fullName, lesson.title],
  );
  // A purchase as billing records it once Stripe confirms one.
  await query(
    'billing',
    `INSERT INTO purchases (payment_intent_id, user_id, resource_id, resource_title, amount_cents, currency, status,
                            completed_at)
     VALUES ($1, $2, 1, 'Sourcing guide', 4900, 'usd', 'succeeded', now())`,
    [`pi_overview_${member.id}`, member.id],
  );
  // A long-standing premium member has a board (accounts from before 2025-02-13); an edit publishes the date.
  await query('users', 'UPDATE users SET created_at = $2 WHERE id = $1', [member.id, '2024-06-01T12:00:00Z']);
  await admin.post('/api/user/upsert', { id: member.id, city: 'Austin' });
  // The coach reviews the member's board: opening it creates it from the template; the member puts a card on it.
  let lists: { id: number; name: string }[] = [];
  await waitFor(
    async () => {
      const opened = await coach.request<{ lists: { id: number; name: string }[] }>(
        'GET',
        `/api/move-the-needle/list/read-many?userId=${member.id}`,
      );
      lists = opened.status === 200 ? opened.body.lists : [];
      return lists.length > 0;
    },
    { what: "the member's board to open", timeoutMs: 15_000 },
  );
  // Start from an empty board (the template's cards come along) so the count is known.
  await query('board', 'DELETE FROM cards WHERE list_id = ANY($1::int[])', [lists.map((l) => l.id)]);
  await (await signIn(member)).post('/api/move-the-needle/card/upsert', {
    title: 'Find a supplier',
    ListId: lists[0]?.id,
  });
});

afterAll(async () => {
  for (const pid of stopped) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // already gone
    }
  }
  await closeSystemResources();
});

describe('GET /api/user/overview/{id}', () => {
  it('answers an admin every part, each from the service that owns it', async () => {
    const answer = await overviewOf(admin, member.id);
    expect(answer.unavailable).toEqual([]);
    expect(answer.hidden).toEqual([]);
    expect(answer.person).toMatchObject({ id: member.id, fullName: member.fullName, role: 'premium' });
    expect(answer.person.Tags).toEqual([{ id: tag.id, name: tag.name }]);
    expect(answer.person.abilities).toMatchObject({ editProfile: true, editTags: true });
    expect(answer.purchases).toEqual([
      expect.objectContaining({
        paymentIntentId: `pi_overview_${member.id}`,
        resourceTitle: 'Sourcing guide',
        amountCents: 4900,
        status: 'succeeded',
      }),
    ]);
    const course = answer.courses?.find((c) => c.courseId === lesson.courseId);
    expect(course).toMatchObject({ completedLessons: 1, lastCompletedAt: expect.any(String) });
    expect(course?.lessons).toBeGreaterThan(1);
    expect(course?.percent).toBeGreaterThan(0);
    expect(course?.percent).toBeLessThan(100);
    expect(answer.certificates).toEqual([
      expect.objectContaining({ courseId: lesson.courseId, courseTitle: lesson.title }),
    ]);
    expect(answer.board?.exists).toBe(true);
    expect(answer.board?.cardCount).toBe(1);
    expect(answer.board?.lists.reduce((sum, l) => sum + l.cardCount, 0)).toBe(1);
    expect(answer.board?.lastActivityAt).toEqual(expect.any(String));
    // The audit entries about the person: at least their creation, newest first.
    expect(answer.history?.length).toBeGreaterThanOrEqual(1);
    expect(answer.history?.[0]).toMatchObject({ action: expect.any(String), at: expect.any(String) });
    expect(answer.historyTotal).toBeGreaterThanOrEqual(answer.history?.length ?? 0);
  });

  it('shows a coach the learning and the board, never the purchases or the history; tags editable only', async () => {
    const answer = await overviewOf(coach, member.id);
    expect(answer.hidden.sort()).toEqual(['history', 'purchases']);
    expect(answer.unavailable).toEqual([]);
    expect(answer.purchases).toBeNull();
    expect(answer.history).toBeNull();
    expect(answer.historyTotal).toBeNull();
    expect(answer.courses?.some((c) => c.courseId === lesson.courseId)).toBe(true);
    expect(answer.certificates).toHaveLength(1);
    expect(answer.board?.cardCount).toBe(1);
    expect(answer.person.abilities).toMatchObject({
      editTags: true,
      editProfile: false,
      changeRole: false,
      delete: false,
      signInAs: false,
    });
  });

  it('gives a member without a board an empty board part, and creates none by looking', async () => {
    const fresh = await createPerson(admin, 'Overview basic', { role: 'basic' });
    const answer = await overviewOf(admin, fresh.id);
    expect(answer.board).toEqual({ exists: false, lists: [], cardCount: 0, lastActivityAt: null });
    expect(answer.courses).toEqual([]);
    expect(answer.certificates).toEqual([]);
    expect(answer.purchases).toEqual([]);
    const boards = await query('board', 'SELECT id FROM boards WHERE user_id = $1', [fresh.id]);
    expect(boards).toHaveLength(0);
  });

  it('refuses those the user-read policy refuses', async () => {
    const basic = await createPerson(admin, 'Overview hidden', { role: 'basic' });
    // A coach sees premium members only: anyone else looks missing.
    expect((await coach.request('GET', `/api/user/overview/${basic.id}`)).status).toBe(404);
    expect((await admin.request('GET', '/api/user/overview/999999999')).status).toBe(404);
    expect((await admin.request('GET', '/api/user/overview/abc')).status).toBe(400);
    const premium = await signIn(member);
    // Members: another person is missing, and their own page is not theirs to open.
    expect((await premium.request('GET', `/api/user/overview/${basic.id}`)).status).toBe(404);
    expect((await premium.request('GET', `/api/user/overview/${member.id}`)).status).toBe(403);
    const anonymous = await fetch(new URL(`/api/user/overview/${member.id}`, stackInfo().gatewayUrl));
    expect(anonymous.status).toBe(401);
  });

  it('degrades only the part of a stopped service', async () => {
    // The gateway shows a part's answer again for MEMBER_OVERVIEW_PART_KEEP_MS (the first test's purchases): let
    // it lapse, so the page below has to ask billing.
    await new Promise((resolve) => setTimeout(resolve, DEFAULT_OVERVIEW_PART_KEEP_MS + 100));
    const pid = await pidListeningOn(stackInfo().ports.billing);
    process.kill(pid, 'SIGSTOP');
    stopped.add(pid);
    try {
      const answer = await overviewOf(admin, member.id);
      expect(answer.unavailable).toEqual(['purchases']);
      expect(answer.purchases).toBeNull();
      expect(answer.person.id).toBe(member.id);
      expect(answer.courses).not.toBeNull();
      expect(answer.board).not.toBeNull();
      expect(answer.history).not.toBeNull();
    } finally {
      process.kill(pid, 'SIGCONT');
      stopped.delete(pid);
    }
    await waitFor(async () => (await overviewOf(admin, member.id)).purchases !== null, {
      what: 'the purchases part back',
      timeoutMs: 20_000,
    });
  });
});
