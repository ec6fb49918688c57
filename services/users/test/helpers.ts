/**
 * Shared pieces of the users service tests: the real service (startForTest), an auth stand-in for the one
 * call users makes to auth, and factories that create people and tags through the service's own API.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Actor, Role, Tag, User } from '@rainmakers/contracts';
import { buildActor, client } from '@rainmakers/kit/testing';
import { type RunningUsers, startForTest } from '../src/testing';

export interface CredentialsCall {
  userId: number;
  email: string;
  password: string;
  /** Sent when a person changes their own password (auth checks it and keeps this session). */
  currentPassword?: string;
  keepSessionId?: string;
  /** The calling service, read from the internal token by shape only (the stand-in does not verify it). */
  hasToken: boolean;
}

/**
 * AUTH STAND-IN: a tiny real HTTP listener in place of the auth service, answering only
 * `PUT /internal/credentials/{id}` and recording each call. auth's own suite tests the real endpoint;
 * here we only need to see what users sends and to make the call fail on demand.
 */
export interface AuthStandIn {
  url: string;
  calls: CredentialsCall[];
  /** The status the next calls answer with (204 = accepted). */
  respondWith: number;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

export async function startAuthStandIn(): Promise<AuthStandIn> {
  const standIn: AuthStandIn = { url: '', calls: [], respondWith: 204, close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    const match = /^\/internal\/credentials\/(\d+)$/.exec(req.url ?? '');
    if (req.method !== 'PUT' || !match) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await readBody(req)) as Omit<CredentialsCall, 'userId' | 'hasToken'>;
    if (standIn.respondWith !== 204) {
      res.writeHead(standIn.respondWith, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'auth stand-in refused the call' }));
      return;
    }
    standIn.calls.push({
      userId: Number(match[1]),
      email: body.email,
      password: body.password,
      ...(body.currentPassword === undefined ? {} : { currentPassword: body.currentPassword }),
      ...(body.keepSessionId === undefined ? {} : { keepSessionId: body.keepSessionId }),
      hasToken: typeof req.headers['x-internal-token'] === 'string',
    });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return standIn;
}

export interface Harness {
  users: RunningUsers;
  auth: AuthStandIn;
  api: ReturnType<typeof client>;
  admin: Actor;
  stop(): Promise<void>;
}

/** The seed's service name: the one internal caller that may attach any tag at creation (sign-ups may not). */
const SYSTEM = { service: 'seed' };

/** The users service with an auth stand-in, and an admin actor that exists in the database. */
export async function startHarness(): Promise<Harness> {
  const auth = await startAuthStandIn();
  const users = await startForTest({ authAddr: auth.url });
  const api = client(users.url);
  const harness: Harness = {
    users,
    auth,
    api,
    admin: buildActor('admin'),
    async stop() {
      await users.stop();
      await auth.close();
    },
  };
  const admin = await createUser(harness, { role: 'admin', fullName: 'Ada Admin' });
  harness.admin = actorFor(admin);
  return harness;
}

let counter = 0;

/** Creates a person through the internal API (as auth does at sign-up), then sets the rest as an admin. */
export async function createUser(
  harness: Pick<Harness, 'api' | 'admin'>,
  fields: Partial<Omit<User, 'Tags' | 'Resources' | 'id'>> & { role?: Role; tagIds?: number[] } = {},
): Promise<User> {
  counter += 1;
  const { tagIds, ...rest } = fields;
  const created = await harness.api.post<{ user: User }>(SYSTEM, '/internal/users', {
    fullName: rest.fullName ?? `Person ${counter}`,
    email: rest.email ?? `person${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    role: rest.role ?? 'basic',
    tagIds,
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const extra = { city: rest.city, state: rest.state, country: rest.country, photoUrl: rest.photoUrl };
  if (Object.values(extra).some((v) => v !== undefined)) {
    const updated = await harness.api.post<{ user: User }>(harness.admin, '/api/user/upsert', {
      id: created.body.user.id,
      ...extra,
    });
    if (updated.status !== 200) throw new Error(`update failed: ${updated.status} ${JSON.stringify(updated.body)}`);
    return withoutAbilities(updated.body.user);
  }
  return created.body.user;
}

/**
 * The record without `abilities` and the staff-only sign-in status, which depend on who asks, to compare
 * answers given to different callers.
 */
export function withoutAbilities(user: User): User {
  const { abilities: _abilities, invitedAt: _invitedAt, lastSignInAt: _lastSignInAt, ...rest } = user;
  return rest;
}

export async function createTag(harness: Pick<Harness, 'api' | 'admin'>, name: string): Promise<Tag> {
  const res = await harness.api.post<{ tag: Tag }>(harness.admin, '/api/tag/upsert', { name });
  if (res.status !== 201) throw new Error(`tag create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.tag;
}

/** The actor the gateway would forward for this person. */
export function actorFor(user: User, overrides: Partial<Actor> = {}): Actor {
  return buildActor(user.role, {
    userId: user.id,
    tagIds: user.Tags.map((t) => t.id),
    tagNames: user.Tags.map((t) => t.name),
    stripeStatus: user.stripeStatus,
    alwaysGrantAccess: user.alwaysGrantAccess,
    ...overrides,
  });
}

export interface OutboxEvent {
  type: string;
  data: Record<string, unknown>;
}

/** Events written to the outbox (published or not), oldest first. */
export async function outboxEvents(harness: Pick<Harness, 'users'>, type?: string): Promise<OutboxEvent[]> {
  const { rows } = await harness.users.database.pool.query<OutboxEvent>(
    `SELECT type, data FROM outbox ${type ? 'WHERE type = $1' : ''} ORDER BY seq`,
    type ? [type] : [],
  );
  return rows;
}

export async function countUsers(harness: Pick<Harness, 'users'>, where = 'true', params: unknown[] = []) {
  const { rows } = await harness.users.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE ${where}`,
    params,
  );
  return rows[0]?.n ?? 0;
}
