/**
 * The sign-in's second step at the service, with the real users service behind it: its token opens one session
 * (the code step and the forced enrolment alike), and guesses against one account are bounded across addresses.
 * Codes are computed here from the enrolment's secret, as an authenticator app would; nothing waits for a 30 s step
 * (a reuse is tried with a recovery code, which any moment accepts).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CurrentUser, SignInResponse } from '@rainmakers/contracts';
import { timeStep, totpCode } from '../../../scripts/lib/second-factor';
import { Browser, createPerson, type Stack, startStack } from './harness';

type Me = { currentUser: CurrentUser | null };

const ACCOUNT_ATTEMPTS = 3;
const EXPIRED = 'This sign-in has expired. Sign in again with your e-mail and password.';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEnv: { SECOND_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT: String(ACCOUNT_ATTEMPTS) } });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** A member who enrolled on her profile: her secret, the step its first code used, and her recovery codes. */
async function enrolled() {
  const person = await createPerson(stack);
  const browser = new Browser(stack);
  await browser.signIn(person.email, person.password);
  const start = await browser.post<{ secret: string }>('/api/auth/second-factor/enrol');
  const step = timeStep();
  const confirm = await browser.post<{ recoveryCodes: string[] }>('/api/auth/second-factor/enrol/confirm', {
    code: await totpCode(start.body.secret, step),
  });
  expect(confirm.status).toBe(200);
  return { ...person, secret: start.body.secret, step, recoveryCodes: confirm.body.recoveryCodes };
}

/** The password step from `browser`: the half-signed-in token. */
async function passwordStep(browser: Browser, email: string, password: string): Promise<string> {
  const answer = await browser.post<SignInResponse>('/api/auth/signin', { email, password });
  expect(answer.status).toBe(200);
  expect(answer.body.currentUser).toBeNull();
  return answer.body.secondFactor?.token ?? '';
}

describe('the second step token', () => {
  it('opens one session: used again, even with another valid code, it answers 401 like an expired one', async () => {
    const person = await enrolled();
    const browser = new Browser(stack);
    const token = await passwordStep(browser, person.email, person.password);
    const first = await browser.post<Me>('/api/auth/signin/code', {
      token,
      code: await totpCode(person.secret, person.step + 1),
    });
    expect(first.status).toBe(200);
    expect(first.body.currentUser?.id).toBe(person.user.id);

    const thief = new Browser(stack, '203.0.113.251');
    const reuse = await thief.post<{ error: string }>('/api/auth/signin/code', {
      token,
      code: person.recoveryCodes[0],
    });
    expect(reuse.status).toBe(401);
    expect(reuse.body.error).toBe(EXPIRED);
    expect(thief.cookie).toBe('');
    // The refused reuse spent nothing: the recovery code still opens a new sign-in.
    const again = new Browser(stack);
    const fresh = await passwordStep(again, person.email, person.password);
    expect((await again.post('/api/auth/signin/code', { token: fresh, code: person.recoveryCodes[0] })).status).toBe(
      200,
    );
  });

  it("the forced enrolment's token also works once", async () => {
    const admin = await createPerson(stack, { role: 'admin' });
    const browser = new Browser(stack);
    const answer = await browser.post<SignInResponse>('/api/auth/signin', {
      email: admin.email,
      password: admin.password,
    });
    expect(answer.body.secondFactor?.next).toBe('enrol');
    const token = answer.body.secondFactor?.token ?? '';
    const start = await browser.post<{ secret: string }>('/api/auth/signin/enrol', { token });
    expect(start.status).toBe(200);
    const done = await browser.post<Me>('/api/auth/signin/enrol/confirm', {
      token,
      code: await totpCode(start.body.secret),
    });
    expect(done.status).toBe(200);

    const thief = new Browser(stack, '203.0.113.252');
    const restart = await thief.post<{ error: string }>('/api/auth/signin/enrol', { token });
    expect(restart.status).toBe(401);
    expect(restart.body.error).toBe(EXPIRED);
    const confirmAgain = await thief.post('/api/auth/signin/enrol/confirm', {
      token,
      code: await totpCode(start.body.secret, timeStep() + 1),
    });
    expect(confirmAgain.status).toBe(401);
    expect(thief.cookie).toBe('');
  });
});

describe('guesses against one account', () => {
  it('are bounded across any number of addresses: 429 with Retry-After, the right code included', async () => {
    const person = await enrolled();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<Browser['post']>> | null = null;
    // One wrong code from each of several addresses: no address reaches its own limit.
    for (let i = 0; i < ACCOUNT_ATTEMPTS + 2; i++) {
      const browser = new Browser(stack, `198.51.100.${10 + i}`);
      const token = await passwordStep(browser, person.email, person.password);
      last = await browser.post('/api/auth/signin/code', { token, code: '000000' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(ACCOUNT_ATTEMPTS).fill(401), 429, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner's right code from a new address waits for the window too.
    const owner = new Browser(stack, '198.51.100.99');
    const token = await passwordStep(owner, person.email, person.password);
    const right = await owner.post('/api/auth/signin/code', { token, code: person.recoveryCodes[1] });
    expect(right.status).toBe(429);
    expect(owner.cookie).toBe('');
  });

  it('forgets the count when the second step succeeds', async () => {
    const person = await enrolled();
    for (let i = 0; i < ACCOUNT_ATTEMPTS - 1; i++) {
      const browser = new Browser(stack, `198.51.100.${120 + i}`);
      const token = await passwordStep(browser, person.email, person.password);
      expect((await browser.post('/api/auth/signin/code', { token, code: '000000' })).status).toBe(401);
    }
    const owner = new Browser(stack, '198.51.100.150');
    const token = await passwordStep(owner, person.email, person.password);
    expect((await owner.post('/api/auth/signin/code', { token, code: person.recoveryCodes[2] })).status).toBe(200);
    const later = new Browser(stack, '198.51.100.151');
    const next = await passwordStep(later, person.email, person.password);
    expect((await later.post('/api/auth/signin/code', { token: next, code: '000000' })).status).toBe(401);
  });
});
