/**
 * Helpers shared by the system tests (test/system/*.test.ts), on top of stack-client.ts: fresh people, polling,
 * direct looks into the stack's PostgreSQL databases and Redis (to check effects and stand in for parts that do
 * not exist yet), raw requests with a given cookie, and a generated PNG.
 *
 * Call `closeSystemResources()` in afterAll of every file that used db()/query()/redis().
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { CSRF_COOKIE, CSRF_HEADER, type CurrentUser, SESSION_COOKIE, type User } from '@rainmakers/contracts';
import { createRedis, type Redis } from '@rainmakers/kit';
import { waitFor } from '@rainmakers/kit/testing';
import pg from 'pg';
import type { ServiceName } from '../../scripts/lib/topology';
import { type GatewaySession, listMail, newSession, signIn, stackInfo } from './stack-client';

// ---------------------------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------------------------

/** A unique, lower-case address (the services lower-case e-mails). */
export function uniqueEmail(label: string): string {
  return `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 8)}@example.test`;
}

export function newPassword(): string {
  return `Pw-${randomUUID().slice(0, 12)}!`;
}

export interface Person {
  id: number;
  email: string;
  password: string;
  fullName: string;
}

/** Signs a new basic member up through the gateway (anonymous session); the session stays signed in. */
export async function signUp(
  label: string,
  options: { signuptags?: number[] } = {},
): Promise<Person & { session: GatewaySession; currentUser: CurrentUser }> {
  const session = newSession();
  const email = uniqueEmail(label);
  const password = newPassword();
  const fullName = `${label} ${randomUUID().slice(0, 4)}`;
  const query = options.signuptags ? `?signuptags=${options.signuptags.join(',')}` : '';
  const { currentUser } = await session.post<{ currentUser: CurrentUser }>(`/api/auth/signup${query}`, {
    fullName,
    email,
    password,
  });
  return { id: currentUser.id, email, password, fullName, session, currentUser };
}

/** An admin creates a person through POST /api/user/upsert (with a password, so they can sign in). */
export async function createPerson(
  admin: GatewaySession,
  label: string,
  fields: { role?: User['role']; Tags?: number[]; password?: string | null; city?: string } = {},
): Promise<Person & { user: User }> {
  const email = uniqueEmail(label);
  const password = fields.password === null ? '' : (fields.password ?? newPassword());
  const fullName = `${label} ${randomUUID().slice(0, 4)}`;
  const { user } = await admin.post<{ user: User; isNew: boolean }>('/api/user/upsert', {
    fullName,
    email,
    role: fields.role ?? 'basic',
    ...(password ? { password } : {}),
    ...(fields.Tags ? { Tags: fields.Tags } : {}),
    ...(fields.city ? { city: fields.city } : {}),
  });
  return { id: user.id, email, password, fullName, user };
}

// ---------------------------------------------------------------------------------------------------------------
// The stack's databases and Redis
// ---------------------------------------------------------------------------------------------------------------

const pools = new Map<ServiceName, pg.Pool>();
let redisClient: Redis | null = null;

/** A small pool on one service's own database (read effects; stand in for services that do not exist yet). */
export function db(service: ServiceName): pg.Pool {
  let pool = pools.get(service);
  if (!pool) {
    pool = new pg.Pool({ connectionString: stackInfo().databaseUrls[service], max: 2 });
    pools.set(service, pool);
  }
  return pool;
}

export async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(
  service: ServiceName,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (await db(service).query<T>(text, params)).rows;
}

/** One connection to the stack's Redis (keys must carry stackInfo().redisPrefix). */
export function redis(): Redis {
  redisClient ??= createRedis(stackInfo().redisUrl, 'system-test');
  return redisClient;
}

export async function closeSystemResources(): Promise<void> {
  const closing = [...pools.values()].map((pool) => pool.end());
  pools.clear();
  if (redisClient) closing.push(redisClient.quit().then(() => undefined));
  redisClient = null;
  await Promise.allSettled(closing);
}

// ---------------------------------------------------------------------------------------------------------------
// Raw HTTP
// ---------------------------------------------------------------------------------------------------------------

export interface RawResponse {
  status: number;
  headers: Headers;
  body: unknown;
  bytes: Buffer;
}

/** The CSRF token the gateway issues to a browser holding this session cookie (bound to the session). */
async function csrfForSession(sessionCookie: string): Promise<string> {
  const response = await fetch(new URL('/api/auth/me', stackInfo().gatewayUrl), {
    headers: { cookie: `${SESSION_COOKIE}=${sessionCookie}` },
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  const set = response.headers.getSetCookie().find((c) => c.startsWith(`${CSRF_COOKIE}=`)) ?? '';
  return set.slice(CSRF_COOKIE.length + 1).split(';')[0] ?? '';
}

/**
 * A request through the gateway with exactly the given cookies (e.g. a session cookie kept from before a
 * sign-out, to prove the server revoked it rather than the browser forgetting it). On unsafe methods the
 * CSRF cookie and header are made up to match, as the browser would send them (unless `csrf: false`).
 */
export async function rawRequest(
  method: string,
  path: string,
  options: { sessionCookie?: string; body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const cookies: string[] = [];
  if (options.sessionCookie) cookies.push(`${SESSION_COOKIE}=${options.sessionCookie}`);
  if (!['GET', 'HEAD'].includes(method) && options.csrf !== false) {
    // With a session, the token is bound to it: take the one the gateway issues for that cookie. Without one,
    // the shape of a token the gateway issues: 32 random bytes, base64url.
    const csrf = options.sessionCookie
      ? await csrfForSession(options.sessionCookie)
      : randomBytes(32).toString('base64url');
    cookies.push(`${CSRF_COOKIE}=${csrf}`);
    headers[CSRF_HEADER] = csrf;
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  let body: string | Buffer | FormData | undefined;
  if (options.body instanceof FormData || typeof options.body === 'string' || Buffer.isBuffer(options.body)) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(new URL(path, stackInfo().gatewayUrl), {
    method,
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let parsed: unknown = bytes.length === 0 ? undefined : bytes.toString('utf8');
  if (bytes.length > 0 && (response.headers.get('content-type') ?? '').includes('json')) {
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      // keep the text
    }
  }
  return { status: response.status, headers: response.headers, body: parsed, bytes };
}

/** A multipart body with one file in `field` (default `image`, the upload's field). */
export function fileForm(bytes: Buffer, fileName: string, type: string, field = 'image'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  return form;
}

// ---------------------------------------------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid RGB PNG of one colour, made here (no fixture files), so every upload is a different image. */
export function pngImage(width = 8, height = 8, rgb: [number, number, number] = [30, 120, 200]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------

/**
 * Problems with an error answer's shape (the spec's `{error, errors?}`; `code` is allowed): empty when fine.
 * Returned rather than asserted so tables of cases can report every bad one at once.
 */
export function errorShapeProblems(body: unknown): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [`body is not a JSON object: ${String(body)}`];
  const record = body as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof record.error !== 'string' || record.error.trim() === '') problems.push('no error text');
  for (const key of Object.keys(record)) {
    if (!['error', 'errors', 'code'].includes(key)) problems.push(`unexpected key ${key}`);
  }
  if (record.errors !== undefined) {
    if (!record.errors || typeof record.errors !== 'object' || Array.isArray(record.errors)) {
      problems.push('errors is not an object');
    } else {
      for (const [field, message] of Object.entries(record.errors)) {
        if (typeof message !== 'string' || message === '') problems.push(`errors.${field} is not a message`);
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Password reset mail
// ---------------------------------------------------------------------------------------------------------------

/**
 * Asks for a reset link through the gateway (anonymous POST /api/auth/forgot-password) and reads it from the
 * stack's mail catcher: the link, its token and the message.
 */
export async function requestResetLink(
  email: string,
): Promise<{ link: string; token: string; subject: string; text: string }> {
  return nextMailLink(email, { subject: /password/i, path: '/reset-password/', what: 'reset' }, () =>
    newSession().post('/api/auth/forgot-password', { email }),
  );
}

/** Runs `send` and reads the link (and its last path segment, the token) from the mail it makes arrive. */
async function nextMailLink(
  email: string,
  expected: { subject: RegExp; path: string; what: string },
  send: () => Promise<unknown>,
): Promise<{ link: string; token: string; subject: string; text: string }> {
  // Mail dates have second precision: tell this message from earlier ones by the catcher's ids instead.
  const before = new Set((await listMail(email)).map((m) => m.id));
  await send();
  const mail = await waitFor(
    async () => (await listMail(email)).find((m) => !before.has(m.id) && expected.subject.test(m.subject)),
    { what: `the ${expected.what} mail to ${email}` },
  );
  const link = mail.links.find((l) => l.includes(expected.path));
  if (!link) throw new Error(`The ${expected.what} mail to ${email} has no ${expected.what} link: ${mail.text}`);
  const token = decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
  return { link, token, subject: mail.subject, text: mail.text };
}

/**
 * Waits until every consumer group of every event stream has read and acknowledged everything (lag 0, nothing
 * pending): a test that times how fast an event takes effect starts from a quiet bus, not behind the backlog an
 * earlier file's burst of changes left (hundreds of users.user-changed from the authorization matrix).
 */
export async function eventBusDrained(timeoutMs = 30_000): Promise<void> {
  const client = redis();
  const prefix = `${stackInfo().redisPrefix}events:`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const keys = await client.keys(`${prefix}*`);
    let busy = 0;
    for (const key of keys) {
      const groups = (await client.xinfo('GROUPS', key)) as unknown[][];
      for (const group of groups) {
        const fields = new Map<string, unknown>();
        for (let i = 0; i + 1 < group.length; i += 2) fields.set(String(group[i]), group[i + 1]);
        const lag = fields.get('lag');
        if (Number(fields.get('pending') ?? 0) > 0 || (lag !== null && Number(lag ?? 0) > 0)) busy++;
      }
    }
    if (busy === 0) return;
    if (Date.now() > deadline) throw new Error(`event bus still busy after ${timeoutMs} ms (${busy} groups behind)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Has `admin` (re)send the person's invitation and reads the new e-mail's link from the stack's mail
 * catcher (the subject says "invited"; the link is /invitation/{token}).
 */
export function requestInvitationLink(
  admin: GatewaySession,
  person: { id: number; email: string },
): Promise<{ link: string; token: string; text: string }> {
  return nextMailLink(person.email, { subject: /invited/i, path: '/invitation/', what: 'invitation' }, () =>
    admin.post(`/api/user/invite/${person.id}`, {}),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Server-sent events
// ---------------------------------------------------------------------------------------------------------------

/** The session's cookies as a browser would send them on a GET (no CSRF header needed). */
export function sessionCookieHeader(session: GatewaySession): string {
  return [SESSION_COOKIE, CSRF_COOKIE]
    .map((name) => [name, session.cookie(name)] as const)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

export interface EventStream {
  response: Response;
  /** Everything received so far. */
  text(): string;
  /** The parsed `data:` of every event of this name received so far, in order. */
  events<T>(name: string): T[];
  close(): Promise<void>;
}

/**
 * Opens a server-sent event stream through the gateway and keeps reading it until closed. It asks for gzip and
 * brotli as a browser does, so a test can check the gateway neither compresses nor buffers the stream.
 */
export async function openEventStream(path: string, cookie?: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${stackInfo().gatewayUrl}${path}`, {
    headers: { ...(cookie ? { cookie } : {}), 'accept-encoding': 'gzip, br' },
    signal: controller.signal,
  });
  let text = '';
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        text += decoder.decode(chunk.value, { stream: true });
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    response,
    text: () => text,
    events: <T>(name: string) =>
      text
        .split('\n\n')
        .filter((block) => block.split('\n').includes(`event: ${name}`))
        .map((block) => {
          const data = block.split('\n').find((line) => line.startsWith('data: ')) ?? 'data: {}';
          return JSON.parse(data.slice('data: '.length)) as T;
        }),
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

/** The id of the seeded stack's first lesson (the flows of the metrics, traces and faults tests complete it). */
export async function firstLessonId(): Promise<number> {
  const [lesson] = await query<{ id: number }>('courses', 'SELECT id FROM lessons ORDER BY id LIMIT 1');
  if (!lesson) throw new Error('the seeded stack has no lesson');
  return lesson.id;
}

/**
 * A premium member whose board coaches review: she joined before the board's cut-off (back-dated with SQL; an admin
 * edit then publishes users.user-changed with the old date, so the gateway and the board service learn it), signed
 * in, once her board opens for her and for each reader given (her coaches).
 */
export async function createReviewedMember(
  admin: GatewaySession,
  fullName: string,
  readers: readonly GatewaySession[] = [],
): Promise<{ person: Person; session: GatewaySession }> {
  const person = await createPerson(admin, fullName, { role: 'premium' });
  await query('users', 'UPDATE users SET created_at = $2 WHERE id = $1', [person.id, '2024-06-01T00:00:00Z']);
  await admin.post('/api/user/upsert', { id: person.id, city: 'Austin' });
  const session = await signIn(person);
  const boardUrl = `/api/move-the-needle/list/read-many?userId=${person.id}`;
  await waitFor(
    async () => {
      for (const reader of [session, ...readers])
        if ((await reader.request('GET', boardUrl)).status !== 200) return false;
      return true;
    },
    { what: `${fullName}'s board, open to her and her coaches` },
  );
  return { person, session };
}
