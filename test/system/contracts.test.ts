/**
 * Contracts of this calls through the gateway:
 *  - every call answers with the keys the spec names, checked against the shared zod schemas of
 *    @rainmakers/contracts in strict mode (so nothing extra leaks, e.g. password hashes or versions);
 *  - bad input to every endpoint (missing fields, wrong types, bad ids, oversized or non-image uploads, bad and
 *    used tokens, malformed bodies) answers a clear 4xx with the error body `{error, errors?}` (`code` allowed),
 *    never a 500, and leaves nothing half-written (a refused create leaves no person in users nor credentials in
 *    auth; a refused change leaves the person as they were).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  bannerSchema,
  communityUserSchema,
  currentUserSchema,
  EMAIL_IN_USE,
  EMAIL_IN_USE_SIGN_IN,
  FIELD_CANNOT_BE_EMPTY,
  FIELD_REQUIRED,
  FORGOT_PASSWORD_SENT,
  INVALID_CREDENTIALS,
  managedTagSchema,
  PASSWORDS_DO_NOT_MATCH,
  RESET_LINK_INVALID,
  resourceCategorySchema,
  resourceSchema,
  TAG_NAME_TAKEN,
  UPLOAD_ERRORS,
  type User,
  userListAbilitiesSchema,
  userSchema,
} from '@rainmakers/contracts';
import { z } from 'zod';
import {
  type GatewayResponse,
  type GatewaySession,
  newSession,
  seededUsers,
  signIn,
  stackInfo,
} from '../support/stack-client';
import {
  closeSystemResources,
  createPerson,
  errorShapeProblems,
  fileForm,
  newPassword,
  type Person,
  pngImage,
  query,
  type RawResponse,
  rawRequest,
  requestResetLink,
  signUp,
  uniqueEmail,
} from '../support/system';

// On a busy 2-core machine mail delivery, events and argon2 can take seconds (waitFor() itself gives up at 15 s).
jest.setTimeout(60_000);

let operator: GatewaySession;
/** An admin of this file's own, for the cases that could hurt an admin if they went wrong. */
let admin: GatewaySession;
let adminPerson: Person;
let member: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  operator = await signIn('admin');
  adminPerson = await createPerson(operator, 'contracts-admin', { role: 'admin' });
  admin = await signIn(adminPerson);
  member = await signUp('contracts-member');
}, 60_000);

afterAll(async () => {
  await closeSystemResources();
});

const sorted = (value: unknown) => Object.keys(value as object).sort();
const strictCurrentUser = currentUserSchema.strict();
const strictUser = userSchema.strict();

/** Parses with the schema; on failure the message names the call and every issue. */
function conforms<S extends z.ZodType>(schema: S, body: unknown, call: string): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(`${call} does not match its contract:\n${z.prettifyError(result.error)}\n${JSON.stringify(body)}`);
  }
  return result.data;
}

describe('answers carry the keys the spec names', () => {
  it('auth: signup, signin, me, forgot-password, reset-password, signout', async () => {
    const browser = newSession();
    const email = uniqueEmail('contract');
    const password = newPassword();
    const signup = await browser.request('POST', '/api/auth/signup', { fullName: 'Contract Person', email, password });
    expect(signup.status).toBe(201);
    expect(sorted(signup.body)).toEqual(['currentUser']);
    const created = conforms(z.object({ currentUser: strictCurrentUser }).strict(), signup.body, 'signup');

    const me = await browser.request('GET', '/api/auth/me');
    conforms(z.object({ currentUser: strictCurrentUser }).strict(), me.body, 'me');
    expect(await newSession().get('/api/auth/me')).toEqual({ currentUser: null });

    const signout = await browser.request('POST', '/api/auth/signout');
    expect(signout.status).toBe(204);
    expect(signout.body).toBeUndefined();

    const signin = await browser.request('POST', '/api/auth/signin', { email, password });
    expect(signin.status).toBe(200);
    conforms(z.object({ currentUser: strictCurrentUser }).strict(), signin.body, 'signin');

    const forgot = await newSession().request('POST', '/api/auth/forgot-password', { email });
    expect(forgot.body).toEqual({ message: FORGOT_PASSWORD_SENT });
    const { token } = await requestResetLink(email);
    const newPw = newPassword();
    const reset = await newSession().request('POST', `/api/auth/reset-password/${token}`, { password: newPw });
    expect(reset.status).toBe(200);
    const { user } = conforms(z.object({ user: strictCurrentUser }).strict(), reset.body, 'reset-password');
    expect(user.id).toBe(created.currentUser.id);
  });

  it('auth: signinas, signinas/back, switch-role', async () => {
    const target = await createPerson(operator, 'contract-target', { password: null });
    const as = await admin.request('POST', '/api/auth/signinas', { email: target.email });
    expect(as.status).toBe(200);
    const shown = conforms(z.object({ currentUser: strictCurrentUser }).strict(), as.body, 'signinas');
    expect(shown.currentUser.impersonatedBy).toEqual({ id: adminPerson.id, fullName: adminPerson.fullName });
    const back = await admin.request('POST', '/api/auth/signinas/back');
    conforms(z.object({ currentUser: strictCurrentUser }).strict(), back.body, 'signinas/back');
    const switched = await admin.request('POST', '/api/auth/switch-role', { role: 'coach' });
    const asCoach = conforms(z.object({ currentUser: strictCurrentUser }).strict(), switched.body, 'switch-role');
    expect(asCoach.currentUser).toMatchObject({ role: 'coach', isAdmin: true });
    expect((await admin.request('POST', '/api/auth/switch-role', { role: 'admin' })).status).toBe(200);
  });

  it('users: read-many, get, upsert, upgrade-role, add-tags, delete', async () => {
    const listShape = z
      .object({
        users: z.array(strictUser),
        premiumCount: z.number().int(),
        basicCount: z.number().int(),
        totalCount: z.number().int(),
        abilities: userListAbilitiesSchema.strict(),
      })
      .strict();
    const full = conforms(listShape, await admin.get('/api/user/read-many?usersPerPage=25'), 'read-many (admin)');
    expect(full.users.length).toBeGreaterThan(0);
    expect(full.totalCount).toBeGreaterThanOrEqual(full.premiumCount + full.basicCount);
    const community = conforms(
      listShape.extend({ users: z.array(communityUserSchema.strict()) }),
      await member.session.get('/api/user/read-many?usersPerPage=15'),
      'read-many (member)',
    );
    expect(community.users.length).toBeGreaterThan(0);

    const created = await admin.request('POST', '/api/user/upsert', {
      fullName: 'Contract Made',
      email: uniqueEmail('made'),
      role: 'premium',
      city: 'Reno',
    });
    expect(created.status).toBe(201);
    const made = conforms(z.object({ user: strictUser, isNew: z.literal(true) }).strict(), created.body, 'upsert new');
    const edited = await admin.request('POST', '/api/user/upsert', { user: { id: made.user.id, state: 'NV' } });
    expect(edited.status).toBe(200);
    const after = conforms(z.object({ user: strictUser, isNew: z.literal(false) }).strict(), edited.body, 'upsert');
    expect(after.user).toMatchObject({ city: 'Reno', state: 'NV', role: 'premium' });

    conforms(z.object({ user: strictUser }).strict(), await admin.get(`/api/user/${made.user.id}`), 'get user');
    const upgraded = await admin.request('POST', '/api/user/upgrade-role', { users: [made.user.id], newRole: 'coach' });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toEqual({ updated: 1 });
    const tagId = stackInfo().tags.nova ?? 0;
    const tagged = await admin.request('POST', '/api/v2/user/add-tags', { email: made.user.email, tags: [tagId] });
    expect(tagged.status).toBe(200);
    const withTag = conforms(z.object({ user: strictUser }).strict(), tagged.body, 'add-tags');
    expect(withTag.user.Tags.map((t) => t.id)).toContain(tagId);

    const deleted = await admin.request('DELETE', `/api/user/${made.user.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await admin.request('GET', `/api/user/${made.user.id}`)).status).toBe(404);
  });

  it('tags: read-many, upsert, delete', async () => {
    const list = conforms(
      z.object({ tags: z.array(managedTagSchema.strict()), totalCount: z.number().int() }).strict(),
      await admin.get('/api/tag/read-many?page=1&itemsPerPage=1000'),
      'tag read-many',
    );
    expect(list.tags.map((t) => t.name)).toEqual(expect.arrayContaining(['Mastermind', 'nova']));
    const name = `contract ${randomUUID().slice(0, 8)}`;
    const created = await admin.request('POST', '/api/tag/upsert', { name });
    expect(created.status).toBe(201);
    const { tag } = conforms(
      z.object({ tag: managedTagSchema.strict(), isNew: z.literal(true) }).strict(),
      created.body,
      'tag',
    );
    const renamed = await admin.request('POST', '/api/tag/upsert', { tag: { id: tag.id, name: `${name}!` } });
    expect(renamed.status).toBe(200);
    conforms(
      z.object({ tag: managedTagSchema.strict(), isNew: z.literal(false) }).strict(),
      renamed.body,
      'tag rename',
    );
    const deleted = await admin.request('DELETE', `/api/tag/${tag.id}`);
    expect(deleted.status).toBe(204);
  });

  it('upload: latestUploadedFileUrl', async () => {
    const answer = await member.session.request('POST', '/upload', fileForm(pngImage(), 'p.png', 'image/png'));
    expect(answer.status).toBe(201);
    const { latestUploadedFileUrl } = conforms(
      z.object({ latestUploadedFileUrl: z.string().regex(/^\/upload\/files\/[0-9a-f-]{36}\.png$/) }).strict(),
      answer.body,
      'upload',
    );
    expect((await rawRequest('GET', latestUploadedFileUrl)).status).toBe(200);
  });

  it('resources: read-many, one, categories, upserts, deletes; banners: read-many, one, upsert, delete', async () => {
    const resource = resourceSchema.strict();
    const category = resourceCategorySchema.strict();
    const banner = bannerSchema.strict();
    const { resourceCategory } = conforms(
      z.object({ resourceCategory: category, isNew: z.literal(true) }).strict(),
      await admin.post('/api/resource/category/upsert', { name: `Contract ${randomUUID().slice(0, 8)}` }),
      'resource category upsert',
    );
    conforms(
      z.object({ resourceCategories: z.array(category) }).strict(),
      await member.session.get('/api/resource/category/read-many'),
      'resource category read-many',
    );
    const created = conforms(
      z.object({ resource, isNew: z.literal(true) }).strict(),
      await admin.post('/api/resource/upsert', {
        title: 'Contract article',
        description: 'Checked against its schema',
        type: 'Article',
        visibility: 'For Sale',
        url: 'https://example.com/contract',
        content: '# Body',
        price: '3.50',
        ResourceCategories: [resourceCategory.id],
      }),
      'resource upsert',
    );
    conforms(
      z
        .object({
          resources: z.array(resource),
          abilities: z.object({ createResource: z.boolean(), createCategory: z.boolean() }).strict(),
        })
        .strict(),
      await member.session.get(
        `/api/resource/read-many?categories=${resourceCategory.id}&type=all&search=&itemsPerPage=15`,
      ),
      'resource read-many',
    );
    const locked = conforms(
      z.object({ resource }).strict(),
      await member.session.get(`/api/resource/${created.resource.id}`),
      'resource one',
    );
    expect(locked.resource).toMatchObject({ accessible: false, url: null, content: null, price: 3.5 });
    expect((await admin.request('DELETE', `/api/resource/${created.resource.id}`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/resource/category/${resourceCategory.id}`)).status).toBe(204);

    const saved = await admin.request('POST', '/api/dashboard-banner', {
      title: 'Contract banner',
      content: 'Checked',
      video_url: null,
      button_text: 'Go',
      button_url: 'https://example.com',
      type: 'course only',
      average_shipping_rate: null,
    });
    expect([200, 201]).toContain(saved.status);
    conforms(z.object({ banner, isNew: z.boolean() }).strict(), saved.body, 'banner upsert');
    conforms(
      z
        .object({
          premium: banner.nullable(),
          basic: banner.nullable(),
          courseOnly: banner.nullable(),
          abilities: z.object({ edit: z.boolean() }).strict(),
        })
        .strict(),
      await member.session.get('/api/dashboard-banner/read-many'),
      'banner read-many',
    );
    conforms(z.object({ banner }).strict(), await admin.get('/api/dashboard-banner/course%20only'), 'banner one');
    expect((await admin.request('DELETE', '/api/dashboard-banner/course%20only')).status).toBe(204);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Bad input
// ---------------------------------------------------------------------------------------------------------------

type Who = 'anonymous' | 'admin' | 'member';

interface BadCase {
  name: string;
  who: Who;
  send(session: GatewaySession): Promise<GatewayResponse | RawResponse>;
  status: number;
  /** The error text, when the spec or the contracts fix it. */
  error?: string;
  /** Field errors that must be named (with their message, or just present when the message is null). */
  errors?: Record<string, string | null>;
  /** What must not have happened; returns a problem or null. */
  after?: () => Promise<string | null>;
}

/** No person with this e-mail in users (admin search), and no credentials in auth. */
async function nobodyWith(email: string): Promise<string | null> {
  const found = await operator.get<{ totalCount: number }>(`/api/user/read-many?search=${encodeURIComponent(email)}`);
  if (found.totalCount !== 0) return `a person with ${email} exists`;
  const credentials = await query('auth', 'SELECT user_id FROM credentials WHERE email = $1', [email]);
  return credentials.length === 0 ? null : `auth holds credentials for ${email}`;
}

async function personIs(id: number, expected: Partial<User>): Promise<string | null> {
  const { user } = await operator.get<{ user: User }>(`/api/user/${id}`);
  for (const [key, value] of Object.entries(expected)) {
    if (JSON.stringify(user[key as keyof User]) !== JSON.stringify(value)) {
      return `${key} is ${JSON.stringify(user[key as keyof User])}, was ${JSON.stringify(value)}`;
    }
  }
  return null;
}

const post = (path: string, body?: unknown) => (s: GatewaySession) => s.request('POST', path, body);
const get = (path: string) => (s: GatewaySession) => s.request('GET', path);
const del = (path: string) => (s: GatewaySession) => s.request('DELETE', path);
/** A raw request with the session's cookie (for bodies the JSON client cannot send). */
const raw =
  (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  (s: GatewaySession) =>
    rawRequest(method, path, { sessionCookie: s.cookie('rm_session'), body, headers });

const GONE_ID = 2_000_000_000;
const GONE_UUID_FILE = `/upload/files/${randomUUID()}.png`;

function badCases(): BadCase[] {
  const emails = {
    short: uniqueEmail('short-pw'),
    tags: uniqueEmail('bad-tags'),
    longName: uniqueEmail('long-name'),
    createBadRole: uniqueEmail('bad-role'),
    createTags: uniqueEmail('create-tags'),
    createPw: uniqueEmail('create-pw'),
    createType: uniqueEmail('create-type'),
  };
  const png = pngImage();
  const twoFiles = new FormData();
  twoFiles.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  twoFiles.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'b.png');
  // Starts like a PNG, then 5 MiB of nothing: too large whatever it is.
  const huge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
  const boundary = 'x-boundary-123';
  const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`;

  return [
    // --- auth ---
    {
      name: 'signin {}',
      who: 'anonymous',
      send: post('/api/auth/signin', {}),
      status: 400,
      errors: { email: FIELD_REQUIRED, password: FIELD_REQUIRED },
    },
    {
      name: 'signin bad e-mail',
      who: 'anonymous',
      send: post('/api/auth/signin', { email: 'nope', password: 'x' }),
      status: 400,
      errors: { email: null },
    },
    {
      name: 'signin wrong types',
      who: 'anonymous',
      send: post('/api/auth/signin', { email: 42, password: ['x'] }),
      status: 400,
      errors: { email: null, password: null },
    },
    {
      name: 'signin malformed JSON',
      who: 'anonymous',
      send: raw('POST', '/api/auth/signin', '{"email": "a@b.c", ', { 'content-type': 'application/json' }),
      status: 400,
    },
    {
      name: 'signin JSON array body',
      who: 'anonymous',
      send: raw('POST', '/api/auth/signin', '[1,2]', { 'content-type': 'application/json' }),
      status: 400,
    },
    {
      name: 'signin wrong password',
      who: 'anonymous',
      send: post('/api/auth/signin', { email: seededUsers.basic.email, password: 'wrong-password' }),
      status: 401,
      error: INVALID_CREDENTIALS,
    },
    {
      name: 'signup {}',
      who: 'anonymous',
      send: post('/api/auth/signup', {}),
      status: 400,
      errors: { fullName: FIELD_REQUIRED, email: FIELD_REQUIRED, password: FIELD_REQUIRED },
    },
    {
      name: 'signup short password',
      who: 'anonymous',
      send: post('/api/auth/signup', { fullName: 'Short', email: emails.short, password: 'short' }),
      status: 400,
      errors: { password: 'Password must be at least 8 characters' },
      after: () => nobodyWith(emails.short),
    },
    {
      name: 'signup e-mail taken',
      who: 'anonymous',
      send: post('/api/auth/signup', {
        fullName: 'Again',
        email: seededUsers.basic.email.toUpperCase(),
        password: newPassword(),
      }),
      status: 400,
      errors: { email: EMAIL_IN_USE_SIGN_IN },
    },
    {
      name: 'signup ?signuptags=abc',
      who: 'anonymous',
      send: post('/api/auth/signup?signuptags=abc', { fullName: 'Tags', email: emails.tags, password: newPassword() }),
      status: 400,
      after: () => nobodyWith(emails.tags),
    },
    {
      name: 'signup name of 121 characters',
      who: 'anonymous',
      send: post('/api/auth/signup', { fullName: 'n'.repeat(121), email: emails.longName, password: newPassword() }),
      status: 400,
      errors: { fullName: null },
      after: () => nobodyWith(emails.longName),
    },
    {
      name: 'forgot-password {}',
      who: 'anonymous',
      send: post('/api/auth/forgot-password', {}),
      status: 400,
      errors: { email: FIELD_REQUIRED },
    },
    {
      name: 'forgot-password bad e-mail',
      who: 'anonymous',
      send: post('/api/auth/forgot-password', { email: 'x@' }),
      status: 400,
      errors: { email: null },
    },
    {
      name: 'reset-password malformed token',
      who: 'anonymous',
      send: post('/api/auth/reset-password/not-a-token', { password: newPassword() }),
      status: 400,
      error: RESET_LINK_INVALID,
    },
    {
      name: 'reset-password unknown token',
      who: 'anonymous',
      send: post(`/api/auth/reset-password/${'A'.repeat(43)}`, { password: newPassword() }),
      status: 400,
      error: RESET_LINK_INVALID,
    },
    {
      name: 'signinas {}',
      who: 'admin',
      send: post('/api/auth/signinas', {}),
      status: 400,
      errors: { email: FIELD_REQUIRED },
    },
    {
      name: 'signinas unknown e-mail',
      who: 'admin',
      send: post('/api/auth/signinas', { email: uniqueEmail('nobody') }),
      status: 404,
    },
    {
      name: 'signinas oneself',
      who: 'admin',
      send: (s) => s.request('POST', '/api/auth/signinas', { email: adminPerson.email }),
      status: 400,
      errors: { email: null },
    },
    {
      name: 'switch-role {}',
      who: 'admin',
      send: post('/api/auth/switch-role', {}),
      status: 400,
      errors: { role: null },
    },
    {
      name: 'switch-role unknown role',
      who: 'admin',
      send: post('/api/auth/switch-role', { role: 'wizard' }),
      status: 400,
      errors: { role: null },
    },
    // --- users ---
    {
      name: 'upsert create {}',
      who: 'admin',
      send: post('/api/user/upsert', {}),
      status: 400,
      errors: { fullName: FIELD_CANNOT_BE_EMPTY, users_email: FIELD_CANNOT_BE_EMPTY, role: FIELD_CANNOT_BE_EMPTY },
    },
    {
      name: 'upsert create bad e-mail',
      who: 'admin',
      send: post('/api/user/upsert', { fullName: 'X', email: 'bad', role: 'basic' }),
      status: 400,
      errors: { users_email: null },
    },
    {
      name: 'upsert create wrong types',
      who: 'admin',
      send: post('/api/user/upsert', {
        fullName: 123,
        email: emails.createType,
        role: 'basic',
        alwaysGrantAccess: 'yes',
      }),
      status: 400,
      errors: { fullName: null },
      after: () => nobodyWith(emails.createType),
    },
    {
      name: 'upsert create unknown role',
      who: 'admin',
      send: post('/api/user/upsert', { fullName: 'X', email: emails.createBadRole, role: 'wizard' }),
      status: 400,
      errors: { role: null },
      after: () => nobodyWith(emails.createBadRole),
    },
    {
      name: 'upsert create e-mail taken',
      who: 'admin',
      send: post('/api/user/upsert', { fullName: 'X', email: seededUsers.premium.email, role: 'basic' }),
      status: 400,
      errors: { users_email: EMAIL_IN_USE },
    },
    {
      name: 'upsert create unknown tag',
      who: 'admin',
      send: post('/api/user/upsert', {
        fullName: 'X',
        email: emails.createTags,
        role: 'basic',
        password: newPassword(),
        Tags: [GONE_ID],
      }),
      status: 400,
      errors: { Tags: null },
      after: () => nobodyWith(emails.createTags),
    },
    {
      name: 'upsert create short password',
      who: 'admin',
      send: post('/api/user/upsert', { fullName: 'X', email: emails.createPw, role: 'basic', password: 'short' }),
      status: 400,
      errors: { password: null },
      after: () => nobodyWith(emails.createPw),
    },
    {
      name: 'upsert unknown id',
      who: 'admin',
      send: post('/api/user/upsert', { id: GONE_ID, city: 'Nowhere' }),
      status: 404,
    },
    {
      name: 'upsert id not a number',
      who: 'admin',
      send: post('/api/user/upsert', { id: 'abc', city: 'Nowhere' }),
      status: 400,
      errors: { id: null },
    },
    {
      name: 'upsert own admin role away',
      who: 'admin',
      send: (s) => s.request('POST', '/api/user/upsert', { id: adminPerson.id, role: 'basic' }),
      status: 400,
      errors: { role: null },
      after: () => personIs(adminPerson.id, { role: 'admin' }),
    },
    {
      name: "upsert member's e-mail to a taken one",
      who: 'admin',
      send: (s) => s.request('POST', '/api/user/upsert', { id: member.id, email: seededUsers.coach.email }),
      status: 400,
      errors: { users_email: EMAIL_IN_USE },
      after: () => personIs(member.id, { email: member.email }),
    },
    { name: 'GET user id abc', who: 'admin', send: get('/api/user/abc'), status: 400 },
    { name: 'GET user id 0', who: 'admin', send: get('/api/user/0'), status: 400 },
    { name: 'GET unknown user', who: 'admin', send: get(`/api/user/${GONE_ID}`), status: 404 },
    { name: 'DELETE user id abc', who: 'admin', send: del('/api/user/abc'), status: 400 },
    { name: 'DELETE unknown user', who: 'admin', send: del(`/api/user/${GONE_ID}`), status: 404 },
    {
      name: 'read-many usersPerPage=0',
      who: 'admin',
      send: get('/api/user/read-many?usersPerPage=0'),
      status: 400,
      errors: { usersPerPage: null },
    },
    {
      name: 'read-many usersPerPage=100000',
      who: 'admin',
      send: get('/api/user/read-many?usersPerPage=100000'),
      status: 400,
      errors: { usersPerPage: null },
    },
    {
      name: 'read-many page=abc',
      who: 'admin',
      send: get('/api/user/read-many?page=abc'),
      status: 400,
      errors: { page: null },
    },
    { name: 'read-many role=wizard', who: 'admin', send: get('/api/user/read-many?role=wizard'), status: 400 },
    {
      name: 'read-many filters=not-json',
      who: 'admin',
      send: get('/api/user/read-many?filters=not-json'),
      status: 400,
      errors: { filters: null },
    },
    {
      name: 'upgrade-role {}',
      who: 'admin',
      send: post('/api/user/upgrade-role', {}),
      status: 400,
      errors: { users: null, newRole: null },
    },
    {
      name: 'upgrade-role no users',
      who: 'admin',
      send: post('/api/user/upgrade-role', { users: [], newRole: 'premium' }),
      status: 400,
      errors: { users: null },
    },
    {
      name: 'upgrade-role unknown role',
      who: 'admin',
      send: (s) => s.request('POST', '/api/user/upgrade-role', { users: [member.id], newRole: 'wizard' }),
      status: 400,
      errors: { newRole: null },
      after: () => personIs(member.id, { role: 'basic' }),
    },
    {
      name: 'upgrade-role ids not numbers',
      who: 'admin',
      send: post('/api/user/upgrade-role', { users: ['abc'], newRole: 'premium' }),
      status: 400,
    },
    {
      name: 'add-tags {}',
      who: 'admin',
      send: post('/api/v2/user/add-tags', {}),
      status: 400,
      errors: { email: null },
    },
    {
      name: 'add-tags unknown e-mail',
      who: 'admin',
      send: post('/api/v2/user/add-tags', { email: uniqueEmail('nobody'), tags: [stackInfo().tags.nova] }),
      status: 404,
    },
    {
      name: 'add-tags unknown tag',
      who: 'admin',
      send: (s) => s.request('POST', '/api/v2/user/add-tags', { email: member.email, tags: [GONE_ID] }),
      status: 400,
      errors: { tags: null },
      after: () => personIs(member.id, { Tags: [] }),
    },
    {
      name: 'add-tags no tags',
      who: 'admin',
      send: (s) => s.request('POST', '/api/v2/user/add-tags', { email: member.email, tags: [] }),
      status: 400,
      errors: { tags: null },
    },
    // --- tags ---
    {
      name: 'tag upsert {}',
      who: 'admin',
      send: post('/api/tag/upsert', {}),
      status: 400,
      errors: { name: FIELD_REQUIRED },
    },
    {
      name: 'tag upsert blank name',
      who: 'admin',
      send: post('/api/tag/upsert', { name: '   ' }),
      status: 400,
      errors: { name: FIELD_REQUIRED },
    },
    {
      name: 'tag upsert name of 81 characters',
      who: 'admin',
      send: post('/api/tag/upsert', { name: 't'.repeat(81) }),
      status: 400,
      errors: { name: null },
    },
    {
      name: 'tag upsert name taken (other case)',
      who: 'admin',
      send: post('/api/tag/upsert', { name: 'MASTERMIND' }),
      status: 400,
      errors: { name: TAG_NAME_TAKEN },
    },
    {
      name: 'tag upsert unknown id',
      who: 'admin',
      send: post('/api/tag/upsert', { id: GONE_ID, name: `ghost ${randomUUID()}` }),
      status: 404,
    },
    { name: 'tag read-many itemsPerPage=0', who: 'admin', send: get('/api/tag/read-many?itemsPerPage=0'), status: 400 },
    { name: 'DELETE tag id abc', who: 'admin', send: del('/api/tag/abc'), status: 400 },
    { name: 'DELETE unknown tag', who: 'admin', send: del(`/api/tag/${GONE_ID}`), status: 404 },
    // --- uploads ---
    {
      name: 'upload without a file',
      who: 'member',
      send: post('/upload', new FormData()),
      status: 400,
      error: UPLOAD_ERRORS.missing,
    },
    {
      name: 'upload a text file named .png',
      who: 'member',
      send: post('/upload', fileForm(Buffer.from('hello, not an image'), 'x.png', 'image/png')),
      status: 400,
      error: UPLOAD_ERRORS.notImage,
    },
    {
      name: 'upload an SVG',
      who: 'member',
      send: post(
        '/upload',
        fileForm(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'x.svg',
          'image/svg+xml',
        ),
      ),
      status: 400,
      error: UPLOAD_ERRORS.notImage,
    },
    {
      name: 'upload over 5 MB',
      who: 'member',
      send: post('/upload', fileForm(huge, 'huge.png', 'image/png')),
      status: 413,
      error: UPLOAD_ERRORS.tooLarge,
    },
    {
      name: 'upload two files',
      who: 'member',
      send: post('/upload', twoFiles),
      status: 400,
      error: UPLOAD_ERRORS.tooMany,
    },
    {
      name: 'upload in another field',
      who: 'member',
      send: post('/upload', fileForm(png, 'a.png', 'image/png', 'file')),
      status: 400,
    },
    {
      name: 'upload as JSON',
      who: 'member',
      send: post('/upload', { image: 'data:image/png;base64,AAAA' }),
      status: 400,
    },
    {
      name: 'upload truncated multipart',
      who: 'member',
      send: raw('POST', '/upload', truncated, { 'content-type': `multipart/form-data; boundary=${boundary}` }),
      status: 400,
    },
    { name: 'GET upload bad key', who: 'anonymous', send: get('/upload/files/not-a-key'), status: 404 },
    { name: 'GET upload unknown file', who: 'anonymous', send: get(GONE_UUID_FILE), status: 404 },
    {
      name: 'upsert JSON body of 2 MB',
      who: 'admin',
      send: (s) => s.request('POST', '/api/user/upsert', { id: member.id, city: 'x'.repeat(2_000_000) }),
      status: 413,
      after: () => personIs(member.id, { city: null }),
    },
    {
      name: 'signin JSON body of 20 KB',
      who: 'anonymous',
      send: post('/api/auth/signin', { email: 'a@b.co', password: 'p'.repeat(20_000) }),
      status: 413,
    },
    // --- the gateway's own answers ---
    {
      name: 'POST without the CSRF header',
      who: 'member',
      send: (s) =>
        rawRequest('POST', '/api/user/upsert', {
          sessionCookie: s.cookie('rm_session'),
          body: { id: member.id, city: 'X' },
          csrf: false,
        }),
      status: 403,
      after: () => personIs(member.id, { city: null }),
    },
    { name: 'unknown /api path', who: 'member', send: get('/api/user-nope/1'), status: 404 },
    {
      name: '/internal is never routed',
      who: 'anonymous',
      send: get(`/internal/users/${seededUsers.admin.id}`),
      status: 404,
    },
  ];
}

describe('bad input answers a clear 4xx in the error shape and writes nothing', () => {
  it('every case of the table', async () => {
    const sessions: Record<Who, () => GatewaySession> = {
      anonymous: () => newSession(),
      admin: () => admin,
      member: () => member.session,
    };
    const failures: string[] = [];
    const cases = badCases();
    for (const c of cases) {
      let answer: GatewayResponse | RawResponse;
      try {
        answer = await c.send(sessions[c.who]());
      } catch (error) {
        failures.push(`${c.name}: request failed: ${(error as Error).message}`);
        continue;
      }
      const problems: string[] = [];
      if (answer.status !== c.status) problems.push(`status ${answer.status}, want ${c.status}`);
      if (answer.status >= 500) problems.push('server error');
      problems.push(...errorShapeProblems(answer.body));
      const body = (answer.body ?? {}) as { error?: string; errors?: Record<string, string> };
      if (c.error !== undefined && body.error !== c.error) problems.push(`error ${JSON.stringify(body.error)}`);
      for (const [field, message] of Object.entries(c.errors ?? {})) {
        const got = body.errors?.[field];
        if (got === undefined) problems.push(`no errors.${field}`);
        else if (message !== null && got !== message) problems.push(`errors.${field} is ${JSON.stringify(got)}`);
      }
      const after = c.after ? await c.after() : null;
      if (after) problems.push(`half-written: ${after}`);
      if (problems.length > 0) failures.push(`${c.name}: ${problems.join('; ')}\n    body: ${JSON.stringify(body)}`);
    }
    if (failures.length > 0) {
      throw new Error(`${failures.length} of ${cases.length} bad-input cases failed:\n  ${failures.join('\n  ')}`);
    }
  }, 120_000);

  it('an oversized upload sent without Content-Length (chunked) is cut off with 413', async () => {
    const boundary = 'chunked-boundary-1';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      pngImage(),
      Buffer.alloc(6 * 1024 * 1024),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < body.length; i += 64 * 1024) controller.enqueue(body.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const csrf = member.session.cookie('rm_csrf') ?? '';
    const response = await fetch(new URL('/upload', stackInfo().gatewayUrl), {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: `rm_session=${member.session.cookie('rm_session')}; rm_csrf=${csrf}`,
        'x-csrf-token': csrf,
      },
    } as RequestInit & { duplex: 'half' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: UPLOAD_ERRORS.tooLarge });
  });

  it('the same sign-up or tag sent three times at once: one succeeds, the others answer 400 (never 500)', async () => {
    const email = uniqueEmail('race');
    const password = newPassword();
    const signups = await Promise.all(
      [1, 2, 3].map(() => newSession().request('POST', '/api/auth/signup', { fullName: 'Race', email, password })),
    );
    expect(signups.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    for (const refused of signups.filter((r) => r.status === 400)) {
      expect(refused.body).toEqual({ error: EMAIL_IN_USE_SIGN_IN, errors: { email: EMAIL_IN_USE_SIGN_IN } });
    }
    const found = await operator.get<{ totalCount: number }>(`/api/user/read-many?search=${encodeURIComponent(email)}`);
    expect(found.totalCount).toBe(1);

    const name = `race ${randomUUID().slice(0, 8)}`;
    const tags = await Promise.all([1, 2, 3].map(() => admin.request('POST', '/api/tag/upsert', { name })));
    expect(tags.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    for (const refused of tags.filter((r) => r.status === 400)) {
      expect(refused.body).toEqual({ error: TAG_NAME_TAKEN, errors: { name: TAG_NAME_TAKEN } });
    }
  });

  // BUG (reported): ids above 2147483647 pass the contracts' idParam / idList (any positive safe integer), and
  // PostgreSQL's integer columns then fail ("value out of range for type integer"): every such call answers 500.
  // Expected to fail until the ids are capped at the int4 maximum; then drop `.failing`.
  it('ids beyond the database integer range answer 4xx, not 500', async () => {
    const big = 3_000_000_000;
    const answers = await Promise.all([
      admin.request('GET', `/api/user/${big}`),
      admin.request('DELETE', `/api/user/${big}`),
      admin.request('POST', '/api/user/upsert', { id: big, city: 'x' }),
      admin.request('POST', '/api/user/upgrade-role', { users: [big], newRole: 'basic' }),
      admin.request('POST', '/api/v2/user/add-tags', { email: member.email, tags: [big] }),
      admin.request('POST', '/api/tag/upsert', { id: big, name: 'x' }),
      admin.request('DELETE', `/api/tag/${big}`),
      newSession().request('POST', `/api/auth/signup?signuptags=${big}`, {
        fullName: 'Big',
        email: uniqueEmail('big'),
        password: newPassword(),
      }),
    ]);
    expect(answers.map((a) => a.status).filter((status) => status >= 500)).toEqual([]);
  });

  it('a refused reset keeps the link usable; a used link is refused', async () => {
    const person = await signUp('reset-contract');
    const { token } = await requestResetLink(person.email);
    const path = `/api/auth/reset-password/${token}`;
    const anonymous = newSession();

    const missing = await anonymous.request('POST', path, {});
    expect(missing.status).toBe(400);
    expect(errorShapeProblems(missing.body)).toEqual([]);
    expect((missing.body as { errors: Record<string, string> }).errors.password).toBe(FIELD_REQUIRED);

    const mismatch = await anonymous.request('POST', path, { password: 'Matching-1!', confirmPassword: 'Other-1!!' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({
      error: PASSWORDS_DO_NOT_MATCH,
      errors: { confirmPassword: PASSWORDS_DO_NOT_MATCH },
    });
    // The member's session survived the refused attempts.
    expect((await person.session.request('GET', `/api/user/${person.id}`)).status).toBe(200);

    const ok = await anonymous.request('POST', path, { password: 'Matching-1!', confirmPassword: 'Matching-1!' });
    expect(ok.status).toBe(200);
    const used = await newSession().request('POST', path, { password: 'Matching-2!' });
    expect(used.status).toBe(400);
    expect(used.body).toEqual({ error: RESET_LINK_INVALID });
  });
});
