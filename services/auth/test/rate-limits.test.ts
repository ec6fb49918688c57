import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FORGOT_PASSWORD_SENT, INVALID_CREDENTIALS } from '@rainmakers/contracts';
import { Browser, createPerson, type Stack, startStack } from './harness';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    authEnv: {
      SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3',
      AUTH_MAX_ATTEMPTS_PER_IP: '5',
      RESET_MAILS_PER_ACCOUNT: '2',
    },
  });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

describe('throttling', () => {
  it('stops sign-in to an account after repeated failures, before checking any password', async () => {
    const person = await createPerson(stack);
    const other = await createPerson(stack);
    for (let i = 0; i < 3; i += 1) {
      const res = await new Browser(stack).post('/api/auth/signin', {
        email: person.email,
        password: 'wrong-password',
      });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: INVALID_CREDENTIALS });
    }
    const locked = await new Browser(stack).post('/api/auth/signin', {
      email: person.email,
      password: person.password,
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    await new Browser(stack).signIn(other.email, other.password);
  });

  it('a good sign-in clears the failures', async () => {
    const person = await createPerson(stack);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 2; i += 1) {
        await new Browser(stack).post('/api/auth/signin', { email: person.email, password: 'wrong-password' });
      }
      await new Browser(stack).signIn(person.email, person.password);
    }
  });

  it('limits attempts per client address', async () => {
    const person = await createPerson(stack);
    const browser = new Browser(stack, '198.51.100.7');
    for (let i = 0; i < 5; i += 1) {
      expect((await browser.post('/api/auth/forgot-password', { email: person.email })).status).toBe(200);
    }
    const blocked = await browser.post('/api/auth/forgot-password', { email: person.email });
    expect(blocked.status).toBe(429);
    // Another address, or another action, still goes through.
    expect(
      (await new Browser(stack, '198.51.100.8').post('/api/auth/forgot-password', { email: person.email })).status,
    ).toBe(200);
    expect((await browser.post('/api/auth/signin', { email: person.email, password: person.password })).status).toBe(
      200,
    );
  });

  it('sends at most the configured number of reset mails per account, answering the same every time', async () => {
    const person = await createPerson(stack);
    for (let i = 0; i < 4; i += 1) {
      const res = await new Browser(stack).post('/api/auth/forgot-password', { email: person.email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: FORGOT_PASSWORD_SENT });
    }
    await stack.mail.waitFor(person.email, 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(stack.mail.to(person.email)).toHaveLength(2);
  });
});
