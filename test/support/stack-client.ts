/**
 * For system and browser tests: the running test stack (started by test/setup/stack.ts), browser-like
 * sessions through the gateway, and the mail the stack sent.
 *
 *   const session = newSession();                       // anonymous, keeps cookies, sends the CSRF header
 *   const admin = await signIn('admin');                // a new admin each time; or signIn({ email, password })
 *   const mail = await readMail('basic@rainmakers.local', { subject: /reset/i, since });
 *   mail.links[0]                                       // e.g. the reset-password link
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInternalClient, type InternalClient } from '@rainmakers/kit';
import { waitFor } from '@rainmakers/kit/testing';
import { createGatewaySession, signInThroughGateway } from '../../scripts/lib/gateway-session';
import type { MailSummary } from '../../scripts/lib/mail-catcher';
import { rememberSecondFactor } from '../../scripts/lib/second-factor';
import type { PortName, ProcessName } from '../../scripts/lib/stack';
import type { ServiceName } from '../../scripts/lib/topology';
import type { GatewaySession, SeededPerson, SeedPersonKey } from '../../scripts/seed/context';

export type { MailSummary } from '../../scripts/lib/mail-catcher';
export type { GatewayResponse, GatewaySession, SeededPerson, SeedPersonKey } from '../../scripts/seed/context';
export { GatewayRequestError } from '../../scripts/seed/context';

export interface StackInfo {
  gatewayUrl: string;
  /** The address in e-mailed links (same server as gatewayUrl). */
  publicUrl: string;
  mailApiUrl: string;
  redisUrl: string;
  redisPrefix: string;
  internalTokenSecret: string;
  databaseUrls: Record<ServiceName, string>;
  serviceUrls: Record<ServiceName, string>;
  seededUsers: Record<SeedPersonKey, SeededPerson>;
  tags: Record<string, number>;
  /** Every port the stack uses (gateway, each service, postgres, redis, s3, smtp, mailWeb). */
  ports: Record<PortName, number>;
  /** Process ids of the services and the gateway, as started. */
  pids: Partial<Record<ProcessName, number>>;
  /** The tests' OTLP receiver every process exports spans to (GET /spans?traceId=...; test/support/otlp-receiver.ts). */
  otlpUrl?: string;
}

const STACK_FILE = path.resolve(import.meta.dirname, '../setup/.stack.json');
let cached: StackInfo | null = null;

function json<T>(name: string): T {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return JSON.parse(value) as T;
}

/** The running stack: from the STACK_* variables, else test/setup/.stack.json. */
export function stackInfo(): StackInfo {
  if (cached) return cached;
  if (process.env.STACK_GATEWAY_URL) {
    cached = {
      gatewayUrl: process.env.STACK_GATEWAY_URL,
      publicUrl: process.env.STACK_PUBLIC_URL ?? process.env.STACK_GATEWAY_URL,
      mailApiUrl: process.env.STACK_MAIL_API_URL ?? '',
      redisUrl: process.env.STACK_REDIS_URL ?? '',
      redisPrefix: process.env.STACK_REDIS_PREFIX ?? 'rm:',
      internalTokenSecret: process.env.STACK_INTERNAL_TOKEN_SECRET ?? '',
      databaseUrls: json('STACK_DATABASE_URLS'),
      serviceUrls: json('STACK_SERVICE_URLS'),
      seededUsers: json('STACK_SEEDED_USERS'),
      tags: process.env.STACK_TAGS ? json('STACK_TAGS') : {},
      ports: json('STACK_PORTS'),
      pids: json('STACK_PIDS'),
      otlpUrl: process.env.STACK_OTLP_URL,
    };
  } else if (existsSync(STACK_FILE)) {
    cached = JSON.parse(readFileSync(STACK_FILE, 'utf8')) as StackInfo;
  } else {
    throw new Error('No test stack is running: run these tests through `npm test -- system` (or browser)');
  }
  return cached;
}

/** The seeded people (admin, coach, premium, newPremium, courseOnly, basic) with their ids, e-mails and passwords. */
export const seededUsers = {} as Record<SeedPersonKey, SeededPerson>;
for (const key of ['admin', 'coach', 'premium', 'newPremium', 'courseOnly', 'basic', 'blocked'] as const) {
  Object.defineProperty(seededUsers, key, { enumerable: true, get: () => stackInfo().seededUsers[key] });
}

/** An anonymous browser-like session through the gateway. */
export function newSession(): GatewaySession {
  return createGatewaySession(stackInfo().gatewayUrl);
}

/**
 * A session signed in as a seeded person or with the given credentials; throws when sign-in fails. An enrolled
 * person's second step is passed with the codes this process knows (scripts/lib/second-factor.ts); an admin
 * without a second factor is enrolled on the way.
 *
 * `signIn('admin')` signs in a NEW admin each time (freshAdmin), never the seeded one: a second-factor code works
 * once per person and 30 s step, and the suite signs admins in far more often than that. Tests that need
 * the seeded admin herself use `signIn(seededUsers.admin)` once.
 */
export async function signIn(who: SeedPersonKey | { email: string; password: string }): Promise<GatewaySession> {
  if (who === 'admin') return (await freshAdmin()).session;
  const person = typeof who === 'string' ? stackInfo().seededUsers[who] : who;
  if ('totpSecret' in person && typeof person.totpSecret === 'string') {
    rememberSecondFactor(person.email, person.totpSecret);
  }
  return signInThroughGateway(stackInfo().gatewayUrl, person.email, person.password);
}

/**
 * A new admin (created through users' and auth's internal routes, as the seed creates people), enrolled in the
 * second factor at her first sign-in through the real routes; this process knows her secret and recovery codes.
 */
export async function freshAdmin(label = 'admin'): Promise<{ person: SeededPerson; session: GatewaySession }> {
  const suffix = randomUUID().slice(0, 8);
  const email = `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${suffix}@example.test`;
  const password = `Admin-${suffix}!`;
  const fullName = `Admin ${suffix}`;
  const { user } = await internalClient('users').request<{ user: { id: number } }>('POST', '/internal/users', {
    fullName,
    email,
    role: 'admin',
    tagIds: [],
  });
  await internalClient('auth').request('PUT', `/internal/credentials/${user.id}`, { email, password });
  const session = await signInThroughGateway(stackInfo().gatewayUrl, email, password);
  return { person: { id: user.id, fullName, email, password, role: 'admin' }, session };
}

/** A kit internal client for one service (as the service 'system-test'). */
export function internalClient(service: ServiceName): InternalClient {
  const info = stackInfo();
  return createInternalClient({
    baseUrl: info.serviceUrls[service],
    service: 'system-test',
    secret: info.internalTokenSecret,
  });
}

/** Every message the catcher holds (newest first), optionally only those to one address. */
export async function listMail(to?: string): Promise<MailSummary[]> {
  const url = new URL(stackInfo().mailApiUrl);
  if (to) url.searchParams.set('to', to);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The mail catcher answered ${response.status}`);
  return ((await response.json()) as { messages: MailSummary[] }).messages;
}

/**
 * Waits for the newest message to `to` (matching `subject` and sent at or after `since`, when given).
 * Mail goes out through a job queue, so it may take a moment to arrive.
 */
export async function readMail(
  to: string,
  options: { subject?: RegExp | string; since?: Date; timeoutMs?: number } = {},
): Promise<MailSummary> {
  const since = options.since?.getTime() ?? null;
  // The catcher's ids start with the millisecond it received the message; the Date header has only seconds,
  // so with it alone a message sent earlier in the same second as `since` would match too.
  const receivedAt = (m: MailSummary) =>
    /^\d{13}-/.test(m.id) ? Number(m.id.slice(0, 13)) : Math.floor(new Date(m.date).getTime() / 1000) * 1000 + 999;
  const matches = (m: MailSummary) =>
    (since === null || receivedAt(m) >= since) &&
    (options.subject === undefined ||
      (typeof options.subject === 'string' ? m.subject.includes(options.subject) : options.subject.test(m.subject)));
  return waitFor(async () => (await listMail(to)).find(matches), {
    timeoutMs: options.timeoutMs ?? 15_000,
    intervalMs: 200,
    what: `a mail to ${to}${options.subject ? ` matching ${options.subject}` : ''}`,
  });
}
