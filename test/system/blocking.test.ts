/**
 * Subscription blocking at the gateway, driven by users.user-changed events across real processes.
 *
 * The payment status is written into the users database here, and the users service then publishes the person the
 * normal way (an admin edit of a harmless field), from the row: this file is about the gateway's side. The whole path
 * from a signed Stripe webhook through billing and users is test/system/billing.test.ts. A second part appends hand-built events to the
 * stream, to show the gateway applies a newer version and ignores an older one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  type AccessProfile,
  type CurrentUser,
  type EventData,
  SUBSCRIPTION_BLOCKED,
  type User,
} from '@rainmakers/contracts';
import { encodeEnvelope, eventStreamKey } from '@rainmakers/kit';
import { waitFor } from '@rainmakers/kit/testing';
import { type GatewaySession, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, query, redis, signUp } from '../support/system';

// On a busy 2-core machine mail delivery, events and argon2 can take seconds (waitFor() itself gives up at 15 s).
jest.setTimeout(60_000);

const BLOCKED = { error: 'There is a problem with your subscription', code: SUBSCRIPTION_BLOCKED };
const USER_CHANGED = 'users.user-changed';

let admin: GatewaySession;

beforeAll(async () => {
  admin = await signIn('admin');
});

afterAll(async () => {
  await closeSystemResources();
});

/** A members' call (the member's own record) as the gateway answers it now. */
const ownRecord = (member: { session: GatewaySession; id: number }) =>
  member.session.request('GET', `/api/user/${member.id}`);

async function waitForStatus(member: { session: GatewaySession; id: number }, status: number) {
  return waitFor(
    async () => {
      const answer = await ownRecord(member);
      return answer.status === status ? answer : false;
    },
    { what: `GET /api/user/${member.id} to answer ${status}` },
  );
}

/** The newest users.user-changed entry on the stream for this person. */
async function latestUserChanged(userId: number): Promise<EventData<'users.user-changed'> | null> {
  const key = eventStreamKey(stackInfo().redisPrefix, USER_CHANGED);
  const entries = await redis().xrevrange(key, '+', '-', 'COUNT', 200);
  for (const [, fields] of entries) {
    const envelope = JSON.parse(fields[fields.indexOf('envelope') + 1] ?? '{}') as {
      data: EventData<'users.user-changed'>;
    };
    if (envelope.data.id === userId) return envelope.data;
  }
  return null;
}

describe('a blocking payment status', () => {
  it('answers 402 to the member while the session check stays open, until alwaysGrantAccess lifts it', async () => {
    const member = await signUp('past-due');
    expect((await ownRecord(member)).status).toBe(200);

    // Billing's part: the subscription went past_due.
    const rows = await query('users', `UPDATE users SET stripe_status = 'past_due' WHERE id = $1 RETURNING id`, [
      member.id,
    ]);
    expect(rows).toHaveLength(1);
    // users publishes the person the normal way: an admin changes a harmless field.
    const city = `Blockville ${randomUUID().slice(0, 6)}`;
    const edited = await admin.post<{ user: User }>('/api/user/upsert', { id: member.id, city });
    expect(edited.user).toMatchObject({ city, stripeStatus: 'past_due', alwaysGrantAccess: false });
    // The event carries the payment status from the row.
    const event = await waitFor(
      async () => {
        const data = await latestUserChanged(member.id);
        return data?.city === city ? data : undefined;
      },
      { what: 'the user-changed event of the edit' },
    );
    expect(event).toMatchObject({ id: member.id, stripeStatus: 'past_due', alwaysGrantAccess: false });

    const blocked = await waitForStatus(member, 402);
    expect(blocked.body).toEqual(BLOCKED);
    // Blocked everywhere except auth: other services' calls, uploads...
    for (const [method, path] of [
      ['GET', '/api/user/read-many'],
      ['GET', '/api/tag/read-many'],
      ['POST', '/upload'],
      ['GET', '/api/course/read-many'],
    ] as const) {
      const answer = await member.session.request(method, path);
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 402, body: BLOCKED });
    }
    // ...while the session check answers, so the web app can show /blocked.
    const me = await member.session.request<{ currentUser: CurrentUser }>('GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.currentUser).toMatchObject({ id: member.id, stripeStatus: 'past_due', alwaysGrantAccess: false });
    // Staff are not affected.
    expect((await admin.request('GET', `/api/user/${member.id}`)).status).toBe(200);

    // The admin grants access regardless of payment.
    const granted = await admin.post<{ user: User }>('/api/user/upsert', { id: member.id, alwaysGrantAccess: true });
    expect(granted.user).toMatchObject({ stripeStatus: 'past_due', alwaysGrantAccess: true });
    const open = await waitForStatus(member, 200);
    expect((open.body as { user: User }).user.id).toBe(member.id);

    // And taking the override away blocks again.
    await admin.post('/api/user/upsert', { id: member.id, alwaysGrantAccess: false });
    await waitForStatus(member, 402);
  });
});

describe('user-changed events appended to the stream directly', () => {
  /** An event for the person as they are now, with the given changes; version from the users database. */
  async function eventFor(
    userId: number,
    changes: Partial<EventData<'users.user-changed'>>,
  ): Promise<{ id: string; type: typeof USER_CHANGED; occurredAt: string; data: EventData<'users.user-changed'> }> {
    const { user } = await admin.get<{ user: User }>(`/api/user/${userId}`);
    const [row] = await query<{ version: number }>('users', 'SELECT version FROM users WHERE id = $1', [userId]);
    return {
      id: randomUUID(),
      type: USER_CHANGED,
      occurredAt: new Date().toISOString(),
      data: {
        id: user.id,
        email: user.email,
        fullName: user.fullName,
        role: user.role,
        photoUrl: user.photoUrl,
        city: user.city,
        state: user.state,
        country: user.country,
        phoneNumber: user.phoneNumber,
        resources: user.Resources,
        tagIds: user.Tags.map((t) => t.id),
        tagNames: user.Tags.map((t) => t.name),
        stripeStatus: user.stripeStatus,
        stripeCustomerId: user.stripeCustomerId,
        alwaysGrantAccess: user.alwaysGrantAccess,
        createdAt: user.createdAt,
        version: row?.version ?? 0,
        ...changes,
      },
    };
  }

  /** XADDs the envelope the way the outbox relay does; resolves once the gateway's consumer handled it. */
  async function append(envelope: Awaited<ReturnType<typeof eventFor>>): Promise<void> {
    const { redisPrefix } = stackInfo();
    await redis().xadd(eventStreamKey(redisPrefix, USER_CHANGED), '*', 'envelope', encodeEnvelope(envelope));
    // The gateway keeps its idempotency in Redis: the key appears once the handler ran.
    await waitFor(
      async () => {
        return (await redis().exists(`${redisPrefix}processed:gateway:${envelope.id}`)) === 1;
      },
      { what: `the gateway to handle event ${envelope.id}` },
    );
  }

  const cachedProfile = async (userId: number): Promise<AccessProfile | null> => {
    const raw = await redis().get(`${stackInfo().redisPrefix}profile:${userId}`);
    return raw ? (JSON.parse(raw) as AccessProfile) : null;
  };

  it('blocks on a newer past_due version and ignores an older version', async () => {
    const member = await signUp('direct-event');
    expect((await ownRecord(member)).status).toBe(200);
    const current = await eventFor(member.id, {});
    const version = current.data.version;

    await append(await eventFor(member.id, { stripeStatus: 'past_due', version: version + 1 }));
    const blocked = await waitForStatus(member, 402);
    expect(blocked.body).toEqual(BLOCKED);
    expect(await cachedProfile(member.id)).toMatchObject({ stripeStatus: 'past_due', version: version + 1 });

    // An older version saying "active" arrives late: the gateway must keep the newer profile.
    await append(await eventFor(member.id, { stripeStatus: 'active', version }));
    // append() waits until the gateway handled the event, and handling evicts the gateway's in-process copy
    // (profile-cache.ts write()): the next request reads the shared profile, so a wrongly applied event shows now.
    expect((await ownRecord(member)).status).toBe(402);
    expect(await cachedProfile(member.id)).toMatchObject({ stripeStatus: 'past_due', version: version + 1 });

    // A newer one lifts it again.
    await append(await eventFor(member.id, { stripeStatus: 'active', version: version + 2 }));
    await waitForStatus(member, 200);
    expect(await cachedProfile(member.id)).toMatchObject({ stripeStatus: 'active', version: version + 2 });
  });
});
