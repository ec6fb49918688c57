/**
 * A member's own data through the running stack: GET /api/account/export holds what every service keeps about her
 * (written in each first) and nothing about anyone else; DELETE /api/account closes her account (a wrong password
 * refused with a field error, then every session ended, sign-in refused, her rows gone from every service but
 * billing's payment records, a confirmation e-mail and an audit entry); the last admin is refused.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  type AccountExport,
  CLOSE_ACCOUNT_LAST_ADMIN,
  CLOSE_ACCOUNT_WRONG_PASSWORD,
  SESSION_COOKIE,
} from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { nextSecondFactorCode } from '../../scripts/lib/second-factor';
import { freshAdmin, type GatewaySession, newSession, readMail, seededUsers, signIn } from '../support/stack-client';
import {
  closeSystemResources,
  createPerson,
  fileForm,
  type Person,
  pngImage,
  query,
  rawRequest,
} from '../support/system';

jest.setTimeout(180_000);

const MTN = '/api/move-the-needle';

let admin: GatewaySession;
let member: Person;
let memberSession: GatewaySession;
let other: Person;
let otherSession: GatewaySession;
let coach: GatewaySession;
let lesson: { id: number; courseId: number; title: string };
const mark = `acc-${Date.now()}`;

/** A premium member with a Move the Needle board (an account from before the cut-off), signed in. */
async function boardMember(label: string): Promise<{ person: Person; session: GatewaySession; listId: number }> {
  const person = await createPerson(admin, label, { role: 'premium' });
  await query('users', 'UPDATE users SET created_at = $2 WHERE id = $1', [person.id, '2024-06-01T12:00:00Z']);
  // An edit publishes users.user-changed, which carries the account's age to the gateway and the board.
  await admin.post('/api/user/upsert', { id: person.id, city: `${label} city` });
  const session = await signIn(person);
  let listId = 0;
  await waitFor(
    async () => {
      const answer = await session.request<{ lists: { id: number }[] }>(
        'GET',
        `${MTN}/list/read-many?userId=${person.id}`,
      );
      listId = answer.status === 200 ? (answer.body.lists[0]?.id ?? 0) : 0;
      return listId > 0;
    },
    { what: `${label}'s board to open`, timeoutMs: 20_000 },
  );
  return { person, session, listId };
}

/** Writes something of `person` into every service (through the API where one exists, else as the service would). */
async function fillEveryService(person: Person, session: GatewaySession, listId: number, tag: string) {
  await session.put('/api/user/community-settings', { bio: `${tag} bio`, showCourses: true, listed: true });
  await session.put('/api/notifications/settings', { emailMentions: false });
  // As courses records a completion (the lesson may sit behind tags she lacks; the export reads what is stored).
  // Back-dated like the other rows tests write with SQL (no event): analytics.test.ts leaves that instant out.
  await query(
    'courses',
    "INSERT INTO lesson_completions (user_id, lesson_id, completed_at) VALUES ($1, $2, '2024-06-01T12:00:00Z')",
    [person.id, lesson.id],
  );
  await query(
    'courses',
    `INSERT INTO certificates (user_id, course_id, full_name, course_title, completed_at)
     VALUES ($1, $2, $3, $4, now()) ON CONFLICT DO NOTHING`,
    [person.id, lesson.courseId, person.fullName, `${tag} course`],
  );
  const { card } = await session.post<{ card: { id: number } }>(`${MTN}/card/upsert`, {
    title: `${tag} card`,
    ListId: listId,
  });
  const { checklist } = await session.post<{ checklist: { id: number } }>(`${MTN}/checkList/upsert`, {
    title: `${tag} checklist`,
    CardId: card.id,
  });
  await session.post(`${MTN}/checkListItem/upsert`, {
    title: `${tag} item`,
    completed: true,
    CheckListId: checklist.id,
  });
  const { latestUploadedFileUrl } = await session.post<{ latestUploadedFileUrl: string }>(
    '/upload',
    fileForm(pngImage(2, 2, [3, 2, 1]), `${tag}.png`, 'image/png'),
  );
  attachments.set(person.id, latestUploadedFileUrl);
  await session.post(`${MTN}/attachment/upsert`, {
    fileUrl: latestUploadedFileUrl,
    fileName: `${tag}.png`,
    CardId: card.id,
  });
  await session.post(`${MTN}/activity/upsert`, { comment: `${tag} own comment`, CardId: card.id, mentionedUsers: [] });
  await session.post('/api/product/upsert', {
    product: {
      title: `${tag} product`,
      units: 10,
      costPerUnit: 2,
      shippingCost: 1,
      amazonFees: 3,
      amazonRetailPrice: 12,
    },
    typeAdditionalFees: 'percentage',
  });
  await query(
    'tools',
    `INSERT INTO qualifier_results (user_id, answers, score, result, keywords) VALUES ($1, '{"q1": "yes"}', 7, $2, $3)`,
    [person.id, `${tag} result`, `${tag} keywords`],
  );
  const [conversation] = await query<{ id: number }>(
    'tools',
    `INSERT INTO ai_conversations (user_id, assistant, title) VALUES ($1, 'listing', $2) RETURNING id`,
    [person.id, `${tag} chat`],
  );
  await query(
    'tools',
    `INSERT INTO ai_messages (conversation_id, user_id, role, content) VALUES ($1, $2, 'user', $3), ($1, $2, 'assistant', $4)`,
    [conversation?.id, person.id, `${tag} question`, `${tag} answer`],
  );
  await query(
    'resources',
    `INSERT INTO resource_purchases (payment_intent_id, user_id, resource_id, resource_title, amount_cents, currency,
                                     purchased_at)
     VALUES ($1, $2, 1, $3, 4900, 'usd', now())`,
    [`pi_${tag}_${person.id}`, person.id, `${tag} guide`],
  );
  await query(
    'billing',
    `INSERT INTO purchases (payment_intent_id, user_id, resource_id, resource_title, amount_cents, currency, status,
                            completed_at)
     VALUES ($1, $2, 1, $3, 4900, 'usd', 'succeeded', now())`,
    [`pi_${tag}_${person.id}`, person.id, `${tag} guide`],
  );
  await query('billing', `INSERT INTO customers (customer_id, user_id, status) VALUES ($1, $2, 'active')`, [
    `cus_${tag}_${person.id}`,
    person.id,
  ]);
  return card.id;
}

let memberCard = 0;
const attachments = new Map<number, string>();

beforeAll(async () => {
  admin = (await freshAdmin('account-admin')).session;
  coach = await signIn('coach');
  const [found] = await query<{ id: number; courseId: number; title: string }>(
    'courses',
    `SELECT l.id, c.id AS "courseId", c.title FROM lessons l JOIN modules m ON m.id = l.module_id
       JOIN courses c ON c.id = m.course_id ORDER BY l.id LIMIT 1`,
  );
  if (!found) throw new Error('the seed has no lesson');
  lesson = found;

  const her = await boardMember('Account member');
  member = her.person;
  memberSession = her.session;
  const them = await boardMember('Account other');
  other = them.person;
  otherSession = them.session;
  memberCard = await fillEveryService(member, memberSession, her.listId, `${mark}-hers`);
  await fillEveryService(other, otherSession, them.listId, `${mark}-theirs`);
  // The coach reviews her board: a comment on her card (the coach's e-mail must not reach her file), and the
  // notification the board keeps for her.
  await coach.post(`${MTN}/activity/upsert`, {
    comment: `${mark} coach says hi`,
    CardId: memberCard,
    mentionedUsers: [],
  });
  await query(
    'board',
    `INSERT INTO notifications (user_id, kind, card_id, board_owner_id, actor_id, actor_name, text)
     VALUES ($1, 'reply', $2, $1, $3, $4, $5)`,
    [member.id, memberCard, seededUsers.coach.id, seededUsers.coach.fullName, `${mark} coach notification`],
  );
});

afterAll(async () => {
  await closeSystemResources();
});

describe('GET /api/account/export', () => {
  let file: AccountExport;
  let text = '';

  beforeAll(async () => {
    const answer = await memberSession.request<AccountExport>('GET', '/api/account/export');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="?my-data-${member.id}-\\d{4}-\\d{2}-\\d{2}\\.json"?$`),
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    file = answer.body;
    text = JSON.stringify(answer.body);
  });

  it('holds what every service keeps about her', () => {
    const hers = `${mark}-hers`;
    expect(file.userId).toBe(member.id);
    const users = file.users as {
      profile: { email: string; city: string };
      settings: { community: { bio: string } };
      audit: { action: string; by: string }[];
    };
    expect(users.profile.email).toBe(member.email);
    expect(users.settings.community.bio).toBe(`${hers} bio`);
    expect(users.audit.map((e) => e.action)).toContain('user.create');
    expect(users.audit.find((e) => e.action === 'user.create')?.by).toBe('staff');
    expect((file.auth as { signIn: { email: string }; sessions: unknown[] }).signIn.email).toBe(member.email);
    expect((file.auth as { sessions: unknown[] }).sessions.length).toBeGreaterThan(0);
    const courses = file.courses as { completions: { lessonId: number }[]; certificates: { course: string }[] };
    expect(courses.completions.map((c) => c.lessonId)).toContain(lesson.id);
    expect(courses.certificates.map((c) => c.course)).toContain(`${hers} course`);
    const board = file.board as {
      board: {
        lists: {
          cards: {
            title: string;
            attachments: { fileUrl: string }[];
            checklists: { title: string; items: { title: string }[] }[];
            comments: { author: string; comment: string }[];
          }[];
        }[];
      };
      notifications: { text: string }[];
      notificationSettings: Record<string, boolean>;
    };
    const card = board.board.lists.flatMap((l) => l.cards).find((c) => c.title === `${hers} card`);
    expect(card?.attachments.map((a) => a.fileUrl)).toEqual([attachments.get(member.id)]);
    expect(card?.checklists).toEqual([
      { title: `${hers} checklist`, items: [{ title: `${hers} item`, completed: true }] },
    ]);
    expect(card?.comments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ author: 'you', comment: `${hers} own comment` }),
        expect.objectContaining({ author: seededUsers.coach.fullName, comment: `${mark} coach says hi` }),
      ]),
    );
    expect(board.notifications.map((n) => n.text)).toContain(`${mark} coach notification`);
    // Every e-mail setting, as the settings route answers them.
    expect(board.notificationSettings).toEqual({
      emailMentions: false,
      emailDueDates: true,
      emailReviews: true,
      emailDigest: true,
      emailLessons: true,
    });
    const tools = file.tools as {
      products: { title: string }[];
      qualifierResults: { result: string }[];
      aiConversations: { title: string; messages: { content: string }[] }[];
    };
    expect(tools.products.map((p) => p.title)).toEqual([`${hers} product`]);
    expect(tools.qualifierResults.map((r) => r.result)).toEqual([`${hers} result`]);
    expect(tools.aiConversations).toEqual([
      expect.objectContaining({
        title: `${hers} chat`,
        messages: [
          expect.objectContaining({ content: `${hers} question` }),
          expect.objectContaining({ content: `${hers} answer` }),
        ],
      }),
    ]);
    expect((file.resources as { purchases: { resource: string }[] }).purchases.map((p) => p.resource)).toEqual([
      `${hers} guide`,
    ]);
    const billing = file.billing as {
      receipts: { item: string; paymentReference: string }[];
      subscriptions: unknown[];
    };
    expect(billing.receipts).toEqual([
      expect.objectContaining({ item: `${hers} guide`, paymentReference: `pi_${hers}_${member.id}` }),
    ]);
    expect(billing.subscriptions).toHaveLength(1);
  });

  it("holds nobody else's data: other members' rows are absent, the coach appears by name without e-mail", () => {
    expect(text).not.toContain(`${mark}-theirs`);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(seededUsers.coach.email);
    expect(text).toContain(seededUsers.coach.fullName);
    // No secret of hers either: no password hash, no session id.
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toContain(cookieSid(memberSession));
  });

  it('is refused without a session', async () => {
    expect((await newSession().request('GET', '/api/account/export')).status).toBe(401);
  });
});

/** The session id inside the session cookie (a JWT): its payload's `sid`. */
function cookieSid(session: GatewaySession): string {
  const token = session.cookie(SESSION_COOKIE) ?? '';
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid?: string };
  if (!payload.sid) throw new Error('the session cookie carries no sid');
  return payload.sid;
}

describe('DELETE /api/account', () => {
  it('refuses a wrong password with a field error, and changes nothing', async () => {
    const answer = await memberSession.request<{ errors?: Record<string, string> }>('DELETE', '/api/account', {
      password: 'not-her-password',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.password).toBe(CLOSE_ACCOUNT_WRONG_PASSWORD);
    expect(await query('users', 'SELECT id FROM users WHERE id = $1', [member.id])).toHaveLength(1);
    expect((await memberSession.request('GET', '/api/auth/me')).status).toBe(200);
  });

  it('closes her account: sessions end, sign-in fails, every service forgets her but the payment records', async () => {
    const since = new Date();
    const cookie = memberSession.cookie(SESSION_COOKIE) ?? '';
    const second = await signIn(member);
    const answer = await memberSession.request('DELETE', '/api/account', { password: member.password });
    expect(answer.status).toBe(204);

    // Every session ended at once, the one she closed from and the other one.
    const me = await rawRequest('GET', '/api/auth/me', { sessionCookie: cookie });
    expect((me.body as { currentUser: unknown } | undefined)?.currentUser ?? null).toBeNull();
    expect((await second.request('GET', '/api/user/community-settings')).status).toBe(401);
    const signInAgain = await newSession().request('POST', '/api/auth/signin', {
      email: member.email,
      password: member.password,
    });
    expect(signInAgain.status).toBeGreaterThanOrEqual(400);

    const mail = await readMail(member.email, { subject: 'Your account is closed', since });
    expect(mail.text).toContain('payment records');
    const audit = await query<{ actor_id: number; before: unknown }>(
      'users',
      `SELECT actor_id, before FROM audit_log WHERE action = 'user.close-account' AND user_id = $1`,
      [member.id],
    );
    expect(audit).toEqual([{ actor_id: member.id, before: { role: 'premium' } }]);

    const holding = async (): Promise<string[]> => {
      const checks: [string, Parameters<typeof query>[0], string][] = [
        ['users.users', 'users', 'SELECT 1 FROM users WHERE id = $1'],
        ['users.user_tags', 'users', 'SELECT 1 FROM user_tags WHERE user_id = $1'],
        ['auth.credentials', 'auth', 'SELECT 1 FROM credentials WHERE user_id = $1'],
        ['auth.people', 'auth', 'SELECT 1 FROM people WHERE user_id = $1'],
        ['auth.live sessions', 'auth', 'SELECT 1 FROM sessions WHERE user_id = $1 AND revoked_at IS NULL'],
        ['courses.completions', 'courses', 'SELECT 1 FROM lesson_completions WHERE user_id = $1'],
        ['courses.certificates', 'courses', 'SELECT 1 FROM certificates WHERE user_id = $1'],
        ['courses.people', 'courses', 'SELECT 1 FROM people WHERE user_id = $1'],
        ['board.boards', 'board', 'SELECT 1 FROM boards WHERE user_id = $1'],
        ['board.people', 'board', 'SELECT 1 FROM people WHERE user_id = $1'],
        ['board.comments', 'board', 'SELECT 1 FROM comments WHERE author_id = $1'],
        ['board.notifications', 'board', 'SELECT 1 FROM notifications WHERE user_id = $1 OR actor_id = $1'],
        ['board.notification_settings', 'board', 'SELECT 1 FROM notification_settings WHERE user_id = $1'],
        ['tools.products', 'tools', 'SELECT 1 FROM products WHERE user_id = $1'],
        ['tools.qualifier_results', 'tools', 'SELECT 1 FROM qualifier_results WHERE user_id = $1'],
        ['tools.ai_conversations', 'tools', 'SELECT 1 FROM ai_conversations WHERE user_id = $1'],
        ['tools.ai_messages', 'tools', 'SELECT 1 FROM ai_messages WHERE user_id = $1'],
        ['resources.resource_purchases', 'resources', 'SELECT 1 FROM resource_purchases WHERE user_id = $1'],
        ['billing.customers', 'billing', 'SELECT 1 FROM customers WHERE user_id = $1'],
      ];
      const found = await Promise.all(
        checks.map(async ([name, service, sql]) => ((await query(service, sql, [member.id])).length > 0 ? name : null)),
      );
      return found.filter((name): name is string => name !== null);
    };
    await waitFor(async () => (await holding()).length === 0, {
      what: 'every service to forget her',
      timeoutMs: 30_000,
    }).catch(async (error: unknown) => {
      throw new Error(`still held: ${(await holding()).join(', ')} (${String(error)})`);
    });
    // What payment law requires stays with billing (docs/decisions.md "Closing one's own account").
    expect(await query('billing', 'SELECT payment_intent_id FROM purchases WHERE user_id = $1', [member.id])).toEqual([
      { payment_intent_id: `pi_${mark}-hers_${member.id}` },
    ]);
    // The other member keeps everything.
    expect(await query('tools', 'SELECT 1 FROM products WHERE user_id = $1', [other.id])).toHaveLength(1);
    expect((await otherSession.request('GET', '/api/auth/me')).status).toBe(200);
  });

  it('refuses the last admin with a clear message', async () => {
    const last = await freshAdmin('last-admin');
    // For this test only, every other admin is a coach (no events: nothing outside users' table sees it), so she is
    // the last one; put back afterwards.
    const others = await query<{ id: number }>('users', `SELECT id FROM users WHERE role = 'admin' AND id <> $1`, [
      last.person.id,
    ]);
    const ids = others.map((o) => o.id);
    await query('users', `UPDATE users SET role = 'coach' WHERE id = ANY($1::int[])`, [ids]);
    try {
      const code = await nextSecondFactorCode(last.person.email);
      const answer = await last.session.request<{ error: string }>('DELETE', '/api/account', {
        password: last.person.password,
        code: code?.code,
      });
      expect(answer.status).toBe(409);
      expect(answer.body.error).toBe(CLOSE_ACCOUNT_LAST_ADMIN);
    } finally {
      await query('users', `UPDATE users SET role = 'admin' WHERE id = ANY($1::int[])`, [ids]);
    }
    expect(await query('users', 'SELECT 1 FROM users WHERE id = $1', [last.person.id])).toHaveLength(1);
    expect((await last.session.request('GET', '/api/auth/me')).status).toBe(200);
  });

  it('asks an admin with a second factor for her code, then lets her go while another admin remains', async () => {
    const leaving = await freshAdmin('leaving-admin');
    const noCode = await leaving.session.request<{ errors?: Record<string, string> }>('DELETE', '/api/account', {
      password: leaving.person.password,
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors?.code).toBeTruthy();
    const code = await nextSecondFactorCode(leaving.person.email);
    const answer = await leaving.session.request('DELETE', '/api/account', {
      password: leaving.person.password,
      code: code?.code,
    });
    expect(answer.status).toBe(204);
    expect(await query('users', 'SELECT 1 FROM users WHERE id = $1', [leaving.person.id])).toHaveLength(0);
  });
});
