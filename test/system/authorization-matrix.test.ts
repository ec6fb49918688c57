/**
 * The authorization matrix of this issue's endpoints, through the real gateway and services: every endpoint x
 * {anonymous, basic, course only, premium, coach, admin} x own / another person's data -> the expected status,
 * written out per cell below. Some cells also carry what the answer must show (e.g. which view of the user list)
 * or what must NOT have happened (a refused delete must leave the person in place).
 *
 * Callers are fresh people of each role (created by a fresh admin of this file, the "operator"; the seeded
 * admin's second-factor codes are not spent here), so the seeded people stay as they are for the other files. The
 * admin caller enrols in the second factor at her first sign-in (test/support: signIn). Rows that end or replace the caller's session run last.
 *
 * On failure the whole matrix is printed, with the differing cells marked.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { CurrentUser, Role, SecondStepChallenge, Tag, User } from '@rainmakers/contracts';
import { CSRF_COOKIE, SESSION_COOKIE } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { profileCacheKey } from '../../gateway/src/profile-cache';
import { passSecondStep } from '../../scripts/lib/second-factor';
import type { HttpMethod } from '../../scripts/seed/context';
import {
  type GatewayResponse,
  type GatewaySession,
  listMail,
  newSession,
  seededUsers,
  signIn,
  stackInfo,
} from '../support/stack-client';
import {
  closeSystemResources,
  createPerson,
  eventBusDrained,
  fileForm,
  newPassword,
  type Person,
  pngImage,
  query,
  redis,
  requestInvitationLink,
  requestResetLink,
  signUp,
  uniqueEmail,
} from '../support/system';

// On a busy 2-core machine mail delivery, events and argon2 can take seconds (waitFor() itself gives up at 15 s).
jest.setTimeout(60_000);

const CALLERS = ['anonymous', 'basic', 'courseOnly', 'premium', 'coach', 'admin'] as const;
type CallerKey = (typeof CALLERS)[number];
const HEADINGS: Record<CallerKey, string> = {
  anonymous: 'anonymous',
  basic: 'basic',
  courseOnly: 'course only',
  premium: 'premium',
  coach: 'coach',
  admin: 'admin',
};
const ROLE_OF: Record<Exclude<CallerKey, 'anonymous'>, Role> = {
  basic: 'basic',
  courseOnly: 'course only',
  premium: 'premium',
  coach: 'coach',
  admin: 'admin',
};

interface Caller {
  key: CallerKey;
  /** Replaced by rows that end or swap the session. */
  session: GatewaySession;
  /** Null for the anonymous visitor. */
  person: Person | null;
}

/** An expected cell: the status, optionally followed by what the answer must show ("200 self"). */
type Cell = number | `${number} ${string}`;
/** Expected cells in the order of CALLERS: anonymous, basic, course only, premium, coach, admin. */
type Expected = [Cell, Cell, Cell, Cell, Cell, Cell];

interface Outcome {
  status: number;
  /** What the answer showed, or what went wrong besides the status; part of the compared cell. */
  note?: string | undefined;
}

interface Row {
  name: string;
  expected: Expected;
  run(caller: Caller): Promise<Outcome>;
}

let operator: GatewaySession;
const callers = {} as Record<CallerKey, Caller>;
/** Another member whose data the callers reach for (never a caller). */
let other: Person;
let uploadedFile: string;
/** A premium member (what a coach's list shows) and courses a basic member may not see. */
let premiumMember: Person;
/** A coach (who holds a board) whose board the callers reach for, with a list and a card on it. */
const boardHolder = {} as { person: Person; session: GatewaySession; listId: number; cardId: number };
const hidden = { draftSlug: '', premiumSlug: '', premiumLessonId: 0, premiumCourseId: 0, quizLessonId: 0 };
/** A course open to every member whose one module opens on a date far ahead (drip). */
const dripped = { slug: `matrix-drip-${Date.now()}`, lessonId: 0 };
/** The premium-only lesson's discussion, written by the operator: a question, a reply to it, a hidden comment. */
const discussion = { questionId: 0, replyId: 0, hiddenId: 0 };
/** Resources the operator makes: a paid upgrade, a premium paid upgrade, a premium-included link, a category. */
const market = { forSale: 0, forSalePremium: 0, included: 0, category: 0 };

/** Whether a resource answer carries the url (open) or not (locked). */
function resourceView(response: GatewayResponse): Outcome {
  if (response.status !== 200) return status(response);
  const resource = (response.body as { resource?: { url: string | null; accessible: boolean } }).resource;
  const open = resource?.accessible === true && typeof resource.url === 'string';
  const locked = resource?.accessible === false && resource.url === null;
  return { status: 200, note: open ? 'open' : locked ? 'locked' : 'inconsistent' };
}

/** Which banners a read-many answer holds. */
function bannerView(response: GatewayResponse): Outcome {
  if (response.status !== 200) return status(response);
  const body = response.body as Record<string, { type: string } | null>;
  const held = ['basic', 'courseOnly', 'premium'].filter((key) => body[key]);
  return { status: 200, note: held.length === 3 ? 'all' : held.join('+') || 'none' };
}

const MATRIX_RESOURCE = {
  title: 'Matrix resource',
  description: 'Made by a matrix row',
  type: 'Link',
  visibility: 'Free',
  url: 'https://example.com/matrix',
};
const MATRIX_BANNER = {
  title: 'Premium banner',
  content: 'For premium members',
  video_url: null,
  button_text: 'Open',
  button_url: 'https://example.com/banner',
  type: 'premium',
  average_shipping_rate: 0.5,
};

const MATRIX_PRODUCT = {
  title: 'Matrix product',
  units: 10,
  costPerUnit: 2,
  shippingCost: 1,
  amazonFees: 3,
  amazonRetailPrice: 12,
};
let othersProduct: Promise<number> | null = null;
/** A product of the board holder (a member no caller is), made once. */
function othersProductId(): Promise<number> {
  othersProduct ??= boardHolder.session
    .post<{ product: { id: number } }>('/api/product/upsert', {
      product: MATRIX_PRODUCT,
      typeAdditionalFees: 'percentage',
    })
    .then((answer) => answer.product.id);
  return othersProduct;
}

const tagIds = () => Object.values(stackInfo().tags);
const firstTag = () => tagIds()[0] ?? 0;
const lastTag = () => tagIds()[tagIds().length - 1] ?? 0;
const status = (response: GatewayResponse) => ({ status: response.status });
const ownId = (caller: Caller) => caller.person?.id ?? seededUsers.basic.id;

/** A comment of the board holder on her own card (the review queue's rows). */
async function holderComment(comment: string): Promise<number> {
  const posted = await boardHolder.session.post<{ activity: { id: number } }>('/api/move-the-needle/activity/upsert', {
    comment,
    CardId: boardHolder.cardId,
  });
  return posted.activity.id;
}

let reviewedMember: Promise<{ person: Person; session: GatewaySession; forReview: number; doing: number }> | null =
  null;
/**
 * A premium member whose account predates the board cut-off (her board is reviewed; the board holder is a coach,
 * whose own board is not), made once: her created_at set in users and announced by an edit.
 */
function reviewedMemberBoard() {
  reviewedMember ??= (async () => {
    const person = await createPerson(operator, 'reviewed-member', { role: 'premium' });
    await query('users', 'UPDATE users SET created_at = $2 WHERE id = $1', [person.id, '2024-06-01T00:00:00Z']);
    await operator.post('/api/user/upsert', { id: person.id, city: 'Austin' });
    const session = await signIn(person);
    const path = `/api/move-the-needle/list/read-many?userId=${person.id}`;
    await waitFor(async () => (await session.request('GET', path)).status === 200, {
      what: 'the reviewed member to hold a board',
    });
    const board = await session.get<{ lists: { id: number; name: string }[] }>(path);
    const listId = (name: string) => board.lists.find((l) => l.name === name)?.id ?? 0;
    return { person, session, forReview: listId('FOR REVIEW'), doing: listId('IN PROGRESS') };
  })();
  return reviewedMember;
}

/** A fresh card of the reviewed member's, moved by her into FOR REVIEW (so it waits for review). */
async function cardWaitingForReview(): Promise<number> {
  const member = await reviewedMemberBoard();
  const { card } = await member.session.post<{ card: { id: number; position: number } }>(
    '/api/move-the-needle/card/upsert',
    { title: 'Matrix review', ListId: member.doing },
  );
  const target = await member.session.get<{ lists: { id: number; Cards: unknown[] }[] }>(
    `/api/move-the-needle/list/read-many?userId=${member.person.id}`,
  );
  await member.session.post('/api/move-the-needle/card/move', {
    cardId: card.id,
    sourceListId: member.doing,
    destListId: member.forReview,
    positionOnSourceList: card.position,
    positionOnDestList: target.lists.find((l) => l.id === member.forReview)?.Cards.length ?? 0,
  });
  return card.id;
}

let holderNotificationId: Promise<number> | undefined;
/** A notification of the board holder: the operator (an admin) replies on her card. */
function holderNotification(): Promise<number> {
  holderNotificationId ??= (async () => {
    await operator.post('/api/move-the-needle/activity/upsert', {
      comment: 'Matrix reply',
      CardId: boardHolder.cardId,
    });
    const theirs = await boardHolder.session.get<{ notifications: { id: number }[] }>(
      '/api/notifications?notificationsPerPage=1',
    );
    const id = theirs.notifications[0]?.id;
    if (id === undefined) throw new Error('the board holder got no notification');
    return id;
  })();
  return holderNotificationId;
}

/** A basic member made by the operator; without a password unless asked (no argon2 work for mere targets). */
async function freshMember(label: string, fields: Parameters<typeof createPerson>[2] = {}) {
  return createPerson(operator, label, { role: 'basic', password: null, ...fields });
}

async function freshTag(): Promise<Tag> {
  const { tag } = await operator.post<{ tag: Tag }>('/api/tag/upsert', { name: `matrix ${randomUUID().slice(0, 8)}` });
  return tag;
}

async function operatorView(id: number): Promise<User | null> {
  const answer = await operator.request<{ user: User }>('GET', `/api/user/${id}`);
  return answer.status === 200 ? answer.body.user : null;
}

/** Passes the second step a reset or invitation link answered with; ' after the code' when there was one. */
async function afterTheCode(session: GatewaySession, email: string, answer: GatewayResponse): Promise<string> {
  const challenge = (answer.body as { secondFactor?: SecondStepChallenge } | undefined)?.secondFactor;
  if (answer.status !== 200 || !challenge) return '';
  await passSecondStep(session, email, challenge);
  return ' after the code';
}

async function whoAmI(session: GatewaySession): Promise<number | null> {
  return (await session.get<{ currentUser: CurrentUser | null }>('/api/auth/me')).currentUser?.id ?? null;
}

/** A refused change must leave the person as they were. */
async function unchanged(response: GatewayResponse, id: number, before: User, field: keyof User): Promise<Outcome> {
  if (response.status < 400) return status(response);
  const after = await operatorView(id);
  const same = JSON.stringify(after?.[field]) === JSON.stringify(before[field]);
  return { status: response.status, note: same ? undefined : `${field} changed anyway` };
}

/** A refusal that must read exactly like the answer for something that does not exist. */
async function likeMissing(response: GatewayResponse, missing: GatewayResponse): Promise<Outcome> {
  if (response.status !== 404) return status(response);
  const same = response.status === missing.status && JSON.stringify(response.body) === JSON.stringify(missing.body);
  return { status: response.status, note: same ? 'as unknown' : `unlike unknown (${JSON.stringify(response.body)})` };
}

/** Which parts a member page answer hides from the caller (and that hidden parts really are empty). */
function overviewView(response: GatewayResponse): Outcome {
  if (response.status !== 200) return status(response);
  const body = response.body as { hidden?: string[]; purchases?: unknown; history?: unknown };
  const hidden = [...(body.hidden ?? [])].sort();
  const leaked = hidden.some((part) => (body as Record<string, unknown>)[part] !== null);
  return { status: 200, note: leaked ? 'leaks a hidden part' : `hides ${hidden.join('+') || 'none'}` };
}

/** A community profile answer: whether it holds anything to reach the person by (it must not). */
function communityView(response: GatewayResponse): Outcome {
  if (response.status !== 200) return status(response);
  const raw = JSON.stringify(response.body);
  const leaks = /"(email|phoneNumber|stripe\w*)"/.test(raw) || raw.includes('@');
  return { status: 200, note: leaks ? 'leaks contact' : 'no contact' };
}

/** A paid purchase of the other member (its receipt is hers and the admins'), written once. */
let othersPurchase: Promise<string> | null = null;
function purchaseOfOther(): Promise<string> {
  othersPurchase ??= (async () => {
    const id = `pi_matrix_${randomUUID().replace(/-/g, '')}`;
    await query(
      'billing',
      `INSERT INTO purchases (payment_intent_id, user_id, resource_id, resource_title, amount_cents, currency, status,
         completed_at) VALUES ($1, $2, 987654321, 'Matrix guide', 4900, 'usd', 'succeeded', now())`,
      [id, other.id],
    );
    return id;
  })();
  return othersPurchase;
}

/** A Stripe (stand-in) customer of the person, with an active subscription billing has heard of; one per person. */
const stripeCustomers = new Map<number, Promise<string>>();
function stripeCustomerOf(person: Person | null): Promise<string> {
  if (!person) return Promise.resolve('cus_nobody');
  let customer = stripeCustomers.get(person.id);
  if (!customer) {
    const standIn = `http://127.0.0.1:${stackInfo().ports.stripe}`;
    const post = async (path: string, body: string, type: string) => {
      const response = await fetch(`${standIn}${path}`, {
        method: 'POST',
        headers: { 'content-type': type, authorization: 'Bearer sk_test_stand_in' },
        body,
      });
      return (await response.json()) as { id: string };
    };
    customer = (async () => {
      const created = await post(
        '/v1/customers',
        `email=${encodeURIComponent(person.email)}&metadata[userId]=${person.id}`,
        'application/x-www-form-urlencoded',
      );
      // The stand-in answers once billing has taken the subscription's webhook (and tied the customer to the person).
      await post(
        '/_stand-in/subscriptions',
        JSON.stringify({ customer: created.id, status: 'active' }),
        'application/json',
      );
      return created.id;
    })();
    stripeCustomers.set(person.id, customer);
  }
  return customer;
}

const COMMUNITY_KEYS = ['city', 'fullName', 'id', 'photoUrl', 'state'].join(',');
const CERTIFICATE_KEYS = ['completedAt', 'courseTitle', 'fullName', 'id'].join(',');

let seededCertificate: Promise<string> | null = null;
/** The certificate the seed gives the seeded premium member (a member no caller is). */
function seededCertificateId(): Promise<string> {
  seededCertificate ??= signIn('premium')
    .then((premium) => premium.get<{ certificates: { id: string }[] }>('/api/certificates/mine'))
    .then(({ certificates }) => {
      const first = certificates[0];
      if (!first) throw new Error('The seeded premium member holds no certificate');
      return first.id;
    });
  return seededCertificate;
}

/** Which view of the user list an answer is: full (staff, every role), premium-only (coach), community. */
function listView(body: unknown, staffIds: number[]): string {
  const users = (body as { users?: Array<Record<string, unknown>> }).users;
  const counts = body as Record<string, unknown>;
  if (!Array.isArray(users)) return 'no users key';
  if (!['premiumCount', 'basicCount', 'totalCount'].every((k) => typeof counts[k] === 'number')) return 'no counts';
  if (users.length === 0) return 'empty';
  if (users.every((u) => typeof u.email === 'string')) {
    return users.every((u) => u.role === 'premium') ? 'premium-only' : 'full';
  }
  const community = users.every((u) => Object.keys(u).sort().join(',') === COMMUNITY_KEYS);
  if (!community) return 'mixed';
  return users.some((u) => staffIds.includes(Number(u.id))) ? 'community with staff' : 'community';
}

// Every row, in the order it runs. Columns: anonymous, basic, course only, premium, coach, admin.
const ROWS: Row[] = [
  // --- auth: calls that leave the caller's session in place -----------------------------------------------
  {
    name: 'GET /api/auth/me',
    expected: ['200 null', '200 self', '200 self', '200 self', '200 self', '200 self'],
    async run(c) {
      const answer = await c.session.request<{ currentUser: CurrentUser | null }>('GET', '/api/auth/me');
      const id = answer.body?.currentUser?.id ?? null;
      return { status: answer.status, note: id === null ? 'null' : id === c.person?.id ? 'self' : `user ${id}` };
    },
  },
  {
    name: 'POST /api/auth/forgot-password',
    expected: [200, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('POST', '/api/auth/forgot-password', { email: uniqueEmail('x') })),
  },
  {
    name: 'POST /api/auth/signinas/back (plain session)',
    expected: [401, 403, 403, 403, 403, 403],
    run: async (c) => status(await c.session.request('POST', '/api/auth/signinas/back')),
  },
  {
    name: 'POST /api/auth/switch-role {basic}',
    expected: [401, 403, 403, 403, 403, '200 role basic, back'],
    async run(c) {
      const answer = await c.session.request<{ currentUser: CurrentUser }>('POST', '/api/auth/switch-role', {
        role: 'basic',
      });
      if (answer.status !== 200) return status(answer);
      const back = await c.session.request('POST', '/api/auth/switch-role', { role: 'admin' });
      return { status: 200, note: `role ${answer.body.currentUser.role}, ${back.status === 200 ? 'back' : 'stuck'}` };
    },
  },
  {
    name: 'POST /api/auth/signinas {another member}',
    expected: [401, 403, 403, 403, 403, '200 as other, back'],
    async run(c) {
      const answer = await c.session.request<{ currentUser: CurrentUser }>('POST', '/api/auth/signinas', {
        email: other.email,
      });
      if (answer.status !== 200) return status(answer);
      const as = answer.body.currentUser.id === other.id ? 'as other' : `as ${answer.body.currentUser.id}`;
      const back = await c.session.request('POST', '/api/auth/signinas/back');
      const home = back.status === 200 && (await whoAmI(c.session)) === c.person?.id;
      return { status: 200, note: `${as}, ${home ? 'back' : `back answered ${back.status}`}` };
    },
  },

  // --- the second factor --------------------------------------------------------------------------
  // The callers' admin passed her second factor at sign-in (enrolled on the way); the others have none.
  {
    name: 'POST /api/auth/signin/code {a forged token}',
    expected: [401, 401, 401, 401, 401, 401],
    run: async (c) =>
      status(await c.session.request('POST', '/api/auth/signin/code', { token: 'forged', code: '123456' })),
  },
  {
    name: 'POST /api/auth/signin/enrol {a forged token}',
    expected: [401, 401, 401, 401, 401, 401],
    run: async (c) => status(await c.session.request('POST', '/api/auth/signin/enrol', { token: 'forged' })),
  },
  {
    name: 'POST /api/auth/signin/enrol/confirm {a forged token}',
    expected: [401, 401, 401, 401, 401, 401],
    run: async (c) =>
      status(await c.session.request('POST', '/api/auth/signin/enrol/confirm', { token: 'forged', code: '123456' })),
  },
  {
    name: 'GET /api/auth/second-factor',
    expected: [401, '200 offered', '200 offered', '200 offered', '200 offered', '200 required, on'],
    async run(c) {
      const answer = await c.session.request<{ enrolled: boolean; required: boolean }>(
        'GET',
        '/api/auth/second-factor',
      );
      if (answer.status !== 200) return status(answer);
      const { required, enrolled } = answer.body;
      return { status: 200, note: required ? `required, ${enrolled ? 'on' : 'off'}` : 'offered' };
    },
  },
  {
    // Begins an enrolment (a pending secret, harmless until confirmed); the enrolled admin has one already.
    name: 'POST /api/auth/second-factor/enrol',
    expected: [401, 200, 200, 200, 200, 409],
    run: async (c) => status(await c.session.request('POST', '/api/auth/second-factor/enrol')),
  },
  {
    name: 'POST /api/auth/second-factor/enrol/confirm {a wrong code}',
    expected: [401, 400, 400, 400, 400, 409],
    run: async (c) =>
      status(await c.session.request('POST', '/api/auth/second-factor/enrol/confirm', { code: '000000' })),
  },
  {
    name: 'POST /api/auth/second-factor/recovery-codes {a wrong password}',
    expected: [401, 400, 400, 400, 400, 400],
    run: async (c) =>
      status(
        await c.session.request('POST', '/api/auth/second-factor/recovery-codes', {
          password: 'Not-The-Passw0rd!',
          code: '000000',
        }),
      ),
  },
  {
    name: 'POST /api/auth/second-factor/disable {a wrong password}',
    expected: [401, 400, 400, 400, 400, 403],
    run: async (c) =>
      status(
        await c.session.request('POST', '/api/auth/second-factor/disable', {
          password: 'Not-The-Passw0rd!',
          code: '000000',
        }),
      ),
  },
  {
    // Another member without a second factor: the admin may, and is told there is none to reset.
    name: "POST /api/auth/second-factor/reset/{another member's id}",
    expected: [401, 403, 403, 403, 403, 400],
    run: async (c) => status(await c.session.request('POST', `/api/auth/second-factor/reset/${other.id}`)),
  },

  // --- her own account: only the person herself (the id is the session's, never the request's) -----------------
  {
    name: 'GET /api/account/export {whose file}',
    expected: [401, '200 own', '200 own', '200 own', '200 own', '200 own'],
    async run(c) {
      const answer = await c.session.request<{ userId?: number }>('GET', '/api/account/export?userId=1');
      if (answer.status !== 200) return { status: answer.status };
      return { status: 200, note: answer.body.userId === c.person?.id ? 'own' : `user ${answer.body.userId}` };
    },
  },
  {
    name: 'DELETE /api/account {a wrong password}',
    expected: [401, 400, 400, 400, 400, 400],
    run: async (c) => status(await c.session.request('DELETE', '/api/account', { password: 'Not-The-Passw0rd!' })),
  },

  // --- users ------------------------------------------------------------------------------------------------
  {
    name: 'GET /api/user/{own id}',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', `/api/user/${ownId(c)}`)),
  },
  {
    name: "GET /api/user/{a basic member's id}",
    expected: [401, '404 as unknown', '404 as unknown', '404 as unknown', '404 as unknown', 200],
    run: async (c) =>
      likeMissing(
        await c.session.request('GET', `/api/user/${other.id}`),
        await c.session.request('GET', '/api/user/987654321'),
      ),
  },
  {
    name: "GET /api/user/{a premium member's id}",
    expected: [401, '404 as unknown', '404 as unknown', '404 as unknown', 200, 200],
    run: async (c) =>
      likeMissing(
        await c.session.request('GET', `/api/user/${premiumMember.id}`),
        await c.session.request('GET', '/api/user/987654321'),
      ),
  },
  // --- member page: staff only; coaches see premium members, without purchases and history. -------
  {
    name: 'GET /api/user/overview/{own id}',
    expected: [401, 403, 403, 403, '200 hides history+purchases', '200 hides none'],
    run: async (c) => overviewView(await c.session.request('GET', `/api/user/overview/${ownId(c)}`)),
  },
  {
    name: "GET /api/user/overview/{a basic member's id}",
    expected: [401, '404 as unknown', '404 as unknown', '404 as unknown', '404 as unknown', '200 hides none'],
    run: async (c) => {
      const answer = await c.session.request('GET', `/api/user/overview/${other.id}`);
      if (answer.status !== 404) return overviewView(answer);
      return likeMissing(answer, await c.session.request('GET', '/api/user/overview/987654321'));
    },
  },
  {
    name: "GET /api/user/overview/{a premium member's id}",
    expected: [
      401,
      '404 as unknown',
      '404 as unknown',
      '404 as unknown',
      '200 hides history+purchases',
      '200 hides none',
    ],
    run: async (c) => {
      const answer = await c.session.request('GET', `/api/user/overview/${premiumMember.id}`);
      if (answer.status !== 404) return overviewView(answer);
      return likeMissing(answer, await c.session.request('GET', '/api/user/overview/987654321'));
    },
  },
  {
    name: 'GET /api/user/read-many',
    expected: [401, '200 community', '200 community', '200 community', '200 premium-only', '200 full'],
    async run(c) {
      const answer = await c.session.request('GET', '/api/user/read-many?usersPerPage=100');
      if (answer.status !== 200) return status(answer);
      const staff = [seededUsers.admin.id, seededUsers.coach.id, callers.admin.person?.id ?? 0];
      return { status: 200, note: listView(answer.body, [...staff, callers.coach.person?.id ?? 0]) };
    },
  },
  // --- community profile: what the community list shows, never an e-mail or phone. ----------------
  {
    name: "GET /api/user/community/{a basic member's id}",
    expected: [401, '200 no contact', '200 no contact', '200 no contact', '404 as unknown', '200 no contact'],
    run: async (c) => {
      const answer = await c.session.request('GET', `/api/user/community/${other.id}`);
      if (answer.status !== 200)
        return likeMissing(answer, await c.session.request('GET', '/api/user/community/987654321'));
      return communityView(answer);
    },
  },
  {
    name: "GET /api/user/community/{a premium member's id}",
    expected: [401, '200 no contact', '200 no contact', '200 no contact', '200 no contact', '200 no contact'],
    run: async (c) => communityView(await c.session.request('GET', `/api/user/community/${premiumMember.id}`)),
  },
  {
    name: "GET /api/user/community/{an admin's id}",
    expected: [401, '404 as unknown', '404 as unknown', '404 as unknown', '404 as unknown', '404 as unknown'],
    run: async (c) =>
      likeMissing(
        await c.session.request('GET', `/api/user/community/${seededUsers.admin.id}`),
        await c.session.request('GET', '/api/user/community/987654321'),
      ),
  },
  {
    name: 'GET /api/user/community-settings',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/user/community-settings')),
  },
  {
    name: 'PUT /api/user/community-settings (own)',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) =>
      status(
        await c.session.request('PUT', '/api/user/community-settings', {
          bio: 'Matrix',
          showCourses: false,
          listed: true,
        }),
      ),
  },
  {
    name: 'POST /api/user/upsert create',
    expected: [401, 403, 403, 403, 403, 201],
    async run(c) {
      const email = uniqueEmail('created');
      const answer = await c.session.request('POST', '/api/user/upsert', { fullName: 'Made', email, role: 'basic' });
      if (answer.status < 400) return status(answer);
      const found = await operator.get<{ totalCount: number }>(`/api/user/read-many?search=${email}`);
      return { status: answer.status, note: found.totalCount === 0 ? undefined : 'created anyway' };
    },
  },
  {
    name: 'POST /api/user/upsert own city',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) =>
      status(await c.session.request('POST', '/api/user/upsert', { id: ownId(c), city: `City ${randomUUID()}` })),
  },
  {
    name: 'POST /api/user/upsert own role -> admin',
    expected: [401, 403, 403, 403, 403, 200],
    async run(c) {
      const before = await operatorView(ownId(c));
      const answer = await c.session.request('POST', '/api/user/upsert', { id: ownId(c), role: 'admin' });
      return before ? unchanged(answer, ownId(c), before, 'role') : status(answer);
    },
  },
  {
    name: 'POST /api/user/upsert own alwaysGrantAccess',
    expected: [401, 403, 403, 403, 403, 200],
    async run(c) {
      const before = await operatorView(ownId(c));
      const answer = await c.session.request('POST', '/api/user/upsert', { id: ownId(c), alwaysGrantAccess: true });
      return before ? unchanged(answer, ownId(c), before, 'alwaysGrantAccess') : status(answer);
    },
  },
  {
    name: "POST /api/user/upsert another member's city",
    expected: [401, 404, 404, 404, 404, 200],
    async run(c) {
      const before = (await operatorView(other.id)) as User;
      const answer = await c.session.request('POST', '/api/user/upsert', { id: other.id, city: `C ${randomUUID()}` });
      return unchanged(answer, other.id, before, 'city');
    },
  },
  {
    name: "POST /api/user/upsert a basic member's Tags",
    expected: [401, 404, 404, 404, 404, 200],
    async run(c) {
      const target = await freshMember('tagged');
      const answer = await c.session.request('POST', '/api/user/upsert', { id: target.id, Tags: [firstTag()] });
      return unchanged(answer, target.id, target.user, 'Tags');
    },
  },
  {
    name: "POST /api/user/upsert a premium member's Tags",
    expected: [401, 404, 404, 404, 200, 200],
    async run(c) {
      const target = await freshMember('tagged-premium', { role: 'premium' });
      const answer = await c.session.request('POST', '/api/user/upsert', { id: target.id, Tags: [firstTag()] });
      return unchanged(answer, target.id, target.user, 'Tags');
    },
  },
  {
    name: "POST /api/user/upsert a premium member's Tags + city",
    expected: [401, 404, 404, 404, 403, 200],
    async run(c) {
      const target = await freshMember('tagged-city', { role: 'premium' });
      const answer = await c.session.request('POST', '/api/user/upsert', {
        id: target.id,
        Tags: [firstTag()],
        city: 'Smuggled',
      });
      return unchanged(answer, target.id, target.user, 'Tags');
    },
  },
  {
    name: 'POST /api/user/upgrade-role {another member}',
    expected: [401, 403, 403, 403, 403, 200],
    async run(c) {
      const target = await freshMember('upgraded');
      const answer = await c.session.request('POST', '/api/user/upgrade-role', {
        users: [target.id],
        newRole: 'premium',
      });
      return unchanged(answer, target.id, target.user, 'role');
    },
  },
  {
    name: 'GET /api/user/export',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) => status(await c.session.request('GET', '/api/user/export')),
  },
  {
    name: 'GET /api/user/generate-test-user-csv',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) => status(await c.session.request('GET', '/api/user/generate-test-user-csv')),
  },
  {
    name: 'GET /api/user/generate-test-user-import-csv',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) => status(await c.session.request('GET', '/api/user/generate-test-user-import-csv')),
  },
  {
    name: 'PUT /api/user/validate-users-csv',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) =>
      status(await c.session.request('PUT', '/api/user/validate-users-csv', { userEmails: [other.email] })),
  },
  {
    name: 'PUT /api/user/bulk-update {another member}',
    expected: [401, 403, 403, 403, 403, 202],
    async run(c) {
      const target = await freshMember('bulk');
      const answer = await c.session.request('PUT', '/api/user/bulk-update', {
        userEmails: [target.email],
        role: 'premium',
      });
      return unchanged(answer, target.id, target.user, 'role');
    },
  },
  {
    name: 'POST /api/user/bulk-action {another member: add a tag}',
    expected: [401, 403, 403, 403, 403, 200],
    async run(c) {
      const target = await freshMember('bulk-action');
      const answer = await c.session.request('POST', '/api/user/bulk-action', {
        action: 'add-tag',
        tagId: firstTag(),
        target: { ids: [target.id] },
      });
      return unchanged(answer, target.id, target.user, 'Tags');
    },
  },
  {
    name: 'POST /api/user/bulk-action {another member: delete}',
    expected: [401, 403, 403, 403, 403, 200],
    async run(c) {
      const target = await freshMember('bulk-delete');
      const answer = await c.session.request('POST', '/api/user/bulk-action', {
        action: 'delete',
        target: { ids: [target.id] },
      });
      if (answer.status < 400) return status(answer);
      return { status: answer.status, note: (await operatorView(target.id)) ? undefined : 'deleted anyway' };
    },
  },
  {
    name: 'GET /api/user/bulk-action/{jobId} (unknown job)',
    expected: [401, 403, 403, 403, 403, 404],
    run: async (c) => status(await c.session.request('GET', '/api/user/bulk-action/no-such-job')),
  },
  {
    name: 'POST /api/user/import',
    expected: [401, 403, 403, 403, 403, 202],
    run: async (c) =>
      status(
        await c.session.request(
          'POST',
          '/api/user/import',
          fileForm(Buffer.from(`email\r\n${uniqueEmail('imported')}`), 'people.csv', 'text/csv', 'file'),
        ),
      ),
  },
  {
    name: 'GET /api/user/audit-log',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) => status(await c.session.request('GET', '/api/user/audit-log')),
  },
  {
    name: 'GET /api/analytics/overview',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) =>
      status(await c.session.request('GET', '/api/analytics/overview?from=2026-01-01&to=2026-01-31&interval=day')),
  },
  {
    name: 'GET /api/analytics/overview.csv',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) =>
      status(
        await c.session.request('GET', '/api/analytics/overview.csv?from=2026-01-01&to=2026-12-31&interval=month'),
      ),
  },
  // The job history and the audit export. A job id nobody has: admins pass the check (404), others stop at it.
  {
    name: 'GET /api/user/audit-log.csv',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) => status(await c.session.request('GET', '/api/user/audit-log.csv?action=course.update')),
  },
  {
    name: 'GET /api/user/jobs',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) => status(await c.session.request('GET', '/api/user/jobs')),
  },
  {
    name: 'GET /api/user/jobs/{id}',
    expected: [401, 403, 403, 403, 403, 404],
    run: async (c) => status(await c.session.request('GET', '/api/user/jobs/no-such-job')),
  },
  {
    name: 'GET /api/user/jobs/{id}/report.csv',
    expected: [401, 403, 403, 403, 403, 404],
    run: async (c) => status(await c.session.request('GET', '/api/user/jobs/no-such-job/report.csv')),
  },
  {
    name: 'GET /api/user/jobs/{id}/errors.csv',
    expected: [401, 403, 403, 403, 403, 404],
    run: async (c) => status(await c.session.request('GET', '/api/user/jobs/no-such-job/errors.csv')),
  },
  {
    name: 'POST /api/v2/user/add-tags {another member}',
    expected: [401, 403, 403, 403, 403, 200],
    async run(c) {
      const target = await freshMember('add-tags');
      const answer = await c.session.request('POST', '/api/v2/user/add-tags', {
        email: target.email,
        tags: [lastTag()],
      });
      return unchanged(answer, target.id, target.user, 'Tags');
    },
  },
  {
    name: 'DELETE /api/user/{own id}',
    expected: [401, 403, 403, 403, 403, 403],
    async run(c) {
      const answer = await c.session.request('DELETE', `/api/user/${ownId(c)}`);
      const still = (await operatorView(ownId(c))) !== null;
      return { status: answer.status, note: still ? undefined : 'deleted!' };
    },
  },
  {
    // Invitations.
    name: 'POST /api/user/invite/{id} {another member}',
    expected: [401, 403, 403, 403, 403, '200 invited'],
    async run(c) {
      const target = await freshMember('invitee');
      const answer = await c.session.request('POST', `/api/user/invite/${target.id}`);
      const invited = (await operatorView(target.id))?.invitedAt != null;
      if (answer.status < 400) return { status: answer.status, note: invited ? 'invited' : 'not invited' };
      return { status: answer.status, note: invited ? 'invited anyway' : undefined };
    },
  },
  {
    name: "DELETE /api/user/{another member's id}",
    expected: [401, 404, 404, 404, 404, '204 gone'],
    async run(c) {
      const target = await freshMember('victim');
      const answer = await c.session.request('DELETE', `/api/user/${target.id}`);
      const still = (await operatorView(target.id)) !== null;
      if (answer.status < 400) return { status: answer.status, note: still ? 'still there' : 'gone' };
      return { status: answer.status, note: still ? undefined : 'deleted anyway' };
    },
  },

  // --- courses: hidden means missing ---------------------------------------------------------------------------
  {
    name: 'GET /api/course/{draft slug}',
    expected: [401, '404 as unknown', '404 as unknown', '404 as unknown', '404 as unknown', 200],
    run: async (c) =>
      likeMissing(
        await c.session.request('GET', `/api/course/${hidden.draftSlug}`),
        await c.session.request('GET', '/api/course/no-such-course-anywhere'),
      ),
  },
  {
    name: 'GET /api/course/{premium-only slug}',
    expected: [401, '404 as unknown', '404 as unknown', 200, 200, 200],
    run: async (c) =>
      likeMissing(
        await c.session.request('GET', `/api/course/${hidden.premiumSlug}`),
        await c.session.request('GET', '/api/course/no-such-course-anywhere'),
      ),
  },
  {
    name: 'GET /api/course/{premium-only slug}/lessons/{its lesson}',
    expected: [401, '404 as unknown', '404 as unknown', 200, 200, 200],
    run: async (c) =>
      likeMissing(
        await c.session.request('GET', `/api/course/${hidden.premiumSlug}/lessons/${hidden.premiumLessonId}`),
        await c.session.request('GET', `/api/course/no-such-course-anywhere/lessons/${hidden.premiumLessonId}`),
      ),
  },
  {
    name: 'PUT /api/lesson/mark-as-completed {lesson of a premium-only course}',
    expected: [401, '404 as unknown', '404 as unknown', 200, 200, 200],
    run: async (c) =>
      likeMissing(
        await c.session.request('PUT', '/api/lesson/mark-as-completed', { lessonId: hidden.premiumLessonId }),
        await c.session.request('PUT', '/api/lesson/mark-as-completed', { lessonId: 987654321 }),
      ),
  },

  {
    name: 'POST /api/lesson/{id}/quiz/attempt {quiz of a premium-only course}',
    expected: [401, '404 as unknown', '404 as unknown', '200 no answers', '200 no answers', '200 no answers'],
    async run(c) {
      const path = (id: number) => `/api/lesson/${id}/quiz/attempt`;
      const body = { answers: [{ questionId: 'q1', selected: [0] }] };
      const outcome = await likeMissing(
        await c.session.request('POST', path(hidden.quizLessonId), body),
        await c.session.request('POST', path(987654321), body),
      );
      if (outcome.status !== 200) return outcome;
      // The lesson as a reader gets it: the quiz's questions without their right options (the admin's own view,
      // as its author, is read by the courses service tests).
      const lesson = await c.session.request<{ lesson: { quiz: unknown } }>(
        'GET',
        `/api/course/${hidden.premiumSlug}/lessons/${hidden.quizLessonId}`,
      );
      const leaks = c.key !== 'admin' && JSON.stringify(lesson.body).includes('"correct"');
      return { status: 200, note: leaks ? 'leaks the answers' : 'no answers' };
    },
  },
  {
    name: 'PUT /api/lesson/mark-as-completed {quiz lesson, no passing attempt}',
    expected: [401, '404 as unknown', '404 as unknown', 409, 409, 409],
    run: async (c) =>
      likeMissing(
        await c.session.request('PUT', '/api/lesson/mark-as-completed', { lessonId: hidden.quizLessonId }),
        await c.session.request('PUT', '/api/lesson/mark-as-completed', { lessonId: 987654321 }),
      ),
  },

  {
    name: 'GET /api/course/{slug}/lessons/{id} {module that opens later}',
    expected: [401, '403 LESSON_LOCKED', '403 LESSON_LOCKED', '403 LESSON_LOCKED', 200, 200],
    async run(c) {
      const res = await c.session.request<{ code?: string; opensAt?: string }>(
        'GET',
        `/api/course/${dripped.slug}/lessons/${dripped.lessonId}`,
      );
      return res.status === 403 && res.body.opensAt ? { status: 403, note: res.body.code } : { status: res.status };
    },
  },
  {
    name: 'PUT /api/lesson/mark-as-completed {module that opens later}',
    expected: [401, 403, 403, 403, 200, 200],
    run: async (c) =>
      status(await c.session.request('PUT', '/api/lesson/mark-as-completed', { lessonId: dripped.lessonId })),
  },

  {
    name: 'PUT /api/lesson/video-position {lesson of a premium-only course}',
    expected: [401, '404 as unknown', '404 as unknown', 204, 204, 204],
    run: async (c) =>
      likeMissing(
        await c.session.request('PUT', '/api/lesson/video-position', { lessonId: hidden.premiumLessonId, seconds: 12 }),
        await c.session.request('PUT', '/api/lesson/video-position', { lessonId: 987654321, seconds: 12 }),
      ),
  },

  // --- lesson discussions: the lesson's visibility; own comments; coaches and admins moderate ---------------------
  {
    name: 'GET /api/lesson/{id}/comments {lesson of a premium-only course}',
    expected: [401, '404 as unknown', '404 as unknown', '200 no hidden', '200 hidden flagged', '200 hidden flagged'],
    async run(c) {
      const path = (id: number) => `/api/lesson/${id}/comments`;
      const outcome = await likeMissing(
        await c.session.request('GET', path(hidden.premiumLessonId)),
        await c.session.request('GET', path(987654321)),
      );
      if (outcome.status !== 200) return outcome;
      const { body } = await c.session.request<{ comments: { id: number; hidden: boolean }[] }>(
        'GET',
        path(hidden.premiumLessonId),
      );
      const hiddenOne = body.comments.find((comment) => comment.id === discussion.hiddenId);
      return { status: 200, note: !hiddenOne ? 'no hidden' : hiddenOne.hidden ? 'hidden flagged' : 'hidden unflagged' };
    },
  },
  {
    name: 'POST /api/lesson/{id}/comments {lesson of a premium-only course}',
    expected: [401, '404 as unknown', '404 as unknown', 201, 201, 201],
    run: async (c) =>
      likeMissing(
        await c.session.request('POST', `/api/lesson/${hidden.premiumLessonId}/comments`, {
          body: `Matrix question of ${c.key}`,
        }),
        await c.session.request('POST', '/api/lesson/987654321/comments', { body: 'Matrix question' }),
      ),
  },
  {
    name: "PATCH /api/lesson/{id}/comments/{commentId} {another person's comment}",
    expected: [401, '404 as unknown', '404 as unknown', 403, 403, 403],
    run: async (c) =>
      likeMissing(
        await c.session.request('PATCH', `/api/lesson/${hidden.premiumLessonId}/comments/${discussion.questionId}`, {
          body: 'Taken over',
        }),
        await c.session.request('PATCH', `/api/lesson/987654321/comments/${discussion.questionId}`, { body: 'x' }),
      ),
  },
  {
    name: "DELETE /api/lesson/{id}/comments/{commentId} {another person's comment}",
    expected: [401, '404 as unknown', '404 as unknown', 403, 403, 403],
    run: async (c) =>
      likeMissing(
        await c.session.request('DELETE', `/api/lesson/${hidden.premiumLessonId}/comments/${discussion.questionId}`),
        await c.session.request('DELETE', `/api/lesson/987654321/comments/${discussion.questionId}`),
      ),
  },
  {
    name: 'PATCH then DELETE /api/lesson/{id}/comments/{commentId} {her own comment}',
    expected: [401, '404 as unknown', '404 as unknown', '200 then 204', '200 then 204', '200 then 204'],
    async run(c) {
      const path = `/api/lesson/${hidden.premiumLessonId}/comments`;
      const posted = await c.session.request<{ comment: { id: number } }>('POST', path, { body: 'Mine to change' });
      if (posted.status !== 201) {
        return likeMissing(posted, await c.session.request('POST', '/api/lesson/987654321/comments', { body: 'x' }));
      }
      const own = `${path}/${posted.body.comment.id}`;
      const edited = await c.session.request('PATCH', own, { body: 'Mine, changed' });
      const deleted = await c.session.request('DELETE', own);
      return { status: edited.status, note: `then ${deleted.status}` };
    },
  },
  {
    name: 'POST /api/lesson/{id}/comments/{commentId}/answer {a reply in a premium-only lesson}',
    expected: [401, 403, 403, 403, 200, 200],
    async run(c) {
      const path = `/api/lesson/${hidden.premiumLessonId}/comments/${discussion.replyId}/answer`;
      const marked = await c.session.request('POST', path, { answer: true });
      if (marked.status === 200) await operator.post(path, { answer: false });
      return status(marked);
    },
  },
  {
    name: 'POST /api/lesson/{id}/comments/{commentId}/hide {a question in a premium-only lesson}',
    expected: [401, 403, 403, 403, 200, 200],
    async run(c) {
      const path = `/api/lesson/${hidden.premiumLessonId}/comments/${discussion.questionId}/hide`;
      const hid = await c.session.request('POST', path, { hidden: true });
      if (hid.status === 200) await operator.post(path, { hidden: false });
      return status(hid);
    },
  },

  // --- certificates ---------------------------------------------------------------------------
  {
    name: "GET /api/certificates/{id} {another member's certificate}",
    expected: [
      '200 certificate only',
      '200 certificate only',
      '200 certificate only',
      '200 certificate only',
      '200 certificate only',
      '200 certificate only',
    ],
    async run(c) {
      const answer = await c.session.request<{ certificate: Record<string, unknown> }>(
        'GET',
        `/api/certificates/${await seededCertificateId()}`,
      );
      if (answer.status !== 200) return status(answer);
      const keys = [Object.keys(answer.body).join(','), Object.keys(answer.body.certificate).sort().join(',')];
      const only = keys[0] === 'certificate' && keys[1] === CERTIFICATE_KEYS;
      return { status: 200, note: only ? 'certificate only' : `keys ${keys.join(' / ')}` };
    },
  },
  {
    name: "GET /api/certificates/{id}/pdf {another member's certificate}",
    expected: ['200 pdf', '200 pdf', '200 pdf', '200 pdf', '200 pdf', '200 pdf'],
    async run(c) {
      const answer = await c.session.request('GET', `/api/certificates/${await seededCertificateId()}/pdf`);
      if (answer.status !== 200) return status(answer);
      const type = answer.headers.get('content-type');
      return { status: 200, note: type === 'application/pdf' ? 'pdf' : `type ${type}` };
    },
  },
  {
    name: 'GET /api/certificates/{unknown id}',
    expected: [404, 404, 404, 404, 404, 404],
    run: async (c) => status(await c.session.request('GET', `/api/certificates/${randomUUID()}`)),
  },
  {
    name: 'GET /api/certificates/mine',
    expected: [401, '200 own only', '200 own only', '200 own only', '200 own only', '200 own only'],
    async run(c) {
      const answer = await c.session.request<{ certificates: { id: string }[] }>('GET', '/api/certificates/mine');
      if (answer.status !== 200) return status(answer);
      const theirs = await seededCertificateId();
      const leaked = answer.body.certificates.some((cert) => cert.id === theirs);
      return { status: 200, note: leaked ? "another member's certificate" : 'own only' };
    },
  },
  {
    name: 'GET /api/certificates/mine?courseId=abc',
    expected: [401, 400, 400, 400, 400, 400],
    run: async (c) => status(await c.session.request('GET', '/api/certificates/mine?courseId=abc')),
  },

  // --- broadcasts (admins) and unsubscribe (anyone holding a signed link) --------------------------------------
  {
    name: 'POST /api/broadcast (dryRun)',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) =>
      status(
        await c.session.request('POST', '/api/broadcast', {
          subject: 'Matrix',
          body: 'Matrix',
          audience: { roles: ['admin'] },
          dryRun: true,
        }),
      ),
  },
  {
    name: 'POST /api/broadcast/count',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) => status(await c.session.request('POST', '/api/broadcast/count', { audience: {} })),
  },
  {
    name: 'GET /api/broadcast',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) => status(await c.session.request('GET', '/api/broadcast')),
  },
  {
    name: 'GET /api/broadcast/{unknown}',
    expected: [401, 403, 403, 403, 403, 404],
    run: async (c) => status(await c.session.request('GET', `/api/broadcast/${randomUUID()}`)),
  },
  {
    name: 'POST /api/unsubscribe (forged token)',
    expected: [400, 400, 400, 400, 400, 400],
    run: async (c) => status(await c.session.request('POST', '/api/unsubscribe?token=1.forged', {})),
  },
  {
    name: 'GET /api/user/broadcast-settings',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/user/broadcast-settings')),
  },
  {
    name: 'PUT /api/user/broadcast-settings',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('PUT', '/api/user/broadcast-settings', { subscribed: true })),
  },

  // --- tags -------------------------------------------------------------------------------------------------
  {
    name: 'GET /api/tag/read-many',
    expected: [401, 403, 403, 403, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/tag/read-many')),
  },
  {
    name: 'POST /api/tag/upsert create',
    expected: [401, 403, 403, 403, 403, 201],
    run: async (c) =>
      status(await c.session.request('POST', '/api/tag/upsert', { name: `new ${randomUUID().slice(0, 8)}` })),
  },
  {
    name: 'POST /api/tag/upsert rename',
    expected: [401, 403, 403, 403, 403, 200],
    async run(c) {
      const tag = await freshTag();
      return status(await c.session.request('POST', '/api/tag/upsert', { id: tag.id, name: `${tag.name} renamed` }));
    },
  },
  {
    name: 'POST /api/tag/upsert {signupAllowed}',
    expected: [401, 403, 403, 403, 403, '200 allowed'],
    async run(c) {
      const tag = await freshTag();
      const answer = await c.session.request<{ tag: { signupAllowed: boolean } }>('POST', '/api/tag/upsert', {
        id: tag.id,
        name: tag.name,
        signupAllowed: true,
      });
      return answer.status === 200
        ? { status: 200, note: answer.body.tag.signupAllowed ? 'allowed' : 'not set' }
        : status(answer);
    },
  },
  {
    name: 'DELETE /api/tag/{id}',
    expected: [401, 403, 403, 403, 403, 204],
    async run(c) {
      const tag = await freshTag();
      return status(await c.session.request('DELETE', `/api/tag/${tag.id}`));
    },
  },

  // --- uploads ----------------------------------------------------------------------------------------------
  {
    name: 'POST /upload (PNG)',
    expected: [401, 201, 201, 201, 201, 201],
    run: async (c) =>
      status(await c.session.request('POST', '/upload', fileForm(pngImage(4, 4, [9, 9, 9]), 'a.png', 'image/png'))),
  },
  {
    name: 'GET /upload/files/{key}',
    expected: [200, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', uploadedFile)),
  },

  // --- resources: every signed-in person lists; For Sale resources open only to admins, buyers and tag holders
  // (nobody here bought or holds a tag); premium resources hidden from basic and course only; writes for admins. ----
  {
    name: 'GET /api/resource/read-many',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/resource/read-many?type=all')),
  },
  {
    name: 'GET /api/resource/{For Sale, not bought}',
    expected: [401, '200 locked', '200 locked', '200 locked', '200 locked', '200 open'],
    run: async (c) => resourceView(await c.session.request('GET', `/api/resource/${market.forSale}`)),
  },
  {
    name: 'GET /api/resource/{For Sale Premium, not bought}',
    expected: [401, '404 as unknown', '404 as unknown', '200 locked', '200 locked', '200 open'],
    run: async (c) => {
      const answer = await c.session.request('GET', `/api/resource/${market.forSalePremium}`);
      return answer.status === 404
        ? likeMissing(answer, await c.session.request('GET', '/api/resource/987654321'))
        : resourceView(answer);
    },
  },
  {
    name: 'GET /api/resource/{Included with Premium link}',
    expected: [401, '404 as unknown', '404 as unknown', '200 open', '200 open', '200 open'],
    run: async (c) => {
      const answer = await c.session.request('GET', `/api/resource/${market.included}`);
      return answer.status === 404
        ? likeMissing(answer, await c.session.request('GET', '/api/resource/987654321'))
        : resourceView(answer);
    },
  },
  {
    name: 'GET /api/resource/read-many?type=my-purchases {own}',
    expected: [401, '200 none', '200 none', '200 none', '200 none', '200 none'],
    async run(c) {
      const answer = await c.session.request<{ resources: unknown[] }>(
        'GET',
        '/api/resource/read-many?type=my-purchases',
      );
      return answer.status === 200
        ? { status: 200, note: answer.body.resources.length ? 'some' : 'none' }
        : status(answer);
    },
  },
  {
    name: 'GET /api/resource/category/read-many',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/resource/category/read-many')),
  },
  {
    name: 'POST /api/resource/upsert {new}',
    expected: [401, 403, 403, 403, 403, 201],
    run: async (c) => status(await c.session.request('POST', '/api/resource/upsert', MATRIX_RESOURCE)),
  },
  {
    name: 'POST /api/resource/upsert {existing}',
    expected: [401, 403, 403, 403, 403, 200],
    async run(c) {
      if (c.key !== 'admin') {
        return status(
          await c.session.request('POST', '/api/resource/upsert', { ...MATRIX_RESOURCE, id: market.forSale }),
        );
      }
      const { resource } = await operator.post<{ resource: { id: number } }>('/api/resource/upsert', MATRIX_RESOURCE);
      return status(
        await c.session.request('POST', '/api/resource/upsert', {
          ...MATRIX_RESOURCE,
          id: resource.id,
          title: 'Saved',
        }),
      );
    },
  },
  {
    name: 'DELETE /api/resource/{id}',
    expected: [401, '403 kept', '403 kept', '403 kept', '403 kept', 204],
    async run(c) {
      const { resource } = await operator.post<{ resource: { id: number } }>('/api/resource/upsert', MATRIX_RESOURCE);
      const answer = await c.session.request('DELETE', `/api/resource/${resource.id}`);
      if (answer.status !== 403) return status(answer);
      const kept = (await operator.request('GET', `/api/resource/${resource.id}`)).status === 200;
      return { status: 403, note: kept ? 'kept' : 'deleted anyway' };
    },
  },
  {
    name: 'POST /api/resource/category/upsert {new}',
    expected: [401, 403, 403, 403, 403, 201],
    run: async (c) =>
      status(
        await c.session.request('POST', '/api/resource/category/upsert', {
          name: `Matrix ${randomUUID().slice(0, 8)}`,
        }),
      ),
  },
  {
    name: 'POST /api/resource/category/upsert {rename}',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) =>
      status(
        await c.session.request('POST', '/api/resource/category/upsert', {
          id: market.category,
          name: `Matrix renamed ${randomUUID().slice(0, 8)}`,
        }),
      ),
  },
  {
    name: 'DELETE /api/resource/category/{id}',
    expected: [401, 403, 403, 403, 403, 204],
    async run(c) {
      const { resourceCategory } = await operator.post<{ resourceCategory: { id: number } }>(
        '/api/resource/category/upsert',
        { name: `Matrix doomed ${randomUUID().slice(0, 8)}` },
      );
      return status(await c.session.request('DELETE', `/api/resource/category/${resourceCategory.id}`));
    },
  },

  // --- site content: every signed-in person reads it; admins replace it. -------------------------------
  {
    name: 'GET /api/site-content',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/site-content')),
  },
  {
    name: 'GET /api/site-content/public',
    expected: [200, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/site-content/public')),
  },
  {
    name: 'PUT /api/site-content {current content}',
    expected: [401, 403, 403, 403, 403, 200],
    async run(c) {
      const current = (await operator.get<{ content: unknown }>('/api/site-content')).content;
      return status(await c.session.request('PUT', '/api/site-content', current));
    },
  },
  {
    name: 'POST /upload/video {no file}',
    expected: [401, 403, 403, 403, 403, 400],
    run: async (c) => status(await c.session.request('POST', '/upload/video', {})),
  },

  // --- dashboard banners: each member reads the banner of their level (coach: premium); admins all and edit. -----
  {
    name: 'GET /api/dashboard-banner/read-many',
    expected: [401, '200 basic', '200 courseOnly', '200 premium', '200 premium', '200 all'],
    run: async (c) => bannerView(await c.session.request('GET', '/api/dashboard-banner/read-many')),
  },
  {
    name: 'GET /api/dashboard-banner/premium',
    expected: [401, 404, 404, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/dashboard-banner/premium')),
  },
  {
    name: 'POST /api/dashboard-banner {premium, existing}',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) => status(await c.session.request('POST', '/api/dashboard-banner', MATRIX_BANNER)),
  },
  {
    name: 'DELETE /api/dashboard-banner/{type}',
    expected: [401, 403, 403, 403, 403, 204],
    async run(c) {
      const type = c.key === 'admin' ? 'course only' : 'premium';
      if (c.key === 'admin')
        await operator.post('/api/dashboard-banner', { ...MATRIX_BANNER, type, average_shipping_rate: null });
      return status(await c.session.request('DELETE', `/api/dashboard-banner/${encodeURIComponent(type)}`));
    },
  },

  // --- Tools: every signed-in person keeps their own products and qualifier results; another person's product
  // answers like a missing one; basic members cannot set the additional fees; chats follow the assistants' tags. ----
  {
    name: 'GET /api/product/read-many {own}',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/product/read-many')),
  },
  {
    name: 'POST /api/product/upsert {new, default fees}',
    expected: [401, 201, 201, 201, 201, 201],
    run: async (c) =>
      status(
        await c.session.request('POST', '/api/product/upsert', {
          product: MATRIX_PRODUCT,
          typeAdditionalFees: 'percentage',
        }),
      ),
  },
  {
    name: 'POST /api/product/upsert {new, additional fees 30 %}',
    expected: [401, 403, 201, 201, 201, 201],
    run: async (c) =>
      status(
        await c.session.request('POST', '/api/product/upsert', {
          product: { ...MATRIX_PRODUCT, additionalFees: 30 },
          typeAdditionalFees: 'percentage',
        }),
      ),
  },
  {
    name: "POST /api/product/upsert {another member's product}",
    expected: [401, '404 as unknown', '404 as unknown', '404 as unknown', '404 as unknown', '404 as unknown'],
    async run(c) {
      const id = await othersProductId();
      const body = (productId: number) => ({
        product: { ...MATRIX_PRODUCT, id: productId },
        typeAdditionalFees: 'percentage',
      });
      return likeMissing(
        await c.session.request('POST', '/api/product/upsert', body(id)),
        await c.session.request('POST', '/api/product/upsert', body(987654321)),
      );
    },
  },
  {
    name: "DELETE /api/product/{another member's product}",
    expected: [401, '404 as unknown', '404 as unknown', '404 as unknown', '404 as unknown', '404 as unknown'],
    async run(c) {
      const id = await othersProductId();
      return likeMissing(
        await c.session.request('DELETE', `/api/product/${id}`),
        await c.session.request('DELETE', '/api/product/987654321'),
      );
    },
  },
  {
    name: 'POST /api/product-qualifier/save',
    expected: [401, 201, 201, 201, 201, 201],
    run: async (c) =>
      status(await c.session.request('POST', '/api/product-qualifier/save', { score: 1, answers: { keyword: 1 } })),
  },
  {
    name: 'POST /api/product-qualifier/send {own address}',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) =>
      status(
        await c.session.request('POST', '/api/product-qualifier/send', {
          answers: { keyword: 1 },
          email: c.person?.email ?? uniqueEmail('anonymous'),
          keywords: 'matrix',
        }),
      ),
  },
  {
    name: "POST /api/product-qualifier/send {another person's address}",
    expected: [401, 400, 400, 400, 400, 400],
    run: async (c) =>
      status(
        await c.session.request('POST', '/api/product-qualifier/send', {
          answers: { keyword: 1 },
          email: uniqueEmail('victim'),
          keywords: 'Your account is locked',
        }),
      ),
  },
  {
    name: 'GET /api/product-qualifier/history (her own ratings)',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/product-qualifier/history?limit=5')),
  },
  {
    name: 'POST /api/ai/chat {product-creation: tag nova or admin}',
    expected: [401, 403, 403, 403, 403, 200],
    run: async (c) =>
      status(await c.session.request('POST', '/api/ai/chat', { assistant: 'product-creation', message: 'Matrix' })),
  },

  // --- Move the Needle: the board is for admins, coaches and premium members from before the cut-off (the
  // premium caller here is a new account: hidden). A coach reads and comments on another holder's board. ---------
  {
    name: 'GET /api/move-the-needle/list/read-many {own board}',
    expected: [401, 403, 403, 403, '200 own', '200 template'],
    async run(c) {
      const answer = await c.session.request<{ board: { isTemplate: boolean } }>(
        'GET',
        `/api/move-the-needle/list/read-many?userId=${ownId(c)}`,
      );
      if (answer.status !== 200) return status(answer);
      return { status: 200, note: answer.body.board.isTemplate ? 'template' : 'own' };
    },
  },
  {
    name: 'GET /api/move-the-needle/summary {own board}',
    expected: [401, 403, 403, 403, 200, 200],
    run: async (c) => status(await c.session.request('GET', `/api/move-the-needle/summary?userId=${ownId(c)}`)),
  },
  {
    name: "GET /api/move-the-needle/summary {another holder's board}",
    expected: [401, 403, 403, 403, 200, 200],
    run: async (c) =>
      status(await c.session.request('GET', `/api/move-the-needle/summary?userId=${boardHolder.person.id}`)),
  },
  {
    name: 'GET /api/course/progress {own}',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/course/progress')),
  },
  {
    // Course insights are for admins, who run the courses (coaches review boards).
    name: 'GET /api/course/insights/{id}',
    expected: [401, 403, 403, 403, 403, '200 insights'],
    async run(c) {
      const answer = await c.session.request<{ insights?: { course: { id: number } } }>(
        'GET',
        `/api/course/insights/${hidden.premiumCourseId}`,
      );
      const note = answer.body?.insights?.course.id === hidden.premiumCourseId ? 'insights' : undefined;
      return { status: answer.status, note: answer.status === 200 ? note : undefined };
    },
  },
  {
    name: 'GET /api/course/insights/{unknown id}',
    expected: [401, 403, 403, 403, 403, 404],
    run: async (c) => status(await c.session.request('GET', '/api/course/insights/987654321')),
  },
  {
    // The gateway's own route: the third column follows the board rule (the premium caller is a new account).
    name: 'GET /api/dashboard {own: third column}',
    expected: [401, '200 none', '200 calendar', '200 calendar', '200 board', '200 board'],
    async run(c) {
      const answer = await c.session.request<{ thirdColumn: { kind: string } | null }>('GET', '/api/dashboard');
      if (answer.status !== 200) return status(answer);
      return { status: 200, note: answer.body.thirdColumn?.kind ?? 'none' };
    },
  },
  {
    name: "GET /api/move-the-needle/list/read-many {another holder's board}",
    expected: [401, 403, 403, 403, 200, 200],
    run: async (c) =>
      status(await c.session.request('GET', `/api/move-the-needle/list/read-many?userId=${boardHolder.person.id}`)),
  },
  {
    name: "POST /api/move-the-needle/card/upsert {another holder's list}",
    expected: [401, 403, 403, 403, 403, 201],
    run: async (c) =>
      status(
        await c.session.request('POST', '/api/move-the-needle/card/upsert', {
          title: 'Matrix card',
          ListId: boardHolder.listId,
        }),
      ),
  },
  {
    // A due date is part of the card: who may change the card may set it, nobody else (coaches read it only).
    name: "POST /api/move-the-needle/card/upsert {another holder's card, dueAt}",
    expected: [401, 403, 403, 403, 403, '200 due set'],
    async run(c) {
      const answer = await c.session.request<{ card: { dueAt: string | null } }>(
        'POST',
        '/api/move-the-needle/card/upsert',
        { id: boardHolder.cardId, title: 'Matrix due', ListId: boardHolder.listId, dueAt: '2031-01-02T09:00:00Z' },
      );
      if (answer.status !== 200) return status(answer);
      return { status: 200, note: answer.body.card.dueAt === '2031-01-02T09:00:00.000Z' ? 'due set' : 'not set' };
    },
  },
  {
    name: "POST /api/move-the-needle/activity/upsert {another holder's card}",
    expected: [401, 403, 403, 403, 201, 201],
    run: async (c) =>
      status(
        await c.session.request('POST', '/api/move-the-needle/activity/upsert', {
          comment: 'Matrix comment',
          CardId: boardHolder.cardId,
        }),
      ),
  },
  {
    name: "DELETE /api/move-the-needle/card/{another holder's card}",
    expected: [401, 403, 403, 403, 403, '204 gone'],
    async run(c) {
      const { card } = await boardHolder.session.post<{ card: { id: number } }>('/api/move-the-needle/card/upsert', {
        title: 'Doomed',
        ListId: boardHolder.listId,
      });
      const answer = await c.session.request('DELETE', `/api/move-the-needle/card/${card.id}`);
      if (answer.status !== 204) return status(answer);
      const after = await boardHolder.session.request('POST', '/api/move-the-needle/card/upsert', {
        id: card.id,
        title: 'x',
        ListId: boardHolder.listId,
      });
      return { status: 204, note: after.status === 404 ? 'gone' : 'still there' };
    },
  },

  // --- The coaches' review queue, comments edited by their author only and deleted by
  // their author or an admin, and notifications (one's own only). ------------------------------------------------
  {
    name: 'GET /api/move-the-needle/review-queue',
    expected: [401, 403, 403, 403, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/move-the-needle/review-queue?cardsPerPage=5')),
  },
  {
    name: "POST /api/move-the-needle/card/review {a reviewed member's card in FOR REVIEW}",
    expected: [401, 403, 403, 403, '200 reviewed', '200 reviewed'],
    async run(c) {
      const cardId = await cardWaitingForReview();
      const answer = await c.session.request<{ card: { reviewedBy: { id: number } | null } }>(
        'POST',
        '/api/move-the-needle/card/review',
        { cardId },
      );
      if (answer.status !== 200) return status(answer);
      return { status: 200, note: answer.body.card.reviewedBy?.id === c.person?.id ? 'reviewed' : 'not reviewed' };
    },
  },
  {
    name: "POST /api/move-the-needle/card/review {a coach's own card}",
    expected: [401, 403, 403, 403, 403, 403],
    run: async (c) =>
      status(await c.session.request('POST', '/api/move-the-needle/card/review', { cardId: boardHolder.cardId })),
  },
  {
    name: "GET /api/move-the-needle/card/{another holder's card}/activity",
    expected: [401, 403, 403, 403, 200, 200],
    run: async (c) =>
      status(await c.session.request('GET', `/api/move-the-needle/card/${boardHolder.cardId}/activity`)),
  },
  {
    name: "POST /api/move-the-needle/activity/upsert {edit another holder's comment}",
    expected: [401, 403, 403, 403, 403, 403],
    async run(c) {
      const id = await holderComment('Edit me');
      return status(
        await c.session.request('POST', '/api/move-the-needle/activity/upsert', {
          id,
          comment: 'Edited by someone else',
          CardId: boardHolder.cardId,
        }),
      );
    },
  },
  {
    name: "DELETE /api/move-the-needle/activity/{another holder's comment}",
    expected: [401, 403, 403, 403, 403, '204 gone'],
    async run(c) {
      const id = await holderComment('Delete me');
      const answer = await c.session.request('DELETE', `/api/move-the-needle/activity/${id}`);
      if (answer.status !== 204) return status(answer);
      const again = await boardHolder.session.request('DELETE', `/api/move-the-needle/activity/${id}`);
      return { status: 204, note: again.status === 404 ? 'gone' : 'still there' };
    },
  },
  {
    name: "DELETE /api/move-the-needle/activity/{own comment on another holder's card}",
    expected: [401, 403, 403, 403, 204, 204],
    async run(c) {
      const posted = await c.session.request<{ activity: { id: number } }>(
        'POST',
        '/api/move-the-needle/activity/upsert',
        { comment: 'Mine to delete', CardId: boardHolder.cardId },
      );
      if (posted.status !== 201) return status(posted);
      return status(await c.session.request('DELETE', `/api/move-the-needle/activity/${posted.body.activity.id}`));
    },
  },
  {
    name: 'GET /api/notifications {own}',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/notifications?notificationsPerPage=5')),
  },
  {
    name: "POST /api/notifications/read {another person's notification}",
    expected: [
      401,
      '200 theirs unread',
      '200 theirs unread',
      '200 theirs unread',
      '200 theirs unread',
      '200 theirs unread',
    ],
    async run(c) {
      const id = await holderNotification();
      const answer = await c.session.request('POST', '/api/notifications/read', { ids: [id] });
      if (answer.status !== 200) return status(answer);
      const theirs = await boardHolder.session.get<{ notifications: { id: number; readAt: string | null }[] }>(
        '/api/notifications?notificationsPerPage=50',
      );
      const held = theirs.notifications.find((n) => n.id === id);
      return { status: 200, note: held && held.readAt === null ? 'theirs unread' : 'theirs read' };
    },
  },
  {
    name: 'POST /api/notifications/read {all of one own}',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('POST', '/api/notifications/read', { all: true })),
  },
  {
    name: 'GET /api/notifications/settings {own}',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/notifications/settings')),
  },
  {
    name: 'PUT /api/notifications/settings {own}',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('PUT', '/api/notifications/settings', { emailMentions: true })),
  },
  {
    name: 'GET /api/notifications/events {own}',
    expected: [401, 200, 200, 200, 200, 200],
    async run(c) {
      const controller = new AbortController();
      const cookie = [SESSION_COOKIE, CSRF_COOKIE]
        .map((name) => [name, c.session.cookie(name)] as const)
        .filter(([, value]) => value)
        .map(([name, value]) => `${name}=${value}`)
        .join('; ');
      try {
        const response = await fetch(`${stackInfo().gatewayUrl}/api/notifications/events`, {
          headers: { cookie, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        const stream = response.headers.get('content-type')?.includes('text/event-stream');
        return { status: response.status, note: response.status === 200 && !stream ? 'not a stream' : undefined };
      } finally {
        controller.abort();
      }
    },
  },

  // --- billing: the customer portal is the person's own (admins: any), the sync is admins', a person buys only
  // for themselves; the webhook needs its signature, not a session. -----------------------------------------------
  {
    name: 'POST /api/stripe/create-customer-portal/{own customer}',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) =>
      status(await c.session.request('POST', `/api/stripe/create-customer-portal/${await stripeCustomerOf(c.person)}`)),
  },
  {
    name: "POST /api/stripe/create-customer-portal/{another member's customer}",
    expected: [401, '404 as unknown', '404 as unknown', '404 as unknown', '404 as unknown', 200],
    run: async (c) =>
      likeMissing(
        await c.session.request('POST', `/api/stripe/create-customer-portal/${await stripeCustomerOf(other)}`),
        await c.session.request('POST', '/api/stripe/create-customer-portal/cus_unknown987654321'),
      ),
  },
  {
    name: 'POST /api/stripe/sync',
    expected: [401, 403, 403, 403, 403, 202],
    run: async (c) => status(await c.session.request('POST', '/api/stripe/sync')),
  },
  {
    name: 'POST /api/stripe/create-payment-intent {for another member}',
    expected: [401, 403, 403, 403, 403, 403],
    run: async (c) =>
      status(
        await c.session.request('POST', '/api/stripe/create-payment-intent', {
          userId: other.id,
          resourceId: 987654321,
          paymentMethodId: 'pm_card_visa',
        }),
      ),
  },
  {
    name: 'POST /api/stripe/create-payment-intent {own, unknown resource}',
    expected: [401, 404, 404, 404, 404, 404],
    run: async (c) =>
      status(
        await c.session.request('POST', '/api/stripe/create-payment-intent', {
          userId: ownId(c),
          resourceId: 987654321,
          paymentMethodId: 'pm_card_visa',
        }),
      ),
  },
  {
    name: 'GET /api/purchases (own)',
    expected: [401, 200, 200, 200, 200, 200],
    run: async (c) => status(await c.session.request('GET', '/api/purchases')),
  },
  {
    name: "GET /api/purchases/{another member's}/receipt",
    expected: [401, '404 as unknown', '404 as unknown', '404 as unknown', '404 as unknown', 200],
    run: async (c) =>
      likeMissing(
        await c.session.request('GET', `/api/purchases/${await purchaseOfOther()}/receipt`),
        await c.session.request('GET', '/api/purchases/pi_unknown987654321/receipt'),
      ),
  },
  {
    name: 'POST /api/stripe/webhook (unsigned)',
    expected: [400, 400, 400, 400, 400, 400],
    run: async (c) => status(await c.session.request('POST', '/api/stripe/webhook', { id: 'evt_1', type: 'x' })),
  },

  // --- auth: calls that renew, replace or end the caller's session (last) ------------------------------------
  {
    name: 'POST /api/auth/signin (own credentials)',
    expected: ['200 self', '200 self', '200 self', '200 self', '200 self', '200 self'],
    async run(c) {
      const person = c.person ?? (await freshMember('anon-signin', { password: newPassword() }));
      const answer = await c.session.request('POST', '/api/auth/signin', {
        email: person.email,
        password: person.password,
      });
      const me = await whoAmI(c.session);
      if (!c.person) c.session = newSession();
      return { status: answer.status, note: me === person.id ? 'self' : `me is ${me}` };
    },
  },
  {
    name: 'POST /api/auth/reset-password/{own link}',
    // The enrolled admin's reset ends in the second step, then she is herself.
    expected: ['200 self', '200 self', '200 self', '200 self', '200 self', '200 self after the code'],
    async run(c) {
      const person = c.person ?? (await freshMember('anon-reset'));
      const { token } = await requestResetLink(person.email);
      const password = newPassword();
      const answer = await c.session.request('POST', `/api/auth/reset-password/${token}`, {
        password,
        confirmPassword: password,
      });
      if (answer.status === 200) person.password = password;
      const code = await afterTheCode(c.session, person.email, answer);
      const me = await whoAmI(c.session);
      if (!c.person) c.session = newSession();
      return { status: answer.status, note: me === person.id ? `self${code}` : `me is ${me}` };
    },
  },
  {
    // The caller's own invitation link (the operator sends it).
    name: 'POST /api/auth/invitation/{own link}',
    expected: ['200 self', '200 self', '200 self', '200 self', '200 self', '200 self after the code'],
    async run(c) {
      const person = c.person ?? (await freshMember('anon-invite'));
      const { token } = await requestInvitationLink(operator, person);
      const password = newPassword();
      const answer = await c.session.request('POST', `/api/auth/invitation/${token}`, {
        password,
        confirmPassword: password,
      });
      if (answer.status === 200) person.password = password;
      const code = await afterTheCode(c.session, person.email, answer);
      const me = await whoAmI(c.session);
      if (!c.person) c.session = newSession();
      return { status: answer.status, note: me === person.id ? `self${code}` : `me is ${me}` };
    },
  },
  {
    name: 'POST /api/auth/signup',
    expected: ['201 new', '201 new', '201 new', '201 new', '201 new', '201 new'],
    async run(c) {
      const answer = await c.session.request<{ currentUser: CurrentUser }>('POST', '/api/auth/signup', {
        fullName: 'Matrix Signup',
        email: uniqueEmail('signup'),
        password: newPassword(),
      });
      const me = await whoAmI(c.session);
      const note = answer.status === 201 && me === answer.body.currentUser.id ? 'new' : `me is ${me}`;
      // Signing up signed the caller in as the new member: give them their own session back.
      c.session = c.person ? await signIn(c.person) : newSession();
      return { status: answer.status, note };
    },
  },
  {
    name: 'POST /api/auth/signout',
    expected: ['204 null', '204 null', '204 null', '204 null', '204 null', '204 null'],
    async run(c) {
      const answer = await c.session.request('POST', '/api/auth/signout');
      const me = await whoAmI(c.session);
      return { status: answer.status, note: me === null ? 'null' : `me is ${me}` };
    },
  },
];

function render(results: Map<Row, string[]>): string {
  const header = ['endpoint', ...CALLERS.map((k) => HEADINGS[k])];
  const lines = ROWS.map((row) => {
    const actual = results.get(row) ?? [];
    return [
      row.name,
      ...row.expected.map((expected, i) => {
        const got = actual[i] ?? 'not run';
        return String(expected) === got ? got : `✗ want ${expected}, got ${got}`;
      }),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(format)].join('\n');
}

beforeAll(async () => {
  operator = await signIn('admin');
  callers.anonymous = { key: 'anonymous', session: newSession(), person: null };
  for (const key of CALLERS) {
    if (key === 'anonymous') continue;
    const person = await createPerson(operator, `matrix-${key}`, { role: ROLE_OF[key] });
    callers[key] = { key, session: await signIn(person), person };
  }
  other = await freshMember('other');
  premiumMember = await freshMember('premium-target', { role: 'premium' });
  boardHolder.person = await createPerson(operator, 'board-holder', { role: 'coach' });
  boardHolder.session = await signIn(boardHolder.person);
  const holderBoard = await boardHolder.session.get<{ lists: { id: number; name: string }[] }>(
    `/api/move-the-needle/list/read-many?userId=${boardHolder.person.id}`,
  );
  boardHolder.listId = holderBoard.lists.find((l) => l.name === 'NOT STARTED')?.id ?? 0;
  boardHolder.cardId = (
    await boardHolder.session.post<{ card: { id: number } }>('/api/move-the-needle/card/upsert', {
      title: 'Holder card',
      ListId: boardHolder.listId,
    })
  ).card.id;
  // The board service learns of people from users' events: wait until it knows the holder.
  await waitFor(
    async () =>
      (await operator.request('GET', `/api/move-the-needle/list/read-many?userId=${boardHolder.person.id}`)).status ===
      200,
    { what: 'the board service to know the board holder' },
  );
  const suffix = randomUUID().slice(0, 8);
  hidden.draftSlug = `matrix-draft-${suffix}`;
  hidden.premiumSlug = `matrix-premium-${suffix}`;
  await operator.post('/api/course/upsert', { title: 'Matrix draft', slug: hidden.draftSlug, status: 'DRAFT' });
  const { course } = await operator.post<{ course: { id: number } }>('/api/course/upsert', {
    title: 'Matrix premium only',
    slug: hidden.premiumSlug,
    status: 'PUBLISHED',
    visibleToBasic: false,
    visibleToPremium: true,
  });
  const { module } = await operator.post<{ module: { id: number } }>('/api/module/upsert', {
    title: 'Matrix module',
    CourseId: course.id,
  });
  const { lesson } = await operator.post<{ lesson: { id: number } }>('/api/lesson/upsert', {
    title: 'Matrix lesson',
    ModuleId: module.id,
    content: 'Hidden from basic members.',
  });
  hidden.premiumLessonId = lesson.id;
  hidden.premiumCourseId = course.id;
  const quizLesson = await operator.post<{ lesson: { id: number } }>('/api/lesson/upsert', {
    title: 'Matrix quiz',
    ModuleId: module.id,
    content: 'A check of understanding.',
    quiz: { passMark: 100, questions: [{ id: 'q1', prompt: 'Two plus two?', options: ['3', '4'], correct: [1] }] },
  });
  hidden.quizLessonId = quizLesson.lesson.id;
  const dripCourse = await operator.post<{ course: { id: number } }>('/api/course/upsert', {
    title: 'Matrix drip',
    slug: dripped.slug,
    status: 'PUBLISHED',
  });
  const dripModule = await operator.post<{ module: { id: number } }>('/api/module/upsert', {
    title: 'Matrix later module',
    CourseId: dripCourse.course.id,
    releaseAt: '2099-01-01',
  });
  dripped.lessonId = (
    await operator.post<{ lesson: { id: number } }>('/api/lesson/upsert', {
      title: 'Matrix later lesson',
      ModuleId: dripModule.module.id,
      content: 'Not open yet.',
    })
  ).lesson.id;
  const comments = `/api/lesson/${hidden.premiumLessonId}/comments`;
  const ask = async (body: Record<string, unknown>) =>
    (await operator.post<{ comment: { id: number } }>(comments, body)).comment.id;
  discussion.questionId = await ask({ body: 'Matrix question' });
  discussion.replyId = await ask({ body: 'Matrix reply', parentId: discussion.questionId });
  discussion.hiddenId = await ask({ body: 'Matrix hidden comment' });
  await operator.post(`${comments}/${discussion.hiddenId}/hide`, { hidden: true });
  const made = async (fields: Record<string, unknown>) =>
    (await operator.post<{ resource: { id: number } }>('/api/resource/upsert', { ...MATRIX_RESOURCE, ...fields }))
      .resource.id;
  market.forSale = await made({ visibility: 'For Sale', price: '9.99', title: 'Matrix paid upgrade' });
  market.forSalePremium = await made({
    visibility: 'For Sale Premium',
    price: '19.99',
    title: 'Matrix premium upgrade',
  });
  market.included = await made({ visibility: 'Included with Premium', title: 'Matrix included' });
  market.category = (
    await operator.post<{ resourceCategory: { id: number } }>('/api/resource/category/upsert', {
      name: `Matrix category ${randomUUID().slice(0, 8)}`,
    })
  ).resourceCategory.id;
  for (const type of ['basic', 'premium', 'course only']) {
    await operator.post('/api/dashboard-banner', {
      ...MATRIX_BANNER,
      type,
      average_shipping_rate: type === 'premium' ? 0.5 : null,
    });
  }
  uploadedFile = (
    await operator.post<{ latestUploadedFileUrl: string }>(
      '/upload',
      fileForm(pngImage(2, 2, [1, 2, 3]), 'f.png', 'image/png'),
    )
  ).latestUploadedFileUrl;
}, 60_000);

afterAll(async () => {
  await closeSystemResources();
});

describe('authorization matrix', () => {
  it('every endpoint of the issue x every caller answers as the table says', async () => {
    const results = new Map<Row, string[]>();
    let differing = 0;
    for (const row of ROWS) {
      const actual: string[] = [];
      for (const [i, key] of CALLERS.entries()) {
        let cell: string;
        try {
          const outcome = await row.run(callers[key]);
          cell = outcome.note ? `${outcome.status} ${outcome.note}` : String(outcome.status);
        } catch (error) {
          cell = `error: ${(error as Error).message.slice(0, 120)}`;
        }
        if (cell !== String(row.expected[i])) differing += 1;
        actual.push(cell);
      }
      results.set(row, actual);
    }
    if (differing > 0) {
      throw new Error(`${differing} cell(s) of the authorization matrix differ:\n\n${render(results)}\n`);
    }
  }, 120_000);
});

describe('a role taken away applies to the sessions the person already holds', () => {
  /**
   * Demotes the person to basic and waits until the gateway applies it: a session of theirs that never switched
   * roles is refused the admin-only tag list (the gateway's in-process profile copy is per person).
   */
  async function demote(person: Person): Promise<void> {
    const probe = await signIn(person);
    expect(await operator.post('/api/user/upgrade-role', { users: [person.id], newRole: 'basic' })).toEqual({
      updated: 1,
    });
    await waitFor(async () => (await probe.request('GET', '/api/tag/read-many')).status === 403, {
      what: 'the gateway to apply the demotion',
    });
  }

  async function powers(session: GatewaySession) {
    return {
      tags: (await session.request('GET', '/api/tag/read-many')).status,
      create: (
        await session.request('POST', '/api/user/upsert', { fullName: 'X', email: uniqueEmail('x'), role: 'basic' })
      ).status,
    };
  }

  it('a demoted admin loses admin powers at once', async () => {
    const person = await createPerson(operator, 'demoted-admin', { role: 'admin' });
    const session = await signIn(person);
    expect((await session.request('GET', '/api/tag/read-many')).status).toBe(200);
    await demote(person);
    expect(await powers(session)).toEqual({ tags: 403, create: 403 });
  });

  // BUG (open, reported): auth stores the role an admin previews as on the session (switching "back" stores
  // acting role 'admin'), and the gateway builds actor.role = session.actingRole ?? profile.role without checking
  // that the account is still an admin. An admin who ever used switch-role and is then demoted keeps admin powers
  // in that session: creates users, even promotes themselves back. Expected to fail until fixed; then drop `.failing`.
  it('a demoted admin who had previewed a role loses admin powers too', async () => {
    const person = await createPerson(operator, 'demoted-previewer', { role: 'admin' });
    const session = await signIn(person);
    expect((await session.request('POST', '/api/auth/switch-role', { role: 'basic' })).status).toBe(200);
    expect((await session.request('POST', '/api/auth/switch-role', { role: 'admin' })).status).toBe(200);
    await demote(person);
    const after = await powers(session);
    const me = await session.get<{ currentUser: CurrentUser }>('/api/auth/me');
    expect({ ...after, role: me.currentUser.role }).toEqual({ tags: 403, create: 403, role: 'basic' });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Staff powers only with a second factor (docs/decisions.md): a member promoted to admin while signed in keeps a
// session that never passed the second factor. Once the promotion has reached that session (the gateway's access
// profile), it lives on but holds no staff role anywhere: no admin operation of the API answers it with a 2xx.
// ---------------------------------------------------------------------------------------------------------------

interface ApiOperation {
  method: HttpMethod;
  path: string;
  roles: string[];
}

/** The operations of the gateway's OpenAPI document, with their `x-roles`. */
async function apiOperations(): Promise<ApiOperation[]> {
  const document = await newSession().get<{ paths: Record<string, Record<string, { 'x-roles'?: string[] }>> }>(
    '/api/docs/openapi.json',
  );
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as HttpMethod,
      path,
      roles: operation['x-roles'] ?? [],
    })),
  );
}

describe('a password-only session of an admin account (promoted while signed in)', () => {
  let promoted: Awaited<ReturnType<typeof signUp>>;
  /** A member the promoted admin reaches for: never signed in, so invitations apply to her. */
  let victim: Person & { user: User };

  beforeAll(async () => {
    promoted = await signUp('promoted-password-only');
    victim = await freshMember('password-only-victim');
    await operator.post('/api/user/upsert', { id: promoted.id, role: 'admin' });
    // The promotion reaches her session: the gateway's access profile, and auth's copy (what /me shows).
    await waitFor(
      async () => {
        const raw = await redis().get(profileCacheKey(stackInfo().redisPrefix, promoted.id));
        return raw !== null && (JSON.parse(raw) as { role: string }).role === 'admin';
      },
      { what: "the promotion to reach the gateway's access profile" },
    );
    await waitFor(
      async () =>
        (await promoted.session.get<{ currentUser: CurrentUser | null }>('/api/auth/me')).currentUser?.withheldRole ===
        'admin',
      { what: "the promotion to reach auth's copy" },
    );
  }, 60_000);

  /** Her session is still live (a refusal below is the rule, not a signed-out 401), and shown as it is treated. */
  async function stillSignedInWithheld(): Promise<void> {
    const { currentUser } = await promoted.session.get<{ currentUser: CurrentUser | null }>('/api/auth/me');
    expect(currentUser).toMatchObject({
      id: promoted.id,
      role: 'basic',
      withheldRole: 'admin',
      isAdmin: false,
      can: { administer: false },
    });
  }

  it('creates and deletes nobody, writes no tag, sends no invitation, changes no role', async () => {
    await stillSignedInWithheld();
    const session = promoted.session;
    const newcomer = uniqueEmail('password-only-made-admin');
    const outcomes = {
      createAdmin: (
        await session.request('POST', '/api/user/upsert', { fullName: 'Made Admin', email: newcomer, role: 'admin' })
      ).status,
      createMember: (
        await session.request('POST', '/api/user/upsert', {
          fullName: 'Made Member',
          email: uniqueEmail('x'),
          role: 'basic',
        })
      ).status,
      delete: (await session.request('DELETE', `/api/user/${victim.id}`)).status,
      roleChange: (await session.request('POST', '/api/user/upsert', { id: victim.id, role: 'coach' })).status,
      upgradeRole: (await session.request('POST', '/api/user/upgrade-role', { users: [victim.id], newRole: 'admin' }))
        .status,
      tagCreate: (await session.request('POST', '/api/tag/upsert', { name: `pw-only ${randomUUID().slice(0, 8)}` }))
        .status,
      invite: (await session.request('POST', `/api/user/invite/${victim.id}`)).status,
      importRoles: (
        await session.request(
          'POST',
          '/api/user/import',
          fileForm(Buffer.from(`email,role\r\n${victim.email},admin\r\n`), 'roles.csv', 'text/csv', 'file'),
        )
      ).status,
      bulkUpdate: (await session.request('PUT', '/api/user/bulk-update', { userEmails: [victim.email], role: 'admin' }))
        .status,
      bulkSetRole: (
        await session.request('POST', '/api/user/bulk-action', {
          action: 'set-role',
          role: 'admin',
          target: { ids: [victim.id] },
        })
      ).status,
      bulkDelete: (
        await session.request('POST', '/api/user/bulk-action', { action: 'delete', target: { ids: [victim.id] } })
      ).status,
      signInAs: (await session.request('POST', '/api/auth/signinas', { email: victim.email })).status,
      switchRole: (await session.request('POST', '/api/auth/switch-role', { role: 'coach' })).status,
    };
    // She acts as a basic member: refused (403), or, for a person a basic member may not see, answered like a
    // missing one (404).
    const hiddenFromBasic = new Set(['delete', 'roleChange']);
    expect(outcomes).toEqual(
      Object.fromEntries(Object.keys(outcomes).map((name) => [name, hiddenFromBasic.has(name) ? 404 : 403])),
    );
    // Nothing happened: nobody was made, the victim is still here, still basic, and had no invitation.
    expect(await query('users', 'SELECT id FROM users WHERE lower(email) = lower($1)', [newcomer])).toEqual([]);
    await eventBusDrained();
    expect(await operatorView(victim.id)).toMatchObject({ id: victim.id, role: 'basic' });
    expect(await listMail(victim.email)).toEqual([]);
    await stillSignedInWithheld();
  });

  it('gets no 2xx from any operation of the API document open to admins and not to basic members', async () => {
    const operations = (await apiOperations()).filter(
      (operation) => operation.roles.includes('admin') && !operation.roles.includes('basic'),
    );
    expect(operations.length).toBeGreaterThan(40);
    const answered: string[] = [];
    for (const operation of operations) {
      // A real person's id where one is asked for, so a wrongly granted call would find something to act on.
      const path = operation.path.replace(/\{[A-Za-z]*[iI]d\}/g, String(victim.id)).replace(/\{[^}]+\}/g, '1');
      const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      const response = await promoted.session.request(operation.method, path, hasBody ? {} : undefined);
      if ((response.status >= 200 && response.status < 300) || response.status === 401) {
        answered.push(`${operation.method} ${operation.path} -> ${response.status}`);
      }
    }
    expect(answered).toEqual([]);
    await stillSignedInWithheld();
  }, 120_000);

  it('holds the role once she signs in again with her second factor', async () => {
    const session = await signIn({ email: promoted.email, password: promoted.password });
    const { currentUser } = await session.get<{ currentUser: CurrentUser }>('/api/auth/me');
    expect(currentUser).toMatchObject({ id: promoted.id, role: 'admin', can: { administer: true } });
    expect(currentUser.withheldRole).toBeUndefined();
    expect((await session.request('GET', '/api/tag/read-many')).status).toBe(200);
  });
});
