/**
 * Sign-in limits (auth is their only owner; domain/sign-in-limits.ts): wrong passwords are counted per
 * (e-mail, address) and per e-mail; past a threshold, addresses the owner never signed in from are slowed down
 * while her own address is not. Addresses are what the gateway puts in X-Forwarded-For (Browser's ip).
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { FORGOT_PASSWORD_SENT, INVALID_CREDENTIALS } from '@rainmakers/contracts';
import { Browser, createPerson, type Stack, startStack } from './harness';

const SLOWDOWN_AFTER = 12;
// Every attempt costs an argon2id verify; the shared test machine is slow.
jest.setTimeout(60_000);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    authEnv: {
      SIGNIN_MAX_FAILURES_PER_ADDRESS: '3',
      SIGNIN_SLOWDOWN_AFTER_FAILURES: String(SLOWDOWN_AFTER),
      SIGNIN_SLOWDOWN_BASE_SECONDS: '60',
      AUTH_MAX_ATTEMPTS_PER_IP: '5',
      RESET_MAILS_PER_ACCOUNT: '2',
    },
  });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

let nextHost = 1;
/** A browser at an address of its own (198.18.0.0/15: benchmark addresses, never a real client). */
const fromNewAddress = () => {
  const n = nextHost++;
  return new Browser(stack, `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`);
};

describe('sign-in limits', () => {
  it('stop one address after repeated failures for one account, before checking any password', async () => {
    const person = await createPerson(stack);
    const other = await createPerson(stack);
    const attacker = fromNewAddress();
    for (let i = 0; i < 3; i += 1) {
      const res = await attacker.post('/api/auth/signin', { email: person.email, password: 'wrong-password' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: INVALID_CREDENTIALS });
    }
    const locked = await attacker.post('/api/auth/signin', { email: person.email, password: person.password });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner elsewhere, and another account from the same address, are not affected.
    await fromNewAddress().signIn(person.email, person.password);
    await attacker.signIn(other.email, other.password);
  });

  it('never lock the owner out of her usual address, however many addresses guess wrong', async () => {
    const owner = await createPerson(stack);
    const home = fromNewAddress();
    await home.signIn(owner.email, owner.password);

    // More wrong passwords than any per-account lock of before (10), each from another address.
    for (let i = 0; i < SLOWDOWN_AFTER; i += 1) {
      const res = await fromNewAddress().post('/api/auth/signin', { email: owner.email, password: `guess-${i}` });
      expect(res.status).toBe(401);
    }
    // Past the threshold, unknown addresses pass a gate one at a time (one more guess, then wait).
    expect((await fromNewAddress().post('/api/auth/signin', { email: owner.email, password: 'g' })).status).toBe(401);
    const slowed = await fromNewAddress().post('/api/auth/signin', { email: owner.email, password: owner.password });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner from the address she signed in from before: straight in.
    const again = await new Browser(stack, home.ip).post('/api/auth/signin', {
      email: owner.email,
      password: owner.password,
    });
    expect(again.status).toBe(200);
  });

  it('a good sign-in clears the failures of its address', async () => {
    const person = await createPerson(stack);
    const browser = fromNewAddress();
    const attempt = async (password: string) =>
      (await browser.post('/api/auth/signin', { email: person.email, password })).status;
    expect([await attempt('wrong'), await attempt('wrong'), await attempt(person.password)]).toEqual([401, 401, 200]);
    // Without the clearing, the second of these would be the address's fourth failure (429).
    expect([await attempt('wrong'), await attempt('wrong')]).toEqual([401, 401]);
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
      const res = await fromNewAddress().post('/api/auth/forgot-password', { email: person.email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: FORGOT_PASSWORD_SENT });
    }
    await stack.mail.waitFor(person.email, 1);
    // Mails leave in queue order, one at a time (one worker, concurrency 1): once a mail asked for after the four
    // has arrived, a third one to the person would have arrived before it.
    const marker = await createPerson(stack);
    await fromNewAddress().post('/api/auth/forgot-password', { email: marker.email });
    await stack.mail.waitFor(marker.email);
    expect(stack.mail.to(person.email)).toHaveLength(2);
  });
});
