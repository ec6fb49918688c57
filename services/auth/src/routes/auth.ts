import {
  acceptInvitationSchema,
  EMAIL_IN_USE_SIGN_IN,
  FORGOT_PASSWORD_SENT,
  forgotPasswordSchema,
  INVALID_CREDENTIALS,
  INVITATION_LINK_INVALID,
  PERSON_VERSION_HEADER,
  passedSecondFactor,
  RESET_LINK_INVALID,
  resetPasswordSchema,
  SECOND_FACTOR_NEEDED,
  type SignInResponse,
  signInAsSchema,
  signInSchema,
  signUpSchema,
  switchRoleSchema,
} from '@rainmakers/contracts';
import { badRequest, forbidden, HttpError, notFound, parse, unauthorized } from '@rainmakers/kit';
import { type Request, type Response, Router } from 'express';
import { authenticate, setCredentials } from '../commands/credentials';
import { acceptInvitation } from '../commands/invitations';
import { requestPasswordReset, resetPassword } from '../commands/password-reset';
import { loadPerson } from '../commands/people';
import { secondFactorSettings } from '../commands/second-factor';
import { endSession, startSession, switchActingRole } from '../commands/sessions';
import { admitSignIn, recordSignInFailure, recordSignInSuccess } from '../commands/sign-in-limits';
import type { AuthDeps } from '../deps';
import { hashPassword } from '../domain/passwords';
import { canReturnFromSignInAs, canSignInAs, canSwitchRole, isAdminAccount } from '../policies';
import { presentCurrentUser } from '../presenters';
import { savePerson } from '../store/people';
import {
  bodyOf,
  clearSessionCookie,
  clientAddress,
  endCallerSessions,
  limitByIp,
  loadCurrentUser,
  requireSignedIn,
  type SignedIn,
  setSessionCookie,
  signedIn,
  tooMany,
} from './http';
import { openSession, policyActor, secondStepFor } from './second-factor';

/** Field names of users' POST /internal/users errors, as the sign-up form knows them. */
const SIGNUP_FIELD = { users_email: 'email', email: 'email', fullName: 'fullName', tagIds: 'signuptags' } as const;

/** /api/auth/*: open to everyone (the gateway sets req.actor when it found a live session). */
export function authRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.post('/signin', async (req, res) => {
    const input = parse(signInSchema, bodyOf(req));
    // Redis first (limits): when it is down, sign-in fails here before anything is written.
    await limitByIp(deps, req, res, 'signin');
    const address = clientAddress(req);
    const admission = await admitSignIn(deps, input.email, address);
    if (!admission.admitted) throw tooMany(res, admission.retryAfterSeconds);

    const userId = await authenticate(deps, input.email, input.password);
    const user = userId === null ? null : await loadPerson(deps, userId);
    if (!user) {
      await recordSignInFailure(deps, input.email, address);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    // An enrolled person (or one whose role requires a second factor) gets no session yet, only the
    // half-signed-in token; the pair's failures are cleared when the second step completes, not here.
    const secondFactor = await secondStepFor(deps, user, input.email);
    if (secondFactor) {
      res.json({ currentUser: null, secondFactor } satisfies SignInResponse);
      return;
    }
    await recordSignInSuccess(deps, input.email, address);
    res.json({ currentUser: await openSession(deps, req, res, user, 'password') } satisfies SignInResponse);
  });

  router.post('/signup', async (req, res) => {
    const body = bodyOf(req);
    if (body.signuptags === undefined && req.query.signuptags !== undefined) body.signuptags = req.query.signuptags;
    const input = parse(signUpSchema, body);
    await limitByIp(deps, req, res, 'signup');
    const passwordHash = await hashPassword(input.password);
    let user: Awaited<ReturnType<AuthDeps['users']['createUser']>>;
    try {
      user = await deps.users.createUser({
        fullName: input.fullName,
        email: input.email,
        role: 'basic',
        tagIds: input.signuptags ?? [],
      });
    } catch (error) {
      throw signUpError(error);
    }
    await setCredentials(deps, { userId: user.id, email: input.email, passwordHash });
    // Until users' event arrives, /me answers from this copy (version 0: the event replaces it).
    await savePerson(deps.db, user, 0, new Date());
    res.status(201).json({ currentUser: await openSession(deps, req, res, user, 'password') });
  });

  router.post('/signout', async (req, res) => {
    await endCallerSessions(deps, req);
    clearSessionCookie(deps, res);
    res.status(204).end();
  });

  router.get('/me', async (req, res) => {
    const current = await signedIn(deps, req);
    const loaded = current ? await loadCurrentUser(deps, current.session) : null;
    // For the gateway, which may replay this answer while the person's profile stays at this version.
    if (loaded) res.set(PERSON_VERSION_HEADER, String(loaded.personVersion));
    res.json({ currentUser: loaded?.currentUser ?? null });
  });

  router.post('/forgot-password', async (req, res) => {
    const input = parse(forgotPasswordSchema, bodyOf(req));
    await limitByIp(deps, req, res, 'forgot-password');
    // The same answer, at the same moment, whether or not the account exists; the work happens after it.
    res.json({ message: FORGOT_PASSWORD_SENT });
    try {
      // The link uses PUBLIC_URL, never the request's address (docs/decisions.md "One e-mail layout").
      const outcome = await requestPasswordReset(deps, input.email);
      req.log.info({ outcome }, 'password reset requested');
    } catch (error) {
      req.log.error({ err: error }, 'password reset request failed');
    }
  });

  router.post('/reset-password/:token', async (req, res) => {
    const input = parse(resetPasswordSchema, bodyOf(req));
    await limitByIp(deps, req, res, 'reset-password');
    const userId = await resetPassword(deps, String(req.params.token), input.password);
    const user = await loadPerson(deps, userId);
    if (!user) throw badRequest(RESET_LINK_INVALID);
    // A reset keeps the second factor; the sign-in it ends with asks for it.
    await signInAfterLink(deps, req, res, user);
  });

  /** An invitation link sets the first password and signs the person in (as a reset does). */
  router.post('/invitation/:token', async (req, res) => {
    const input = parse(acceptInvitationSchema, bodyOf(req));
    await limitByIp(deps, req, res, 'invitation');
    const userId = await acceptInvitation(deps, String(req.params.token), input.password);
    const user = await loadPerson(deps, userId);
    if (!user) throw badRequest(INVITATION_LINK_INVALID);
    // An invited admin sets up her second factor before her first session.
    await signInAfterLink(deps, req, res, user);
  });

  router.post('/signinas', async (req, res) => {
    const current = await requireSignedIn(deps, req);
    if (!canSignInAs(policyActor(current))) {
      throw forbidden(isAdminAccount(policyActor(current)) ? secondFactorNeeded(current) : undefined);
    }
    const input = parse(signInAsSchema, bodyOf(req));
    const [target, admin] = await Promise.all([
      deps.users.findUserByEmail(input.email),
      loadPerson(deps, current.session.userId),
    ]);
    if (!target) throw notFound('No user with this email address');
    if (!admin) throw unauthorized();
    if (target.id === admin.id)
      throw badRequest('You are already signed in as this user', { email: 'You are already signed in as this user' });
    // The admin at the keyboard passed the second factor; her way back keeps that (signinas/back).
    const session = await startSession(deps, {
      userId: target.id,
      impersonatorId: admin.id,
      authentication: current.session.authentication,
    });
    // Audited in users' log, or not done: a sign-in-as the log could not record ends at once.
    try {
      await deps.users.recordAudit({
        action: 'user.sign-in-as',
        actorId: admin.id,
        userId: target.id,
        before: { signedInAs: admin.email },
        after: { signedInAs: target.email },
      });
    } catch (error) {
      await endSession(deps, session.id);
      throw error;
    }
    await endSession(deps, current.session.id);
    setSessionCookie(deps, res, session);
    res.json({
      currentUser: presentCurrentUser(
        target,
        {
          actingRole: null,
          impersonatedBy: { id: admin.id, fullName: admin.fullName },
          secondFactor: passedSecondFactor(session.authentication),
        },
        secondFactorSettings(deps),
      ),
    });
  });

  router.post('/signinas/back', async (req, res) => {
    const current = await requireSignedIn(deps, req);
    if (!canReturnFromSignInAs(policyActor(current)) || current.session.impersonatorId === null) throw forbidden();
    const admin = await loadPerson(deps, current.session.impersonatorId);
    await endSession(deps, current.session.id);
    if (!admin) {
      clearSessionCookie(deps, res);
      throw unauthorized();
    }
    const person = await loadPerson(deps, current.session.userId);
    // Recorded before the admin's own session opens (the sign-in-as has ended either way).
    await deps.users.recordAudit({
      action: 'user.sign-in-as-back',
      actorId: admin.id,
      userId: current.session.userId,
      before: { signedInAs: person?.email ?? null },
      after: { signedInAs: admin.email },
    });
    const session = await startSession(deps, { userId: admin.id, authentication: current.session.authentication });
    setSessionCookie(deps, res, session);
    res.json({
      currentUser: presentCurrentUser(
        admin,
        { actingRole: null, impersonatedBy: null, secondFactor: passedSecondFactor(session.authentication) },
        secondFactorSettings(deps),
      ),
    });
  });

  router.post('/switch-role', async (req, res) => {
    const current = await requireSignedIn(deps, req);
    if (!canSwitchRole(policyActor(current))) {
      throw forbidden(isAdminAccount(policyActor(current)) ? secondFactorNeeded(current) : undefined);
    }
    const { role } = parse(switchRoleSchema, bodyOf(req));
    // Recorded first: a switch users' log cannot record is not made.
    await deps.users.recordAudit({
      action: 'user.role-switch',
      actorId: current.session.userId,
      userId: current.session.userId,
      before: { displayedRole: current.session.actingRole ?? current.actor.accountRole },
      after: { displayedRole: role },
    });
    const session = await switchActingRole(deps, current.session.id, role);
    if (!session) throw unauthorized();
    const loaded = await loadCurrentUser(deps, session);
    if (!loaded) throw unauthorized();
    res.json({ currentUser: loaded.currentUser });
  });

  return router;
}

/** The 403 text for an admin whose session lacks the second factor; the generic one otherwise. */
function secondFactorNeeded(current: SignedIn): string | undefined {
  return passedSecondFactor(current.session.authentication) ? undefined : SECOND_FACTOR_NEEDED;
}

/** users' answer to a sign-up, in the sign-up form's terms. */
function signUpError(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.status >= 500) return error;
  if (error.status === 409 || error.fieldErrors?.users_email) {
    return badRequest(EMAIL_IN_USE_SIGN_IN, { email: EMAIL_IN_USE_SIGN_IN });
  }
  if (error.status === 400) {
    const fields: Record<string, string> = {};
    for (const [field, message] of Object.entries(error.fieldErrors ?? {})) {
      const key = field.split('.')[0] as keyof typeof SIGNUP_FIELD;
      fields[SIGNUP_FIELD[key] ?? field] ??= message;
    }
    return badRequest(error.message, Object.keys(fields).length > 0 ? fields : undefined);
  }
  return error;
}

/**
 * The end of a reset or invitation link: a session, or the second step when the person has a second
 * factor or her role requires one; the caller's own sessions end either way.
 */
async function signInAfterLink(
  deps: AuthDeps,
  req: Request,
  res: Response,
  user: NonNullable<Awaited<ReturnType<typeof loadPerson>>>,
): Promise<void> {
  const secondFactor = await secondStepFor(deps, user, user.email);
  if (secondFactor) {
    await endCallerSessions(deps, req);
    res.json({ user: null, secondFactor });
    return;
  }
  res.json({ user: await openSession(deps, req, res, user, 'password') });
}
