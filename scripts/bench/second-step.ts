/**
 * The second step's bench: the sign-in's second step (POST /api/auth/signin/code) must answer with p95 < 50 ms. Each
 * request needs a half-signed-in token (a password step, done here beforehand: argon2id is the `signin` row's
 * cost) and a code that was never used: a code works once per person and 30 s step. So each bench person offers
 * one TOTP code (the step after her enrolment's) and her ten recovery codes, and there are enough people for the
 * requests asked. The people (bench-2fa-NN, basic members) are enrolled afresh on every run: one still enrolled
 * from an earlier run is reset by the admin first (her secret is not known any more).
 */
import type { SecondStepChallenge, SignInResponse } from '@rainmakers/contracts';
import { createGatewaySession } from '../lib/gateway-session';
import { timeStep, totpCode } from '../lib/second-factor';
import type { GatewaySession } from '../seed/context';

const PASSWORD = 'Bench-Passw0rd!';
const email = (n: number) => `bench-2fa-${String(n).padStart(2, '0')}@bench.rainmakers.local`;
/** Second steps one person offers: one TOTP code and ten recovery codes. */
const STEPS_PER_PERSON = 11;

export interface PreparedSecondStep {
  token: string;
  code: string;
  kind: 'totp' | 'recovery';
}

async function passwordStep(gatewayUrl: string, address: string): Promise<SignInResponse> {
  const session = createGatewaySession(gatewayUrl);
  return session.post<SignInResponse>('/api/auth/signin', { email: address, password: PASSWORD });
}

/** Creates (or finds) the person, resets an earlier enrolment, enrols her: her secret, step used, recovery codes. */
async function enrolledPerson(gatewayUrl: string, admin: GatewaySession, n: number) {
  const address = email(n);
  const created = await admin.request<{ user: { id: number } }>('POST', '/api/user/upsert', {
    fullName: `Bench Twostep ${n}`,
    email: address,
    role: 'basic',
    password: PASSWORD,
  });
  if (created.status >= 300 && !JSON.stringify(created.body).includes('already in use')) {
    throw new Error(`Creating ${address} answered ${created.status}: ${JSON.stringify(created.body)}`);
  }
  const session = createGatewaySession(gatewayUrl);
  let answer = await session.post<SignInResponse>('/api/auth/signin', { email: address, password: PASSWORD });
  if (answer.secondFactor) {
    const found = await admin.get<{ users: Array<{ id: number; email: string }> }>(
      `/api/user/read-many?search=${encodeURIComponent(address)}&usersPerPage=5`,
    );
    const id = found.users.find((u) => u.email === address)?.id;
    if (!id) throw new Error(`${address} is enrolled but the admin cannot find her`);
    await admin.post(`/api/auth/second-factor/reset/${id}`);
    answer = await session.post<SignInResponse>('/api/auth/signin', { email: address, password: PASSWORD });
  }
  if (!answer.currentUser) throw new Error(`${address} did not get a session after her password`);
  const { secret } = await session.post<{ secret: string }>('/api/auth/second-factor/enrol');
  const step = timeStep();
  const { recoveryCodes } = await session.post<{ recoveryCodes: string[] }>('/api/auth/second-factor/enrol/confirm', {
    code: await totpCode(secret, step),
  });
  return { address, secret, step, recoveryCodes };
}

/**
 * `amount` second steps ready to send: a fresh token each (a password step per request, made now) and an unused
 * code. Tokens last SECOND_STEP_TTL_MINUTES (10): run the scenario right after.
 */
export async function prepareSecondSteps(
  gatewayUrl: string,
  admin: GatewaySession,
  amount: number,
  log: (line: string) => void,
): Promise<PreparedSecondStep[]> {
  const people = Math.ceil(amount / STEPS_PER_PERSON);
  const steps: PreparedSecondStep[] = [];
  for (let n = 1; n <= people && steps.length < amount; n++) {
    const person = await enrolledPerson(gatewayUrl, admin, n);
    const codes: Array<Omit<PreparedSecondStep, 'token'>> = [
      // The step after the enrolment's: one step of drift is accepted, so it works at once.
      { code: await totpCode(person.secret, person.step + 1), kind: 'totp' },
      ...person.recoveryCodes.map((code) => ({ code, kind: 'recovery' as const })),
    ];
    for (const code of codes.slice(0, amount - steps.length)) {
      const challenge: SecondStepChallenge | undefined = (await passwordStep(gatewayUrl, person.address)).secondFactor;
      if (challenge?.next !== 'code') throw new Error(`${person.address} was not asked for a code`);
      steps.push({ token: challenge.token, ...code });
    }
  }
  const totp = steps.filter((s) => s.kind === 'totp').length;
  log(
    `${steps.length} second steps prepared over ${people} enrolled people (${totp} TOTP codes, the rest recovery codes)`,
  );
  return steps;
}
