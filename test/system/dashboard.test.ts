/**
 * GET /api/dashboard through the running stack: each role's cards, the Move the Needle cut-off on both sides of
 * 2025-02-13, and one stopped service degrading its own card only, within the source deadline.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { DashboardAnswer } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { pidListeningOn } from '../support/processes';
import { type GatewaySession, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, createPerson, type Person, query } from '../support/system';

jest.setTimeout(180_000);

let admin: GatewaySession;
const stopped = new Set<number>();

beforeAll(async () => {
  admin = await signIn('admin');
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

type Role = 'basic' | 'course only' | 'premium' | 'coach';

async function member(role: Role, createdAt?: string) {
  const person: Person = await createPerson(admin, `Dash ${role}`, { role });
  if (createdAt) {
    await query('users', 'UPDATE users SET created_at = $2 WHERE id = $1', [person.id, createdAt]);
    // An edit publishes users.user-changed with the new date, so the gateway's profile carries it.
    await admin.post('/api/user/upsert', { id: person.id, city: 'Austin' });
  }
  return { person, session: await signIn(person) };
}

/** Waits until the gateway's copy of the person shows the board (its account date arrived by event). */
async function untilBoard(session: GatewaySession): Promise<DashboardAnswer> {
  let answer: DashboardAnswer | null = null;
  await waitFor(
    async () => {
      answer = await session.get<DashboardAnswer>('/api/dashboard');
      return answer.thirdColumn?.kind === 'board';
    },
    { what: 'the gateway to learn the account date', timeoutMs: 10_000 },
  );
  return answer as unknown as DashboardAnswer;
}

const dashboardOf = (session: GatewaySession) => session.get<DashboardAnswer>('/api/dashboard');

describe('GET /api/dashboard', () => {
  it('answers 401 without a session', async () => {
    const response = await fetch(new URL('/api/dashboard', stackInfo().gatewayUrl));
    expect(response.status).toBe(401);
  });

  it('gives a basic member no third column', async () => {
    const { session } = await member('basic');
    const answer = await dashboardOf(session);
    expect(answer.role).toBe('basic');
    expect(answer.thirdColumn).toBeNull();
    expect(answer.averageShippingRate).toBeNull();
    expect(answer.courseProgress).toMatchObject({ percent: expect.any(Number), courses: expect.any(Number) });
    expect(answer.productCount).toBe(0);
    expect(answer.unavailable).toEqual([]);
  });

  it('gives course-only members and new premium accounts the calendar, older premium accounts the board', async () => {
    const courseOnly = await member('course only');
    expect((await dashboardOf(courseOnly.session)).thirdColumn).toEqual({ kind: 'calendar' });

    // Created now: on or after the 2025-02-13 cut-off.
    const newer = await member('premium');
    expect((await dashboardOf(newer.session)).thirdColumn).toEqual({ kind: 'calendar' });
    // Both sides of the cut-off, dated in this order: once the later-published change (the day before) has reached
    // the gateway, so has the earlier one (one event stream, consumed in order).
    const onTheDay = await member('premium', '2025-02-13T00:00:00Z');
    const dayBefore = await member('premium', '2025-02-12T23:59:59Z');
    await untilBoard(dayBefore.session);
    expect((await dashboardOf(onTheDay.session)).thirdColumn).toEqual({ kind: 'calendar' });
  });

  it("shares a long-standing premium member's board cards by status", async () => {
    const { person, session } = await member('premium', '2024-06-01T12:00:00Z');
    await untilBoard(session);
    const { lists } = await session.get<{ lists: { id: number; name: string }[] }>(
      `/api/move-the-needle/list/read-many?userId=${person.id}`,
    );
    const listId = (name: string) => lists.find((l) => l.name === name)?.id;
    // Start from an empty board so the shares are known.
    await query('board', 'DELETE FROM cards WHERE list_id = ANY($1::int[])', [lists.map((l) => l.id)]);
    for (const [name, n] of [
      ['NOT STARTED', 2],
      ['IN PROGRESS', 1],
      ['COMPLETED', 1],
      ['FOR REVIEW', 3],
    ] as const) {
      for (let i = 0; i < n; i++) {
        await session.post('/api/move-the-needle/card/upsert', { title: `${name} ${i}`, ListId: listId(name) });
      }
    }
    const answer = await dashboardOf(session);
    expect(answer.thirdColumn).toEqual({
      kind: 'board',
      board: {
        total: 4,
        counts: { notStarted: 2, inProgress: 1, completed: 1, onHold: 0 },
        percent: { notStarted: 50, inProgress: 25, completed: 25, onHold: 0 },
      },
    });
  });

  it('counts the products of the member', async () => {
    const { session } = await member('basic');
    await session.post('/api/product/upsert', {
      title: 'Silicone baking mat',
      units: 500,
      costPerUnit: 3.2,
      shippingCost: 400,
      amazonFees: 7.5,
      amazonRetailPrice: 24.99,
    });
    expect((await dashboardOf(session)).productCount).toBe(1);
  });

  it('pages the community search 15 at a time, by city or state, without e-mails', async () => {
    const { session } = await member('basic');
    const page = (n: number) =>
      session.get<{ users: Record<string, unknown>[]; totalCount: number }>(
        `/api/user/read-many?page=${n}&usersPerPage=15&role=basic&role=premium&cityOrState=FL`,
      );
    const first = await page(1);
    // The seed: the long-standing premium member in Tampa and 18 neighbours in Florida (other files may add more).
    expect(first.totalCount).toBeGreaterThanOrEqual(19);
    expect(first.users).toHaveLength(15);
    const second = await page(2);
    expect(second.users.length).toBe(first.totalCount - 15);
    const ids = new Set([...first.users, ...second.users].map((u) => u.id));
    expect(ids.size).toBe(first.totalCount);
    for (const user of [...first.users, ...second.users]) {
      expect(Object.keys(user).sort()).toEqual(['city', 'fullName', 'id', 'photoUrl', 'state']);
      // "FL" finds the state however it was written (users-table.test.ts adds a member in "Florida").
      expect(['FL', 'Florida']).toContain(user.state);
    }
  });

  it('degrades only the card of a stopped service, within the deadline', async () => {
    const { session } = await member('coach');
    const pid = await pidListeningOn(stackInfo().ports.tools);
    process.kill(pid, 'SIGSTOP');
    stopped.add(pid);
    try {
      const started = Date.now();
      const answer = await dashboardOf(session);
      const ms = Date.now() - started;
      expect(answer.productCount).toBeNull();
      expect(answer.unavailable).toEqual(['products']);
      expect(answer.courseProgress).not.toBeNull();
      expect(answer.thirdColumn?.kind).toBe('board');
      // The source deadline (800 ms) plus a loaded machine's margin: never the upstream timeout (10 s).
      expect(ms).toBeLessThan(3000);
    } finally {
      process.kill(pid, 'SIGCONT');
      stopped.delete(pid);
    }
    await waitFor(async () => (await dashboardOf(session)).productCount !== null, {
      what: 'the products card back',
      timeoutMs: 20_000,
    });
  });
});
