/**
 * Seeds a running stack through the real services: the people (users POST /internal/users + auth
 * PUT /internal/credentials/{id}), the tags (through the gateway as the admin), then every other module in
 * scripts/seed/ that exports `seed(ctx)`, in file-name order. Idempotent: people whose e-mail exists are skipped.
 *
 * Run by `npm start` on a first start and by the system/browser test setup; by hand against a running
 * `npm start`: `node --import tsx scripts/seed/index.ts`.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ManagedTag, User } from '@rainmakers/contracts';
import { createInternalClient, HttpError, type InternalClient } from '@rainmakers/kit';
import { signInThroughGateway } from '../lib/gateway-session';
import { rememberSecondFactor } from '../lib/second-factor';
import { localInternalTokenSecret } from '../lib/secrets';
import { DEFAULT_PORTS, SERVICES, type ServiceName } from '../lib/topology';
import type { GatewaySession, SeedContext, SeededPerson, SeedModule, SeedPersonKey } from './context';
import { SEED_PEOPLE, SEED_SIGNUP_TAG, SEED_TAGS, type SeedPersonSpec } from './people';

export interface SeedTarget {
  gatewayUrl: string;
  serviceUrls: Record<ServiceName, string>;
  internalTokenSecret: string;
  /** The stack's local Stripe stand-in, when it runs one. */
  stripeStandInUrl?: string | null;
}

export interface SeedResult {
  people: Record<SeedPersonKey, SeededPerson>;
  tags: Record<string, number>;
  /** E-mails created by this run (the rest existed). */
  created: string[];
}

const NOT_SEED_MODULES = new Set(['index.ts', 'context.ts', 'people.ts']);

async function findPerson(users: InternalClient, email: string): Promise<User | null> {
  try {
    const { user } = await users.request<{ user: User }>(
      'GET',
      `/internal/users/by-email?email=${encodeURIComponent(email)}`,
    );
    return user;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

async function ensureTags(admin: GatewaySession, log: (m: string) => void): Promise<Record<string, number>> {
  const { tags: existing } = await admin.get<{ tags: ManagedTag[] }>('/api/tag/read-many?page=1&itemsPerPage=1000');
  const byName: Record<string, number> = {};
  for (const tag of existing) byName[tag.name] = tag.id;
  for (const name of SEED_TAGS) {
    const signupAllowed = name === SEED_SIGNUP_TAG;
    const found = existing.find((t) => t.name === name);
    if (found) {
      // A stack seeded before sign-up tags existed: its sign-up tag gets allowed once.
      if (signupAllowed && !found.signupAllowed) {
        await admin.post('/api/tag/upsert', { id: found.id, name, signupAllowed });
        log(`tag "${name}" allowed on sign-up links`);
      }
      continue;
    }
    const { tag } = await admin.post<{ tag: ManagedTag }>('/api/tag/upsert', { name, signupAllowed });
    byName[name] = tag.id;
    log(`tag "${name}" created${signupAllowed ? ' (allowed on sign-up links)' : ''}`);
  }
  return byName;
}

async function ensurePerson(
  spec: SeedPersonSpec,
  clients: { users: InternalClient; auth: InternalClient },
  tagIds: number[],
  log: (m: string) => void,
): Promise<{ user: User; created: boolean }> {
  const existing = await findPerson(clients.users, spec.email);
  if (existing) return { user: existing, created: false };
  const { user } = await clients.users.request<{ user: User }>('POST', '/internal/users', {
    fullName: spec.fullName,
    email: spec.email,
    role: spec.role,
    tagIds,
    ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    city: spec.city,
    state: spec.state,
    country: spec.country,
  });
  await clients.auth.request('PUT', `/internal/credentials/${user.id}`, { email: spec.email, password: spec.password });
  log(`${spec.role} ${spec.email} created (id ${user.id})`);
  return { user, created: true };
}

/**
 * Enrols a seeded person who has a known TOTP secret (the admin) with it, every seeding (so the secret
 * `npm start` prints is the one that works), and lets this process pass her second step.
 */
async function ensureSecondFactor(
  auth: InternalClient,
  userId: number,
  spec: SeedPersonSpec,
  log: (m: string) => void,
) {
  if (!spec.totpSecret) return;
  const { recoveryCodes } = await auth.request<{ recoveryCodes: string[] }>(
    'PUT',
    `/internal/second-factor/${userId}`,
    {
      secret: spec.totpSecret,
    },
  );
  rememberSecondFactor(spec.email, spec.totpSecret, recoveryCodes);
  log(`${spec.email}: second factor enrolled (TOTP secret ${spec.totpSecret})`);
}

/** City, state and country through the admin's own API, when POST /internal/users did not take them. */
async function ensureProfile(admin: GatewaySession, user: User, spec: SeedPersonSpec, log: (m: string) => void) {
  if (user.city === spec.city && user.state === spec.state) return;
  try {
    await admin.post('/api/user/upsert', { id: user.id, city: spec.city, state: spec.state, country: spec.country });
  } catch (error) {
    log(`warning: could not set ${spec.email}'s city/state: ${(error as Error).message}`);
  }
}

export async function seedStack(target: SeedTarget, log: (message: string) => void = console.log): Promise<SeedResult> {
  const internal = (service: ServiceName) =>
    createInternalClient({
      baseUrl: target.serviceUrls[service],
      service: 'seed',
      secret: target.internalTokenSecret,
      timeoutMs: 30_000,
    });
  const clients = { users: internal('users'), auth: internal('auth') };
  const created: string[] = [];
  const people = {} as Record<SeedPersonKey, SeededPerson>;
  const record = (spec: SeedPersonSpec, user: User) => {
    people[spec.key] = {
      id: user.id,
      fullName: user.fullName,
      email: spec.email,
      password: spec.password,
      role: spec.role,
      ...(spec.totpSecret ? { totpSecret: spec.totpSecret } : {}),
    };
  };

  const adminSpec = SEED_PEOPLE.find((p) => p.key === 'admin');
  if (!adminSpec) throw new Error('No admin in SEED_PEOPLE');
  const admin = await ensurePerson(adminSpec, clients, [], log);
  if (admin.created) created.push(adminSpec.email);
  record(adminSpec, admin.user);
  await ensureSecondFactor(clients.auth, admin.user.id, adminSpec, log);
  const adminSession = await signInThroughGateway(target.gatewayUrl, adminSpec.email, adminSpec.password);
  const tags = await ensureTags(adminSession, log);
  if (admin.created) await ensureProfile(adminSession, admin.user, adminSpec, log);

  for (const spec of SEED_PEOPLE) {
    if (spec.key === 'admin') continue;
    const tagIds = spec.tags.map((name) => tags[name]).filter((id): id is number => id !== undefined);
    const { user, created: isNew } = await ensurePerson(spec, clients, tagIds, log);
    if (isNew) {
      created.push(spec.email);
      await ensureProfile(adminSession, user, spec, log);
    }
    record(spec, user);
  }

  const ctx: SeedContext = {
    gatewayUrl: target.gatewayUrl,
    // The admin's one session serves every module: each new sign-in would spend a second-factor code.
    signInAs: async (email, password) =>
      email === adminSpec.email ? adminSession : signInThroughGateway(target.gatewayUrl, email, password),
    internal,
    people,
    tags,
    stripeStandInUrl: target.stripeStandInUrl ?? null,
    log,
  };
  const directory = import.meta.dirname;
  const files = (await readdir(directory))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts') && !NOT_SEED_MODULES.has(f))
    .sort();
  for (const file of files) {
    // A plain absolute path, not a file:// URL: jest's module loader (the test stack's global setup) wants a path.
    const module = (await import(path.join(directory, file))) as Partial<SeedModule>;
    if (typeof module.seed !== 'function') continue;
    const started = Date.now();
    try {
      await module.seed(ctx);
    } catch (error) {
      throw new Error(`seed module ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    log(`${file} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return { people, tags, created };
}

// `node --import tsx scripts/seed/index.ts` seeds a stack running on the default ports.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const serviceUrls = {} as Record<ServiceName, string>;
  for (const service of SERVICES) {
    serviceUrls[service] =
      process.env[`${service.toUpperCase()}_SERVICE_ADDR`] ?? `http://127.0.0.1:${DEFAULT_PORTS[service]}`;
  }
  localInternalTokenSecret()
    .then((internalTokenSecret) =>
      seedStack({
        gatewayUrl: process.env.GATEWAY_URL ?? `http://127.0.0.1:${DEFAULT_PORTS.gateway}`,
        serviceUrls,
        internalTokenSecret,
      }),
    )
    .then(
      (result) => console.log(`seeded: ${result.created.length} new people`),
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
}
