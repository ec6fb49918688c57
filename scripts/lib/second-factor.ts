/**
 * For the seed, the bench and the tests: passing the sign-in's second step the way a person with an
 * authenticator app does, without ever waiting for the next 30 s step.
 *
 * A code works once per person and step (auth remembers the step), and one step of drift is accepted. So a client
 * that signs the same person in again within a step uses the next step's code, then one of the recovery codes it
 * got at enrolment. The keyring below remembers, per e-mail and per process, the secret, the last step used and the
 * unused recovery codes. An admin who must enrol at her first sign-in is enrolled here through the real routes.
 */
import type { SecondStepChallenge } from '@rainmakers/contracts';
import { generate } from 'otplib';
import type { GatewaySession } from '../seed/context';

const PERIOD_SECONDS = 30;

interface Keys {
  secret: string;
  lastStep: number | null;
  recoveryCodes: string[];
}

const keyring = new Map<string, Keys>();

/** Remembers a person's secret (and recovery codes) so that later sign-ins of that e-mail pass the second step. */
export function rememberSecondFactor(
  email: string,
  secret: string,
  recoveryCodes: string[] = [],
  /** The step a code was just used for (an enrolment's first code). */
  usedStep: number | null = null,
): void {
  const known = keyring.get(email.toLowerCase());
  if (known?.secret === secret) {
    known.recoveryCodes.push(...recoveryCodes.filter((c) => !known.recoveryCodes.includes(c)));
    if (usedStep !== null && (known.lastStep === null || known.lastStep < usedStep)) known.lastStep = usedStep;
    return;
  }
  keyring.set(email.toLowerCase(), { secret, lastStep: usedStep, recoveryCodes: [...recoveryCodes] });
}

/** The secret this process knows for an e-mail, if any. */
export const knownSecondFactor = (email: string): string | undefined => keyring.get(email.toLowerCase())?.secret;

export const timeStep = (at = Date.now()) => Math.floor(at / 1000 / PERIOD_SECONDS);

/** The six-digit code of a base32 secret for a time step (default: now). */
export function totpCode(secret: string, step = timeStep()): Promise<string> {
  return generate({ secret, epoch: step * PERIOD_SECONDS });
}

/**
 * The next code this process has not used for the e-mail: this step's, else the next step's (one step of drift is
 * accepted), else a recovery code. Marks it used. Null when none is left (never waits).
 */
export async function nextSecondFactorCode(email: string): Promise<{ code: string; kind: 'totp' | 'recovery' } | null> {
  const keys = keyring.get(email.toLowerCase());
  if (!keys) return null;
  const now = timeStep();
  const step = keys.lastStep === null || keys.lastStep < now ? now : keys.lastStep + 1;
  if (step <= now + 1) {
    keys.lastStep = step;
    return { code: await totpCode(keys.secret, step), kind: 'totp' };
  }
  const recovery = keys.recoveryCodes.shift();
  return recovery ? { code: recovery, kind: 'recovery' } : null;
}

/** Takes a recovery code of the e-mail out of the keyring (a test that signs in with one). */
export function takeRecoveryCode(email: string): string | undefined {
  return keyring.get(email.toLowerCase())?.recoveryCodes.shift();
}

/**
 * Completes a sign-in that answered with a second-step challenge: enrols (when the role requires a factor she
 * lacks) or sends the next code, trying the next one when auth refuses a code another process used first.
 */
export async function passSecondStep(
  session: GatewaySession,
  email: string,
  challenge: SecondStepChallenge,
): Promise<unknown> {
  if (challenge.next === 'enrol') {
    const { secret } = await session.post<{ secret: string }>('/api/auth/signin/enrol', { token: challenge.token });
    const step = timeStep();
    const body = await session.post<{ recoveryCodes: string[] }>('/api/auth/signin/enrol/confirm', {
      token: challenge.token,
      code: await totpCode(secret, step),
    });
    rememberSecondFactor(email, secret, body.recoveryCodes, step);
    return body;
  }
  for (let attempt = 0; attempt < 4; attempt++) {
    const next = await nextSecondFactorCode(email);
    if (!next) break;
    const response = await session.request('POST', '/api/auth/signin/code', {
      token: challenge.token,
      code: next.code,
    });
    if (response.status < 400) return response.body;
    if (response.status !== 401) {
      throw new Error(`The second step for ${email} answered ${response.status}: ${JSON.stringify(response.body)}`);
    }
  }
  throw new Error(
    `Signing ${email} in needs a second-factor code this process does not have (no secret known, or its codes are used up)`,
  );
}
