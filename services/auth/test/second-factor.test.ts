/**
 * At the service: auth's second factor with the real users service behind it. Codes are computed here
 * from the secret the enrolment answered, as an authenticator app would; a code is never reused and nothing waits
 * for the next 30 s step (one step of drift is accepted, so the step after the enrolment's works at once).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type CurrentUser,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_NEEDED,
  type SignInResponse,
} from '@rainmakers/contracts';
import { buildActor, client, waitFor } from '@rainmakers/kit/testing';
import { timeStep, totpCode } from '../../../scripts/lib/second-factor';
import { Browser, createPerson, type Stack, startStack } from './harness';

type Me = { currentUser: CurrentUser | null };

let stack: Stack;
beforeAll(async () => {
  // Few enough wrong codes per (e-mail, address) to reach the limit quickly (each Browser has its own address).
  stack = await startStack({ authEnv: { SIGNIN_MAX_FAILURES_PER_ADDRESS: '5' } });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** A member signed in with her password who enrols: her secret, the step its first code used, recovery codes. */
async function enrolled(role: 'basic' | 'coach' = 'basic') {
  const person = await createPerson(stack, { role });
  const browser = new Browser(stack);
  await browser.signIn(person.email, person.password);
  const start = await browser.post<{ secret: string; otpauthUrl: string }>('/api/auth/second-factor/enrol');
  expect(start.status).toBe(200);
  const step = timeStep();
  const confirm = await browser.post<{ recoveryCodes: string[] }>('/api/auth/second-factor/enrol/confirm', {
    code: await totpCode(start.body.secret, step),
  });
  expect(confirm.status).toBe(200);
  return { ...person, secret: start.body.secret, step, recoveryCodes: confirm.body.recoveryCodes };
}

async function passwordStep(email: string, password: string) {
  const browser = new Browser(stack);
  const answer = await browser.post<SignInResponse>('/api/auth/signin', { email, password });
  expect(answer.status).toBe(200);
  return { browser, answer: answer.body };
}

describe('enrolment', () => {
  it('confirms with a first code only; stores the secret encrypted and the recovery codes hashed', async () => {
    const person = await createPerson(stack);
    const browser = new Browser(stack);
    await browser.signIn(person.email, person.password);
    const { body } = await browser.post<{ secret: string }>('/api/auth/second-factor/enrol');
    expect((await browser.post('/api/auth/second-factor/enrol/confirm', { code: '000000' })).status).toBe(400);
    const confirm = await browser.post<{ recoveryCodes: string[] }>('/api/auth/second-factor/enrol/confirm', {
      code: await totpCode(body.secret),
    });
    expect(confirm.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const row = await stack.auth.database.pool.query<{ secret_ciphertext: string }>(
      'SELECT secret_ciphertext FROM second_factors WHERE user_id = $1',
      [person.user.id],
    );
    expect(row.rows[0]?.secret_ciphertext).toMatch(/^v1\./);
    expect(row.rows[0]?.secret_ciphertext).not.toContain(body.secret);
    const codes = await stack.auth.database.pool.query<{ code_hash: string }>(
      'SELECT code_hash FROM recovery_codes WHERE user_id = $1',
      [person.user.id],
    );
    expect(codes.rows.map((r) => r.code_hash)).not.toContain(confirm.body.recoveryCodes[0]);
  });
});

describe('the second step', () => {
  it('gives no session for the password alone; the right code does, once; an old code never', async () => {
    const person = await enrolled();
    const first = await passwordStep(person.email, person.password);
    expect(first.answer.currentUser).toBeNull();
    expect(first.answer.secondFactor?.next).toBe('code');
    expect(first.browser.cookie).toBe('');

    const twoStepsOld = await totpCode(person.secret, timeStep() - 2);
    expect(
      (
        await first.browser.post('/api/auth/signin/code', {
          token: first.answer.secondFactor?.token,
          code: twoStepsOld,
        })
      ).status,
    ).toBe(401);
    const code = await totpCode(person.secret, person.step + 1);
    const passed = await first.browser.post<Me>('/api/auth/signin/code', {
      token: first.answer.secondFactor?.token,
      code,
    });
    expect(passed.status).toBe(200);
    expect(passed.body.currentUser?.id).toBe(person.user.id);
    expect(first.browser.cookie).not.toBe('');
    expect((await first.browser.actor())?.secondFactor).toBe(true);

    const again = await passwordStep(person.email, person.password);
    expect(
      (await again.browser.post('/api/auth/signin/code', { token: again.answer.secondFactor?.token, code })).status,
    ).toBe(401);
    expect(again.browser.cookie).toBe('');
  });

  it('accepts a recovery code once', async () => {
    const person = await enrolled();
    const code = person.recoveryCodes[3];
    const first = await passwordStep(person.email, person.password);
    expect(
      (await first.browser.post('/api/auth/signin/code', { token: first.answer.secondFactor?.token, code })).status,
    ).toBe(200);
    const second = await passwordStep(person.email, person.password);
    expect(
      (await second.browser.post('/api/auth/signin/code', { token: second.answer.secondFactor?.token, code })).status,
    ).toBe(401);
  });

  it('counts wrong codes like wrong passwords per (e-mail, address)', async () => {
    const person = await enrolled();
    const { browser, answer } = await passwordStep(person.email, person.password);
    const statuses: number[] = [];
    for (let i = 0; i < stack.auth.config.SIGNIN_MAX_FAILURES_PER_ADDRESS + 1; i++) {
      statuses.push(
        (await browser.post('/api/auth/signin/code', { token: answer.secondFactor?.token, code: '000000' })).status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
  });
});

describe('admins', () => {
  it('an admin without a second factor gets only the enrolment, then a session', async () => {
    const admin = await createPerson(stack, { role: 'admin' });
    const { browser, answer } = await passwordStep(admin.email, admin.password);
    expect(answer.currentUser).toBeNull();
    expect(answer.secondFactor?.next).toBe('enrol');
    expect(browser.cookie).toBe('');
    const token = answer.secondFactor?.token;
    expect((await browser.post('/api/auth/signin/code', { token, code: '123456' })).status).toBe(401);
    const start = await browser.post<{ secret: string }>('/api/auth/signin/enrol', { token });
    const done = await browser.post<{ currentUser: CurrentUser; recoveryCodes: string[] }>(
      '/api/auth/signin/enrol/confirm',
      { token, code: await totpCode(start.body.secret) },
    );
    expect(done.status).toBe(200);
    expect(done.body.currentUser.id).toBe(admin.user.id);
    expect(browser.cookie).not.toBe('');
  });

  it('refuses sign-in-as and role switches to a session without the second factor', async () => {
    // A member signs in with her password alone, then users makes her an admin.
    const member = await createPerson(stack, { role: 'basic' });
    const target = await createPerson(stack, { role: 'basic' });
    const browser = new Browser(stack);
    await browser.signIn(member.email, member.password);
    const promoted = await client(stack.users.url).post(buildActor('admin'), '/api/user/upsert', {
      id: member.user.id,
      role: 'admin',
    });
    expect(promoted.status).toBe(200);
    await waitFor(async () => (await browser.actor())?.accountRole === 'admin', { what: 'the promotion' });
    const signInAs = await browser.post<{ error: string }>('/api/auth/signinas', { email: target.email });
    expect(signInAs.status).toBe(403);
    expect(signInAs.body.error).toBe(SECOND_FACTOR_NEEDED);
    expect((await browser.post('/api/auth/switch-role', { role: 'basic' })).status).toBe(403);
  });

  it("resets another person's second factor: audited, e-mailed, and the password alone works again", async () => {
    const admin = await createPerson(stack, { role: 'admin', fullName: 'Reset Admin' });
    const browser = new Browser(stack);
    await browser.signIn(admin.email, admin.password);
    const person = await enrolled('coach');
    const mailsBefore = stack.mail.to(person.email).length;
    expect((await browser.post(`/api/auth/second-factor/reset/${person.user.id}`)).status).toBe(204);
    const audit = await stack.users.database.pool.query<{ action: string; actor_id: string }>(
      // Her own enrolment is audited too (user.second-factor-enable); the reset is the admin's entry.
      "SELECT action, actor_id FROM audit_log WHERE user_id = $1 AND action = 'user.second-factor-reset'",
      [person.user.id],
    );
    expect(audit.rows).toEqual([{ action: 'user.second-factor-reset', actor_id: expect.anything() }]);
    expect(Number(audit.rows[0]?.actor_id)).toBe(admin.user.id);
    const mail = await stack.mail.waitFor(person.email, mailsBefore);
    expect(mail.raw).toMatch(/second factor was reset/i);
    const { answer } = await passwordStep(person.email, person.password);
    expect(answer.currentUser?.id).toBe(person.user.id);
  });
});
