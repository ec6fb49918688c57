/**
 * The second factor through the whole stack (gateway -> auth, users). Codes are computed here from the
 * secret the enrolment showed, as an authenticator app would; nothing ever waits for the next 30 s step (each test
 * uses its own people, and a second code within a step is the next step's: one step of drift is accepted).
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import {
  type CurrentUser,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_NEEDED,
  SESSION_COOKIE,
  type SignInResponse,
} from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { timeStep, totpCode } from '../../scripts/lib/second-factor';
import { freshAdmin, newSession, readMail, seededUsers } from '../support/stack-client';
import { closeSystemResources, createPerson, query, requestResetLink, signUp } from '../support/system';

jest.setTimeout(60_000);

afterAll(async () => {
  await closeSystemResources();
});

type Me = { currentUser: CurrentUser | null };

/** A member who signed up and enrolled on /profile: her secret and recovery codes. */
async function enrolledMember(label: string) {
  const member = await signUp(label);
  const { secret, otpauthUrl } = await member.session.post<{ secret: string; otpauthUrl: string }>(
    '/api/auth/second-factor/enrol',
  );
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const step = timeStep();
  const { recoveryCodes } = await member.session.post<{ recoveryCodes: string[] }>(
    '/api/auth/second-factor/enrol/confirm',
    { code: await totpCode(secret, step) },
  );
  return { ...member, secret, recoveryCodes, enrolledStep: step };
}

/** The password step: the challenge (no session) for an enrolled person. */
async function passwordStep(email: string, password: string) {
  const session = newSession();
  const answer = await session.request<SignInResponse>('POST', '/api/auth/signin', { email, password });
  expect(answer.status).toBe(200);
  return { session, answer: answer.body };
}

describe('enrolment on /profile', () => {
  it('confirms with a first code and hands out ten recovery codes once', async () => {
    const member = await signUp('enrol');
    expect(await member.session.get('/api/auth/second-factor')).toMatchObject({ enrolled: false, required: false });
    const { secret } = await member.session.post<{ secret: string }>('/api/auth/second-factor/enrol');
    const wrong = await member.session.request('POST', '/api/auth/second-factor/enrol/confirm', { code: '000000' });
    expect(wrong.status).toBe(400);
    const { recoveryCodes } = await member.session.post<{ recoveryCodes: string[] }>(
      '/api/auth/second-factor/enrol/confirm',
      { code: await totpCode(secret) },
    );
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(await member.session.get('/api/auth/second-factor')).toMatchObject({
      enrolled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
    // At rest: the secret encrypted, the recovery codes hashed.
    const [row] = await query<{ secret_ciphertext: string }>(
      'auth',
      'SELECT secret_ciphertext FROM second_factors WHERE user_id = $1',
      [member.id],
    );
    expect(row?.secret_ciphertext).not.toContain(secret);
    const hashes = await query<{ code_hash: string }>(
      'auth',
      'SELECT code_hash FROM recovery_codes WHERE user_id = $1',
      [member.id],
    );
    expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]);
    // A second enrolment is refused while one is confirmed.
    expect((await member.session.request('POST', '/api/auth/second-factor/enrol')).status).toBe(409);
  });
});

describe('sign-in with a second factor', () => {
  it('gives no session for the password alone; the right code does, once', async () => {
    const member = await enrolledMember('second-step');
    const { session, answer } = await passwordStep(member.email, member.password);
    expect(answer.currentUser).toBeNull();
    expect(answer.secondFactor).toMatchObject({ next: 'code' });
    expect(session.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await session.get<Me>('/api/auth/me')).currentUser).toBeNull();

    // The step after the enrolment's (the enrolment used its own step).
    const code = await totpCode(member.secret, member.enrolledStep + 1);
    const passed = await session.request<Me>('POST', '/api/auth/signin/code', {
      token: answer.secondFactor?.token,
      code,
    });
    expect(passed.status).toBe(200);
    expect(passed.body.currentUser?.id).toBe(member.id);
    expect((await session.get<Me>('/api/auth/me')).currentUser?.id).toBe(member.id);
    expect(await session.get('/api/auth/second-factor')).toMatchObject({ sessionPassed: true });

    // The same code again, with a new password step: refused (its time step is used).
    const again = await passwordStep(member.email, member.password);
    const replay = await again.session.request('POST', '/api/auth/signin/code', {
      token: again.answer.secondFactor?.token,
      code,
    });
    expect(replay.status).toBe(401);
    expect(again.session.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses a code two steps old and a wrong code, and accepts one step of drift', async () => {
    const member = await enrolledMember('drift');
    const { session, answer } = await passwordStep(member.email, member.password);
    const token = answer.secondFactor?.token;
    const old = await session.request('POST', '/api/auth/signin/code', {
      token,
      code: await totpCode(member.secret, timeStep() - 2),
    });
    expect(old.status).toBe(401);
    expect((await session.request('POST', '/api/auth/signin/code', { token, code: '123456x' })).status).toBe(401);
    const drifted = await session.request<Me>('POST', '/api/auth/signin/code', {
      token,
      code: await totpCode(member.secret, timeStep() + 1),
    });
    expect(drifted.status).toBe(200);
  });

  it('accepts a recovery code once', async () => {
    const member = await enrolledMember('recovery');
    const [recovery] = member.recoveryCodes;
    const first = await passwordStep(member.email, member.password);
    const passed = await first.session.request<Me>('POST', '/api/auth/signin/code', {
      token: first.answer.secondFactor?.token,
      // Copied loosely: upper case, with spaces.
      code: ` ${recovery?.toUpperCase()} `,
    });
    expect(passed.status).toBe(200);
    expect(await first.session.get('/api/auth/second-factor')).toMatchObject({
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
    });
    const second = await passwordStep(member.email, member.password);
    const reused = await second.session.request('POST', '/api/auth/signin/code', {
      token: second.answer.secondFactor?.token,
      code: recovery,
    });
    expect(reused.status).toBe(401);
  });

  it('refuses a forged or expired token, and an enrolment token at the code step', async () => {
    const anonymous = newSession();
    const forged = await anonymous.request('POST', '/api/auth/signin/code', { token: 'not-a-token', code: '123456' });
    expect(forged.status).toBe(401);
  });

  it('keeps the second factor through a password reset: the reset ends in the second step', async () => {
    const member = await enrolledMember('reset-keeps');
    const { token } = await requestResetLink(member.email);
    const session = newSession();
    const reset = await session.request<{ user: unknown; secondFactor?: { next: string } }>(
      'POST',
      `/api/auth/reset-password/${token}`,
      { password: 'A-New-Passw0rd!', confirmPassword: 'A-New-Passw0rd!' },
    );
    expect(reset.status).toBe(200);
    expect(reset.body.user).toBeNull();
    expect(reset.body.secondFactor?.next).toBe('code');
    expect(session.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('regenerates recovery codes and disables only after a fresh password and code', async () => {
    const member = await enrolledMember('manage');
    const noPassword = await member.session.request('POST', '/api/auth/second-factor/recovery-codes', {
      password: 'wrong-password',
      code: member.recoveryCodes[0],
    });
    expect(noPassword.status).toBe(400);
    const { recoveryCodes } = await member.session.post<{ recoveryCodes: string[] }>(
      '/api/auth/second-factor/recovery-codes',
      { password: member.password, code: member.recoveryCodes[1] },
    );
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    // The old codes stopped working.
    const oldCode = await member.session.request('POST', '/api/auth/second-factor/disable', {
      password: member.password,
      code: member.recoveryCodes[2],
    });
    expect(oldCode.status).toBe(400);
    expect(
      (
        await member.session.request('POST', '/api/auth/second-factor/disable', {
          password: member.password,
          code: recoveryCodes[0],
        })
      ).status,
    ).toBe(204);
    const { answer } = await passwordStep(member.email, member.password);
    expect(answer.currentUser?.id).toBe(member.id);
    expect(answer.secondFactor).toBeUndefined();
  });
});

describe('admins', () => {
  it('the seeded admin is enrolled at seed time (npm start prints her secret)', async () => {
    expect(seededUsers.admin.totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    const { answer } = await passwordStep(seededUsers.admin.email, seededUsers.admin.password);
    expect(answer.currentUser).toBeNull();
    expect(answer.secondFactor?.next).toBe('code');
  });

  it('an admin without a second factor can reach only the enrolment', async () => {
    const { session: admin } = await freshAdmin('policy-admin');
    const person = await createPerson(admin, 'unenrolled-admin', { role: 'admin' });
    const { session, answer } = await passwordStep(person.email, person.password);
    expect(answer.currentUser).toBeNull();
    expect(answer.secondFactor?.next).toBe('enrol');
    const token = answer.secondFactor?.token;
    // No session: nothing else answers.
    expect(session.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await session.request('GET', '/api/user/read-many')).status).toBe(401);
    expect((await session.request('GET', '/api/auth/second-factor')).status).toBe(401);
    // The enrolment token is not a code-step token.
    expect((await session.request('POST', '/api/auth/signin/code', { token, code: '123456' })).status).toBe(401);

    const { secret } = await session.post<{ secret: string }>('/api/auth/signin/enrol', { token });
    const wrong = await session.request('POST', '/api/auth/signin/enrol/confirm', { token, code: '000000' });
    expect(wrong.status).toBe(400);
    const done = await session.post<{ currentUser: CurrentUser; recoveryCodes: string[] }>(
      '/api/auth/signin/enrol/confirm',
      { token, code: await totpCode(secret) },
    );
    expect(done.currentUser.id).toBe(person.id);
    expect(done.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await session.request('GET', '/api/user/read-many')).status).toBe(200);
    // A role that requires it cannot be disabled.
    const disable = await session.request('POST', '/api/auth/second-factor/disable', {
      password: person.password,
      code: done.recoveryCodes[0],
    });
    expect(disable.status).toBe(403);
  });

  it('refuses sign-in-as, role switches and role changes to a session without the second factor', async () => {
    const { session: admin } = await freshAdmin('promoter');
    // A member signed in with her password alone, then made an admin: her session never passed a second factor.
    const member = await signUp('promoted');
    await admin.post('/api/user/upsert', { id: member.id, role: 'admin' });
    // The promotion reaches her session withheld: shown, and treated, as the stand-in role until a second factor.
    await waitFor(async () => (await member.session.get<Me>('/api/auth/me')).currentUser?.withheldRole === 'admin', {
      what: 'the promotion to reach the session',
    });
    const target = await createPerson(admin, 'sign-in-as-target');
    const signInAs = await member.session.request<{ error: string }>('POST', '/api/auth/signinas', {
      email: target.email,
    });
    expect(signInAs.status).toBe(403);
    expect(signInAs.body.error).toBe(SECOND_FACTOR_NEEDED);
    expect((await member.session.request('POST', '/api/auth/switch-role', { role: 'basic' })).status).toBe(403);
    // She acts as a basic member, to whom another member is hidden like a missing one.
    const roleChange = await member.session.request('POST', '/api/user/upsert', { id: target.id, role: 'coach' });
    expect(roleChange.status).toBe(404);
    // The admin who passed the second factor may.
    expect((await admin.request('POST', '/api/user/upsert', { id: target.id, role: 'coach' })).status).toBe(200);
  });

  it("resets another person's second factor: audited and e-mailed", async () => {
    const { session: admin, person: adminPerson } = await freshAdmin('resetter');
    const member = await enrolledMember('lost-phone');
    const since = new Date();
    expect((await admin.request('POST', `/api/auth/second-factor/reset/${member.id}`)).status).toBe(204);
    // Not her own, and a member may not.
    expect((await admin.request('POST', `/api/auth/second-factor/reset/${adminPerson.id}`)).status).toBe(403);
    expect((await member.session.request('POST', `/api/auth/second-factor/reset/${adminPerson.id}`)).status).toBe(403);

    const mail = await readMail(member.email, { subject: /second factor/i, since });
    expect(mail.text).toContain(adminPerson.fullName);
    type Entry = { action: string; actorName: string | null; subjectName?: string | null };
    const entry = await waitFor(
      async () => {
        const res = await admin.request<{ entries: Entry[] }>(
          'GET',
          `/api/user/audit-log?action=user.second-factor-reset&subjectId=${member.id}`,
        );
        return res.status === 200 ? (res.body.entries[0] ?? null) : null;
      },
      { what: 'the reset in the audit log' },
    );
    expect(entry).toMatchObject({ action: 'user.second-factor-reset', actorName: adminPerson.fullName });
    // She signs in with her password alone again (a member is offered, not required, a second factor).
    const { answer } = await passwordStep(member.email, member.password);
    expect(answer.currentUser?.id).toBe(member.id);
  });
});
