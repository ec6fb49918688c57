import { randomBytes } from 'node:crypto';
import { type Actor, type CurrentUser, cookieNames, passedSecondFactor } from '@rainmakers/contracts';
import {
  csrfTokenFor,
  HttpError,
  readCookie,
  signSessionToken,
  unauthorized,
  verifySessionToken,
} from '@rainmakers/kit';
import type { Request, Response } from 'express';
import { loadPersonCopy } from '../commands/people';
import { secondFactorSettings } from '../commands/second-factor';
import { endSession, findLiveSession } from '../commands/sessions';
import type { AuthDeps } from '../deps';
import { csrfCookieOptions, isHttps, type Session, sessionCookieOptions } from '../domain/sessions';
import { presentCurrentUser } from '../presenters';
import { findFullName } from '../store/people';

/** The cookie names for the product's scheme (`__Host-` names over https). */
const namesFor = (deps: AuthDeps) => cookieNames(isHttps(deps.config.PUBLIC_URL));

/** The gateway's actor together with auth's own live record of the session it came with. */
export interface SignedIn {
  /** The actor, with impersonatorId taken from the session record. */
  actor: Actor;
  session: Session;
}

/** The caller's live session, or null (anonymous, or the session ended since the gateway looked). */
export async function signedIn(deps: AuthDeps, req: Request): Promise<SignedIn | null> {
  const actor = req.actor;
  if (!actor) return null;
  const session = await findLiveSession(deps, actor.sessionId);
  if (!session || session.userId !== actor.userId) return null;
  return { actor: { ...actor, impersonatorId: session.impersonatorId }, session };
}

export async function requireSignedIn(deps: AuthDeps, req: Request): Promise<SignedIn> {
  const current = await signedIn(deps, req);
  if (!current) throw unauthorized();
  return current;
}

/** Session ids this browser holds: the gateway's actor, and the cookie itself when its signature is ours. */
export function callerSessionIds(deps: AuthDeps, req: Request): string[] {
  const ids = new Set<string>();
  if (req.actor) ids.add(req.actor.sessionId);
  const token = readCookie(req.headers.cookie, namesFor(deps).session);
  const claims = token ? verifySessionToken(token, deps.config.sessionKeys) : null;
  if (claims) ids.add(claims.sid);
  return [...ids];
}

/**
 * Sets the session cookie and, beside it, the CSRF cookie bound to the new session (kit csrfTokenFor): every
 * sign-in rotates the CSRF token, and a token read before it no longer passes the gateway.
 */
export function setSessionCookie(deps: AuthDeps, res: Response, session: Session): void {
  const names = namesFor(deps);
  const token = signSessionToken(session, deps.config.SESSION_SECRET);
  res.cookie(names.session, token, sessionCookieOptions(deps.config.PUBLIC_URL, session.expiresAt));
  res.cookie(
    names.csrf,
    csrfTokenFor(session.id, deps.config.SESSION_SECRET),
    csrfCookieOptions(deps.config.PUBLIC_URL),
  );
}

/** Clears the session cookie; the browser gets a fresh anonymous CSRF token (so it can sign in again at once). */
export function clearSessionCookie(deps: AuthDeps, res: Response): void {
  const names = namesFor(deps);
  res.clearCookie(names.session, sessionCookieOptions(deps.config.PUBLIC_URL));
  res.cookie(names.csrf, randomBytes(32).toString('base64url'), csrfCookieOptions(deps.config.PUBLIC_URL));
}

/** The client's address as the gateway established it (X-Forwarded-For is trusted only from the gateway). */
export const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Counts an attempt of `action` from the client's address (X-Forwarded-For from the gateway); 429 over the limit. */
export async function limitByIp(deps: AuthDeps, req: Request, res: Response, action: string): Promise<void> {
  const { AUTH_MAX_ATTEMPTS_PER_IP, AUTH_IP_WINDOW_SECONDS } = deps.config;
  const { count, retryAfterSeconds } = await deps.limiter.hit(
    `${action}:ip:${clientAddress(req)}`,
    AUTH_IP_WINDOW_SECONDS,
  );
  if (count > AUTH_MAX_ATTEMPTS_PER_IP) throw tooMany(res, retryAfterSeconds);
}

export function tooMany(res: Response, retryAfterSeconds: number): HttpError {
  res.set('Retry-After', String(Math.max(1, retryAfterSeconds)));
  return new HttpError(429, 'Too many attempts. Please wait a moment and try again.');
}

/** A JSON body as an object (a missing or non-object body validates as empty, so every field gets its message). */
export function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
}

/** Ends the sessions this browser held (before it gets a new one, or on sign-out). */
export async function endCallerSessions(deps: AuthDeps, req: Request): Promise<void> {
  for (const sid of callerSessionIds(deps, req)) await endSession(deps, sid);
}

/**
 * The person (auth's own copy, see commands/people) + the session's view of it, with the version of the copy;
 * null when users no longer knows the person. No call to users for anyone auth has seen.
 */
export async function loadCurrentUser(
  deps: AuthDeps,
  session: Session,
): Promise<{ currentUser: CurrentUser; personVersion: number } | null> {
  const [copy, impersonatorName] = await Promise.all([
    loadPersonCopy(deps, session.userId),
    session.impersonatorId === null ? null : findFullName(deps.db, session.impersonatorId),
  ]);
  if (!copy) return null;
  const impersonatedBy =
    session.impersonatorId === null ? null : { id: session.impersonatorId, fullName: impersonatorName ?? '' };
  return {
    currentUser: presentCurrentUser(
      copy.user,
      { actingRole: session.actingRole, impersonatedBy, secondFactor: passedSecondFactor(session.authentication) },
      secondFactorSettings(deps),
    ),
    personVersion: copy.version,
  };
}
