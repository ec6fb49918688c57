/**
 * The second factor's routes. The sign-in's second step and the forced enrolment carry the
 * half-signed-in token (no session exists yet); the profile's enrolment, regeneration and disabling, and an admin's
 * reset of another person's, need a session. docs/decisions.md "A second factor for staff".
 */
import {
  enrolmentConfirmSchema,
  type ForcedEnrolmentResponse,
  forcedEnrolmentConfirmSchema,
  forcedEnrolmentSchema,
  idParam,
  passedSecondFactor,
  type RecoveryCodesResponse,
  SECOND_FACTOR_CODE_WRONG,
  SECOND_FACTOR_NOT_ENROLLED,
  SECOND_FACTOR_REQUIRED_FOR_ROLE,
  type SecondStepChallenge,
  type SessionAuthentication,
  secondFactorChangeSchema,
  secondStepSchema,
  storedRoleOf,
  type User,
} from '@rainmakers/contracts';
import { badRequest, forbidden, mailPublicUrl, notFound, parse, unauthorized } from '@rainmakers/kit';
import { type Request, type Response, Router } from 'express';
import { loadPerson } from '../commands/people';
import {
  beginEnrolment,
  confirmEnrolment,
  isEnrolled,
  isRequiredFor,
  issueSecondStepToken,
  readSecondStepToken,
  regenerateRecoveryCodes,
  removeSecondFactor,
  requireFreshProof,
  secondFactorSettings,
  secondFactorStatus,
  spendSecondStepToken,
  useSecondFactor,
} from '../commands/second-factor';
import { startSession } from '../commands/sessions';
import { admitSecondStep, recordSecondStepSuccess, recordSignInFailure } from '../commands/sign-in-limits';
import { announceSignIn } from '../commands/sign-ins';
import type { AuthDeps } from '../deps';
import { secondFactorResetMail } from '../domain/mail';
import { canManageOwnSecondFactor, canResetSecondFactor } from '../policies';
import { presentCurrentUser } from '../presenters';
import {
  bodyOf,
  clientAddress,
  endCallerSessions,
  limitByIp,
  requireSignedIn,
  type SignedIn,
  setSessionCookie,
  tooMany,
} from './http';

/** The session-side view the policies read (the second factor from auth's own session record). */
export const policyActor = (current: SignedIn) => ({
  ...current.actor,
  secondFactor: passedSecondFactor(current.session.authentication),
});

/**
 * After a correct password (sign-in, a reset link, an invitation): the challenge when a second step follows (she is
 * enrolled, or her role requires a second factor she lacks), else null (a session may open).
 */
export async function secondStepFor(
  deps: AuthDeps,
  user: Pick<User, 'id' | 'role'>,
  email: string,
): Promise<SecondStepChallenge | null> {
  const next = (await isEnrolled(deps, user.id)) ? 'code' : isRequiredFor(deps, user.role) ? 'enrol' : null;
  if (next === null) return null;
  const { token, expiresAt } = issueSecondStepToken(deps, { userId: user.id, email, next });
  return { token, next, expiresAt: expiresAt.toISOString() };
}

/** Opens the session a completed sign-in earns, the same way the password-only sign-in does. */
export async function openSession(
  deps: AuthDeps,
  req: Request,
  res: Response,
  user: User,
  authentication: SessionAuthentication,
) {
  await endCallerSessions(deps, req);
  const session = await startSession(deps, { userId: user.id, authentication });
  await announceSignIn(deps, user.id);
  setSessionCookie(deps, res, session);
  return presentCurrentUser(
    user,
    { actingRole: null, impersonatedBy: null, secondFactor: passedSecondFactor(authentication) },
    secondFactorSettings(deps),
  );
}

/**
 * A second step's attempt, limited per (e-mail, address) as passwords are and per account from every address; the
 * address its outcome counts against.
 */
async function admitAttempt(deps: AuthDeps, req: Request, res: Response, email: string): Promise<string> {
  const address = clientAddress(req);
  const admission = await admitSecondStep(deps, email, address);
  if (!admission.admitted) throw tooMany(res, admission.retryAfterSeconds);
  return address;
}

/**
 * A person's own change to her second factor, in users' audit log. Best effort: she has already proven herself and
 * the change is made, so a users service that is down is logged, not turned into a failed sign-in or setting.
 */
async function recordOwnChange(
  deps: AuthDeps,
  userId: number,
  action:
    | 'user.second-factor-enable'
    | 'user.second-factor-disable'
    | 'user.recovery-codes-regenerate'
    | 'user.recovery-code-sign-in',
  change: { before: Record<string, string | null>; after: Record<string, string | null> } | null = null,
): Promise<void> {
  try {
    await deps.users.recordAudit({
      action,
      actorId: userId,
      userId,
      before: change?.before ?? null,
      after: change?.after ?? null,
    });
  } catch (error) {
    deps.logger.warn({ err: error, userId, action }, 'audit entry not recorded');
  }
}

const TURNED_ON = { before: { secondFactor: null }, after: { secondFactor: 'enrolled' } };

export function secondFactorRoutes(deps: AuthDeps): Router {
  const router = Router();

  /**
   * The sign-in's second step: a six-digit code (once: its time step is remembered) or a recovery code (once).
   * Wrong codes count against the (e-mail, address) pair exactly as wrong passwords do, and only a completed
   * sign-in clears that count (a correct password alone does not, so codes cannot be guessed without limit); the
   * account's attempts from all addresses together are bounded too. The token opens one session.
   */
  router.post('/signin/code', async (req, res) => {
    const input = parse(secondStepSchema, bodyOf(req));
    await limitByIp(deps, req, res, 'signin');
    const claims = await readSecondStepToken(deps, input.token, 'code');
    const address = await admitAttempt(deps, req, res, claims.email);
    const authentication = await useSecondFactor(deps, claims.userId, input.code);
    if (!authentication) {
      await recordSignInFailure(deps, claims.email, address);
      throw unauthorized(SECOND_FACTOR_CODE_WRONG);
    }
    const user = await loadPerson(deps, claims.userId);
    if (!user) throw unauthorized();
    await spendSecondStepToken(deps, claims);
    await recordSecondStepSuccess(deps, claims.email, address);
    if (authentication === 'password+recovery-code') await recordOwnChange(deps, user.id, 'user.recovery-code-sign-in');
    res.json({ currentUser: await openSession(deps, req, res, user, authentication) });
  });

  /** Forced enrolment (an admin without a second factor): the secret to add to an app. Nothing else is open to her. */
  router.post('/signin/enrol', async (req, res) => {
    const input = parse(forcedEnrolmentSchema, bodyOf(req));
    await limitByIp(deps, req, res, 'signin');
    const claims = await readSecondStepToken(deps, input.token, 'enrol');
    res.json(await beginEnrolment(deps, claims.userId, claims.email));
  });

  /** Forced enrolment confirmed by a first code: the recovery codes (shown once) and, at last, a session. */
  router.post('/signin/enrol/confirm', async (req, res) => {
    const input = parse(forcedEnrolmentConfirmSchema, bodyOf(req));
    await limitByIp(deps, req, res, 'signin');
    const claims = await readSecondStepToken(deps, input.token, 'enrol');
    const address = await admitAttempt(deps, req, res, claims.email);
    let recoveryCodes: string[];
    try {
      recoveryCodes = await confirmEnrolment(deps, claims.userId, input.code);
    } catch (error) {
      await recordSignInFailure(deps, claims.email, address);
      throw error;
    }
    const user = await loadPerson(deps, claims.userId);
    if (!user) throw unauthorized();
    await spendSecondStepToken(deps, claims);
    await recordSecondStepSuccess(deps, claims.email, address);
    await recordOwnChange(deps, user.id, 'user.second-factor-enable', TURNED_ON);
    const currentUser = await openSession(deps, req, res, user, 'password+totp');
    res.json({ currentUser, recoveryCodes } satisfies ForcedEnrolmentResponse);
  });

  router.get('/second-factor', async (req, res) => {
    const current = await requireSignedIn(deps, req);
    res.json(
      await secondFactorStatus(
        deps,
        current.session.userId,
        storedRoleOf(current.actor),
        passedSecondFactor(current.session.authentication),
      ),
    );
  });

  /** /profile: begins an enrolment (a new secret each time until confirmed). */
  router.post('/second-factor/enrol', async (req, res) => {
    const current = await requireSignedIn(deps, req);
    if (!canManageOwnSecondFactor(policyActor(current))) throw forbidden();
    const person = await loadPerson(deps, current.session.userId);
    if (!person) throw unauthorized();
    res.json(await beginEnrolment(deps, person.id, person.email));
  });

  router.post('/second-factor/enrol/confirm', async (req, res) => {
    const current = await requireSignedIn(deps, req);
    if (!canManageOwnSecondFactor(policyActor(current))) throw forbidden();
    const input = parse(enrolmentConfirmSchema, bodyOf(req));
    const recoveryCodes = await confirmEnrolment(deps, current.session.userId, input.code);
    await recordOwnChange(deps, current.session.userId, 'user.second-factor-enable', TURNED_ON);
    res.json({ recoveryCodes } satisfies RecoveryCodesResponse);
  });

  /** New recovery codes (the old ones stop working), after a fresh password and code. */
  router.post('/second-factor/recovery-codes', async (req, res) => {
    const current = await requireSignedIn(deps, req);
    if (!canManageOwnSecondFactor(policyActor(current))) throw forbidden();
    const input = parse(secondFactorChangeSchema, bodyOf(req));
    await limitByIp(deps, req, res, 'second-factor');
    await requireFreshProof(deps, current.session.userId, input.password, input.code);
    const recoveryCodes = await regenerateRecoveryCodes(deps, current.session.userId);
    await recordOwnChange(deps, current.session.userId, 'user.recovery-codes-regenerate');
    res.json({ recoveryCodes });
  });

  /** Turns the second factor off, after a fresh password and code; not for a role that requires one. */
  router.post('/second-factor/disable', async (req, res) => {
    const current = await requireSignedIn(deps, req);
    if (!canManageOwnSecondFactor(policyActor(current))) throw forbidden();
    if (isRequiredFor(deps, storedRoleOf(current.actor))) throw forbidden(SECOND_FACTOR_REQUIRED_FOR_ROLE);
    const input = parse(secondFactorChangeSchema, bodyOf(req));
    await limitByIp(deps, req, res, 'second-factor');
    await requireFreshProof(deps, current.session.userId, input.password, input.code);
    await removeSecondFactor(deps, current.session.userId);
    await recordOwnChange(deps, current.session.userId, 'user.second-factor-disable', {
      before: { secondFactor: 'enrolled' },
      after: { secondFactor: null },
    });
    res.status(204).end();
  });

  /**
   * An admin resets another person's second factor (a lost phone): audited in users' log first (no reset the log
   * could not record), then removed, then the person is told by e-mail.
   */
  router.post('/second-factor/reset/:userId', async (req, res) => {
    const current = await requireSignedIn(deps, req);
    const userId = parse(idParam, req.params.userId);
    if (!canResetSecondFactor(policyActor(current), userId)) throw forbidden();
    const [target, admin] = await Promise.all([loadPerson(deps, userId), loadPerson(deps, current.session.userId)]);
    if (!target) throw notFound('User not found');
    if (!admin) throw unauthorized();
    if (!(await isEnrolled(deps, userId))) throw badRequest(SECOND_FACTOR_NOT_ENROLLED);
    await deps.users.recordAudit({
      action: 'user.second-factor-reset',
      actorId: admin.id,
      userId,
      before: { secondFactor: 'enrolled' },
      after: { secondFactor: null },
    });
    await removeSecondFactor(deps, userId);
    const mail = secondFactorResetMail({
      fullName: target.fullName,
      adminName: admin.fullName,
      profileLink: `${mailPublicUrl(deps.config)}/profile`,
    });
    await deps.mail.send({ to: target.email, ...mail });
    res.status(204).end();
  });

  return router;
}
