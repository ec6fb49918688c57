/**
 * The analytics reporting store against the real users service: events delivered on the bus (a redelivery applied
 * once), the one-time backfill, and GET /api/analytics/overview cutting the hours in a zone with DST.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { AnalyticsOverview, EventData, EventType } from '@rainmakers/contracts';
import { createRedis, RedisStreamsTransport } from '@rainmakers/kit';
import { testInfra, waitFor } from '@rainmakers/kit/testing';
import { actorFor, createUser, type Harness, startHarness } from './helpers';

jest.setTimeout(120_000);

describe('analytics', () => {
  let h: Harness;
  const busRedis = createRedis(testInfra().redisUrl, 'users-analytics-test');
  let transport: RedisStreamsTransport;

  beforeAll(async () => {
    h = await startHarness();
    transport = new RedisStreamsTransport({ redis: busRedis, prefix: h.users.redisPrefix });
  });
  afterAll(async () => {
    await transport.close();
    await busRedis.quit();
    await h.stop();
  });

  const deliver = async <T extends EventType>(type: T, data: EventData<T>, occurredAt: string, id = randomUUID()) => {
    await transport.append([{ id, type, occurredAt, data }]);
    return id;
  };
  const overview = async (query: string) => {
    const answer = await h.api.get<AnalyticsOverview>(h.admin, `/api/analytics/overview?${query}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('counts the events once each, in the periods of the asked zone', async () => {
    const person = await createUser(h, { fullName: 'Busy Member' });
    // 2026-03-08 05:30 UTC is 00:30 in New York on the day DST begins, 2026-03-07 in Los Angeles.
    const at = '2026-03-08T05:30:00.000Z';
    const moved = { cardId: 1, boardUserId: person.id, actorId: person.id, fromListId: 1, toListId: 2, at };
    const id = await deliver('board.card-moved', moved, at);
    await deliver('board.card-moved', moved, at, id); // redelivered: applied once
    await deliver('courses.lesson-completed', { userId: person.id, lessonId: 1, moduleId: 1, courseId: 1 }, at);
    await deliver(
      'billing.payment-failed',
      { stripeEventId: 'evt_1', userId: person.id, stripeCustomerId: 'cus_1', amountCents: 9700, currency: 'usd', at },
      at,
    );
    await deliver(
      'billing.subscription-changed',
      {
        userId: person.id,
        stripeCustomerId: 'cus_1',
        subscriptionId: 'sub_1',
        status: 'active',
        monthlyAmountCents: 9700,
        currency: 'usd',
      },
      '2026-03-01T12:00:00.000Z',
    );
    await deliver(
      'billing.subscription-changed',
      { userId: person.id, stripeCustomerId: 'cus_1', subscriptionId: 'sub_1', status: 'canceled' },
      '2026-03-10T12:00:00.000Z',
    );
    const range = 'from=2026-03-06&to=2026-03-10&interval=day';
    await waitFor(async () => {
      const o = await overview(`${range}&timeZone=UTC`);
      // One stream per event type, so the four kinds arrive in no fixed order: wait for every one.
      const { churnedMembers, boardMoves, completions, failedPayments } = o.totals;
      return churnedMembers === 1 && boardMoves === 1 && completions === 1 && failedPayments === 1 ? o : null;
    });
    const ny = await overview(`${range}&timeZone=America/New_York`);
    const la = await overview(`${range}&timeZone=America/Los_Angeles`);
    const day = (o: AnalyticsOverview, period: string) => o.series.find((p) => p.period === period);
    expect(day(ny, '2026-03-08')).toMatchObject({ boardMoves: 1, completions: 1, failedPayments: 1, mrr: 9700 });
    expect(day(la, '2026-03-07')).toMatchObject({ boardMoves: 1, completions: 1, failedPayments: 1 });
    // MRR carried in from before the range, then the cancellation: a churn, MRR back to nothing.
    expect(day(ny, '2026-03-06')?.mrr).toBe(9700);
    expect(day(ny, '2026-03-10')).toMatchObject({ mrr: 0, churnedMembers: 1 });
    expect(ny.totals).toMatchObject({ boardMoves: 1, completions: 1, failedPayments: 1, churnedMembers: 1, mrr: 0 });
    // Active: the UTC day of the activity.
    const utc = await overview(`${range}&timeZone=UTC`);
    expect(day(utc, '2026-03-08')?.activeMembers).toBe(1);
    const weeks = await overview('from=2026-03-01&to=2026-03-31&interval=week&timeZone=UTC');
    expect(weeks.series.map((p) => p.period)).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
    expect(weeks.series.find((p) => p.period === '2026-03-02')).toMatchObject({ activeMembers: 1, boardMoves: 1 });
  });

  it('backfills everyone in the users table as new once; new members come from users.user-changed', async () => {
    await waitFor(async () => {
      const o = await overview(
        `from=${new Date().toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`,
      );
      return o.totals.newMembers >= 2 ? o : null;
    });
    const today = new Date().toISOString().slice(0, 10);
    const before = (await overview(`from=${today}&to=${today}`)).totals.newMembers;
    await createUser(h, { fullName: 'Newest Member' });
    await waitFor(async () => (await overview(`from=${today}&to=${today}`)).totals.newMembers === before + 1 || null);
  });

  it('is for admins, and refuses bad ranges with field errors', async () => {
    const member = await createUser(h, { fullName: 'Curious Member' });
    const denied = await h.api.get(actorFor(member), '/api/analytics/overview?from=2026-01-01&to=2026-01-02');
    expect(denied.status).toBe(403);
    const bad = await h.api.get<{ errors: Record<string, string> }>(
      h.admin,
      '/api/analytics/overview?from=2025-01-01&to=2026-03-01&interval=day',
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['to']);
  });
});
