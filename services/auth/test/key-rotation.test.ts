/**
 * At the service: auth during a rotation of SESSION_SECRET and TOTP_ENCRYPTION_KEY (docs/deploy.md "Rotating
 * secrets"), with the real users service behind it. A second factor enrolled under the previous key still signs
 * in, the re-encryption command moves every stored secret to the current key (and changes nothing when run again),
 * and afterwards the current key alone opens it. A half-signed-in token of the previous session secret passes.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SignInResponse } from '@rainmakers/contracts';
import { timeStep, totpCode } from '../../../scripts/lib/second-factor';
import { reencryptSecondFactorSecrets, useSecondFactor } from '../src/commands/second-factor';
import { decryptSecret, encryptSecret, signSecondStepToken } from '../src/domain/second-factor';
import { Browser, createPerson, type Stack, startStack } from './harness';

const OLD_SESSION = 'the-old-session-secret-0123456789';
const NEW_SESSION = 'the-new-session-secret-0123456789';
const OLD_TOTP = 'a'.repeat(64);
const NEW_TOTP = 'b'.repeat(64);
const UNKNOWN_TOTP = 'c'.repeat(64);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    authEnv: {
      SESSION_SECRET: NEW_SESSION,
      SESSION_SECRET_PREVIOUS: OLD_SESSION,
      TOTP_ENCRYPTION_KEY: NEW_TOTP,
      TOTP_ENCRYPTION_KEY_PREVIOUS: OLD_TOTP,
    },
  });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** A member enrolled through the API, her stored secret then put under `key` as if she had enrolled before. */
async function enrolledUnder(key: string) {
  const person = await createPerson(stack);
  const browser = new Browser(stack);
  await browser.signIn(person.email, person.password);
  const start = await browser.post<{ secret: string }>('/api/auth/second-factor/enrol');
  const step = timeStep();
  const confirm = await browser.post('/api/auth/second-factor/enrol/confirm', {
    code: await totpCode(start.body.secret, step),
  });
  expect(confirm.status).toBe(200);
  await stack.auth.database.pool.query('UPDATE second_factors SET secret_ciphertext = $1 WHERE user_id = $2', [
    encryptSecret(start.body.secret, key),
    person.user.id,
  ]);
  return { ...person, secret: start.body.secret, step };
}

const storedSecret = async (userId: number) =>
  (
    await stack.auth.database.pool.query<{ secret_ciphertext: string }>(
      'SELECT secret_ciphertext FROM second_factors WHERE user_id = $1',
      [userId],
    )
  ).rows[0]?.secret_ciphertext ?? '';

async function signInWithCode(email: string, password: string, code: string) {
  const browser = new Browser(stack);
  const password_ = await browser.post<SignInResponse>('/api/auth/signin', { email, password });
  expect(password_.body.secondFactor?.next).toBe('code');
  return browser.post('/api/auth/signin/code', { token: password_.body.secondFactor?.token, code });
}

describe('rotating TOTP_ENCRYPTION_KEY', () => {
  it('signs in with a secret of the previous key; the command re-encrypts it, once; then the current key suffices', async () => {
    const person = await enrolledUnder(OLD_TOTP);
    const second = await enrolledUnder(OLD_TOTP);
    const lost = await enrolledUnder(UNKNOWN_TOTP);
    const current = await enrolledUnder(NEW_TOTP);
    const beforeCurrent = await storedSecret(current.user.id);

    const signedIn = await signInWithCode(
      person.email,
      person.password,
      await totpCode(person.secret, person.step + 1),
    );
    expect(signedIn.status).toBe(200);

    const deps = { db: stack.auth.database.db, config: stack.auth.config };
    const first = await reencryptSecondFactorSecrets(deps);
    expect(first.unreadable).toEqual([lost.user.id]);
    expect(first.reencrypted).toBe(2);
    const after = await storedSecret(person.user.id);
    expect(decryptSecret(after, NEW_TOTP)).toBe(person.secret);
    expect(() => decryptSecret(after, OLD_TOTP)).toThrow();
    // Already under the current key: left as it was.
    expect(await storedSecret(current.user.id)).toBe(beforeCurrent);

    const again = await reencryptSecondFactorSecrets(deps);
    expect(again).toEqual({ alreadyCurrent: first.alreadyCurrent + 2, reencrypted: 0, unreadable: [lost.user.id] });
    expect(await storedSecret(person.user.id)).toBe(after);

    // The previous key removed: a re-encrypted secret still verifies; one no key opens does not.
    const rotated = { ...deps, config: { ...deps.config, totpKeys: { current: NEW_TOTP, previous: undefined } } };
    expect(await useSecondFactor(rotated, second.user.id, await totpCode(second.secret, second.step + 1))).toBe(
      'password+totp',
    );
    await expect(useSecondFactor(rotated, lost.user.id, await totpCode(lost.secret, lost.step + 1))).rejects.toThrow();
    // Four people enrolled through the API (an argon2 hash and a sign-in each): more than jest's 5 s on a busy machine.
  }, 30_000);
});

describe('rotating SESSION_SECRET', () => {
  /** The half-signed-in token's key, derived from a session secret as auth derives it (commands/second-factor). */
  const secondStepKey = (sessionSecret: string) =>
    createHmac('sha256', sessionSecret).update('second-step-token').digest().toString('base64');

  it('takes a half-signed-in token of the previous secret, and refuses one of a secret it does not hold', async () => {
    const person = await enrolledUnder(NEW_TOTP);
    const claims = { userId: person.user.id, email: person.email, next: 'code' as const };
    const browser = new Browser(stack);
    const foreign = signSecondStepToken(claims, secondStepKey('a-removed-session-secret-0123456789')).token;
    const code = await totpCode(person.secret, person.step + 1);
    expect((await browser.post('/api/auth/signin/code', { token: foreign, code })).status).toBe(401);
    const old = signSecondStepToken(claims, secondStepKey(OLD_SESSION)).token;
    const passed = await browser.post('/api/auth/signin/code', { token: old, code });
    expect(passed.status).toBe(200);
    // The new session's cookie is signed with the current secret (the harness reads it with SESSION_SECRET).
    expect(browser.sid).toMatch(/.+/);
  });
});
