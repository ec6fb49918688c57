/**
 * The test stack of auth's service tests: the REAL users service and the REAL auth service on a throwaway
 * database each, sharing one Redis prefix (users' events reach auth's consumer), a real SMTP server catching
 * the mail, and a browser-like client that does what the gateway does before it forwards a request.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  type AccessProfile,
  type Actor,
  type InternalSession,
  type Role,
  SESSION_COOKIE,
  SESSION_JWT_AUDIENCE,
  SESSION_JWT_ISSUER,
  type SignInResponse,
  sessionClaimsSchema,
  type User,
} from '@rainmakers/contracts';
import { createRedis, type Redis } from '@rainmakers/kit';
import { client, type TestResponse, testInfra, waitFor } from '@rainmakers/kit/testing';
import { type RunningUsers, startForTest as startUsers } from '@rainmakers/users/testing';
import jwt from 'jsonwebtoken';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../../scripts/lib/infra';
import { nextSecondFactorCode, rememberSecondFactor, timeStep, totpCode } from '../../../scripts/lib/second-factor';
import { type AuthTestService, startForTest as startAuth } from '../src/testing';

export const SERVICE = { service: 'test' } as const;

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server (npm smtp-server) that keeps every message. */
export async function startMailTrap() {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((a) => a.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (email: string) => messages.filter((m) => m.to.includes(email.toLowerCase())),
    /** The next message to `email` beyond the `already` ones seen. */
    async waitFor(email: string, already = 0, timeoutMs = 10_000): Promise<CaughtMail> {
      return waitFor(() => messages.filter((m) => m.to.includes(email.toLowerCase()))[already], {
        timeoutMs,
        what: `mail ${already + 1} to ${email}`,
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailTrap = Awaited<ReturnType<typeof startMailTrap>>;

/** Quoted-printable soft line breaks undone; enough to read a link out of a nodemailer message. */
export function resetTokenIn(mail: CaughtMail): { token: string; link: string } {
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /(https?:\/\/[^\s"<>]+\/reset-password\/([A-Za-z0-9_-]{43}))/.exec(body);
  if (!match) throw new Error(`no reset link in:\n${mail.raw}`);
  return { link: match[1]!, token: match[2]! };
}

export interface Stack {
  auth: AuthTestService;
  users: RunningUsers;
  mail: MailTrap;
  redis: Redis;
  prefix: string;
  stop(): Promise<void>;
}

export async function startStack(options: { authEnv?: Record<string, string> } = {}): Promise<Stack> {
  const prefix = `t${randomBytes(4).toString('hex')}:`;
  const authPort = await freePort();
  const mail = await startMailTrap();
  const users = await startUsers({ redisPrefix: prefix, authAddr: `http://127.0.0.1:${authPort}` });
  const auth = await startAuth({
    port: authPort,
    redisPrefix: prefix,
    usersAddr: users.url,
    smtpUrl: mail.url,
    ...(options.authEnv ? { env: options.authEnv } : {}),
  });
  const redis = createRedis(testInfra().redisUrl, 'auth-test-reader');
  return {
    auth,
    users,
    mail,
    redis,
    prefix,
    async stop() {
      await auth.stop();
      await users.stop();
      await mail.stop();
      await redis.quit();
    },
  };
}

let seq = 0;
export const uniqueEmail = (label = 'person') =>
  `${label}.${Date.now().toString(36)}${(seq++).toString(36)}@example.com`;

export interface Person {
  user: User;
  email: string;
  password: string;
}

/** A person in users (any role) with a password in auth, made through the internal APIs. */
export async function createPerson(
  stack: Stack,
  options: { role?: Role; email?: string; fullName?: string; password?: string | null; tagIds?: number[] } = {},
): Promise<Person> {
  const email = options.email ?? uniqueEmail(options.role?.replace(' ', '-') ?? 'basic');
  const created = await client(stack.users.url).post<{ user: User }>(SERVICE, '/internal/users', {
    fullName: options.fullName ?? `Test ${options.role ?? 'basic'}`,
    email,
    role: options.role ?? 'basic',
    tagIds: options.tagIds ?? [],
  });
  if (created.status !== 201) throw new Error(`users refused the person: ${JSON.stringify(created.body)}`);
  const password = options.password === undefined ? `pw-${randomBytes(6).toString('hex')}` : options.password;
  if (password !== null) {
    const set = await client(stack.auth.url).put(SERVICE, `/internal/credentials/${created.body.user.id}`, {
      email,
      password,
    });
    if (set.status !== 204) throw new Error(`auth refused the credentials: ${JSON.stringify(set.body)}`);
  }
  return { user: created.body.user, email, password: password ?? '' };
}

/** The session cookie a response sets: its value, or '' when it clears it; undefined when it does not touch it. */
export function sessionCookieOf(response: { headers: Headers }): { value: string; header: string } | undefined {
  const header = response.headers.getSetCookie().find((h) => h.startsWith(`${SESSION_COOKIE}=`));
  if (!header) return undefined;
  const value = decodeURIComponent(header.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '');
  const cleared = /expires=Thu, 01 Jan 1970/i.test(header) || /max-age=0/i.test(header);
  return { value: cleared ? '' : value, header };
}

/** The claims of a session cookie, verified as the gateway does. */
export function claimsOf(stack: Stack, cookie: string) {
  const payload = jwt.verify(cookie, stack.auth.config.SESSION_SECRET, {
    algorithms: ['HS256'],
    issuer: SESSION_JWT_ISSUER,
    audience: SESSION_JWT_AUDIENCE,
  });
  return sessionClaimsSchema.parse(payload);
}

/**
 * What the gateway forwards for a cookie: the session from auth's internal API (404: none), the access profile
 * from users, combined into the Actor of the internal token.
 */
export async function gatewayActor(stack: Stack, cookie: string): Promise<Actor | null> {
  let claims: { sid: string; sub: string };
  try {
    claims = claimsOf(stack, cookie);
  } catch {
    return null;
  }
  const found = await client(stack.auth.url).get<{ session: InternalSession }>(
    { service: 'gateway' },
    `/internal/sessions/${claims.sid}`,
  );
  if (found.status === 404) return null;
  if (found.status !== 200) throw new Error(`session lookup failed: ${found.status}`);
  const { session } = found.body;
  if (String(session.userId) !== claims.sub) return null;
  const profile = await client(stack.users.url).get<AccessProfile>(
    { service: 'gateway' },
    `/internal/users/${session.userId}/access-profile`,
  );
  if (profile.status !== 200) return null;
  return {
    userId: session.userId,
    sessionId: claims.sid,
    role: session.actingRole ?? profile.body.role,
    accountRole: profile.body.role,
    isAdmin: session.actingRole !== null,
    tagIds: profile.body.tagIds,
    tagNames: profile.body.tagNames,
    stripeStatus: profile.body.stripeStatus,
    alwaysGrantAccess: profile.body.alwaysGrantAccess,
    impersonatorId: session.impersonatorId,
    secondFactor: session.secondFactor === true,
  };
}

/** A browser behind the gateway: keeps the rm_session cookie and sends requests as the gateway would forward them. */
export class Browser {
  cookie = '';
  constructor(
    private readonly stack: Stack,
    /** The client address the gateway puts in X-Forwarded-For. */
    readonly ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
  ) {}

  async request<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<TestResponse<T>> {
    const actor = this.cookie ? await gatewayActor(this.stack, this.cookie) : null;
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip };
    if (this.cookie) headers.cookie = `${SESSION_COOKIE}=${encodeURIComponent(this.cookie)}`;
    const response = await client(this.stack.auth.url).call<T>(actor, method, path, body, headers);
    const set = sessionCookieOf(response);
    if (set) this.cookie = set.value;
    return response;
  }

  get = <T = Record<string, unknown>>(path: string) => this.request<T>('GET', path);
  post = <T = Record<string, unknown>>(path: string, body?: unknown) => this.request<T>('POST', path, body);

  /**
   * Signs in; the second step is passed with the codes this process knows for the e-mail, and an admin
   * without a second factor is enrolled on the way (scripts/lib/second-factor.ts computes the codes).
   */
  async signIn(email: string, password: string) {
    const res = await this.post<SignInResponse>('/api/auth/signin', { email, password });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    const challenge = res.body.secondFactor;
    if (!challenge) return res;
    if (challenge.next === 'enrol') {
      const started = await this.post<{ secret: string }>('/api/auth/signin/enrol', { token: challenge.token });
      const step = timeStep();
      const done = await this.post<{ recoveryCodes: string[] }>('/api/auth/signin/enrol/confirm', {
        token: challenge.token,
        code: await totpCode(started.body.secret, step),
      });
      if (done.status !== 200) throw new Error(`enrolment failed: ${done.status} ${JSON.stringify(done.body)}`);
      rememberSecondFactor(email, started.body.secret, done.body.recoveryCodes, step);
      return done;
    }
    const next = await nextSecondFactorCode(email);
    if (!next) throw new Error(`no second-factor code known for ${email}`);
    const passed = await this.post('/api/auth/signin/code', { token: challenge.token, code: next.code });
    if (passed.status !== 200) throw new Error(`second step failed: ${passed.status} ${JSON.stringify(passed.body)}`);
    return passed;
  }

  /** The session id inside the cookie. */
  get sid(): string {
    return claimsOf(this.stack, this.cookie).sid;
  }

  actor(): Promise<Actor | null> {
    return this.cookie ? gatewayActor(this.stack, this.cookie) : Promise.resolve(null);
  }
}

/** The raw Redis mirror of a session (a record, the revocation marker, or null). */
export async function mirrorOf(stack: Stack, sid: string): Promise<Record<string, unknown> | null> {
  const raw = await stack.redis.get(`${stack.prefix}session:${sid}`);
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}
