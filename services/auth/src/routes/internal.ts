import { credentialsUpsertSchema, idParam, internalSecondFactorSchema } from '@rainmakers/contracts';
import { notFound, parse, requireService } from '@rainmakers/kit';
import { Router } from 'express';
import { setCredentials } from '../commands/credentials';
import { enrolWithSecret } from '../commands/second-factor';
import { findLiveSession, refreshSessionMirror, touchLiveSession } from '../commands/sessions';
import type { AuthDeps } from '../deps';
import { toSessionRecord } from '../domain/sessions';
import { presentOwnAuthExport } from '../presenters';
import { ownAuthFacts } from '../store/account';
import { bodyOf } from './http';

/** /internal/*: other services only (service token), never routed by the gateway. */
export function internalRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.use(requireService);

  /**
   * users sets a password (admin's user form, the person's own profile with currentPassword). Every session
   * of the account ends but keepSessionId (the one the person changed it from).
   */
  router.put('/credentials/:userId', async (req, res) => {
    const userId = parse(idParam, req.params.userId);
    const input = parse(credentialsUpsertSchema, bodyOf(req));
    await setCredentials(deps, {
      userId,
      email: input.email,
      password: input.password,
      currentPassword: input.currentPassword,
      keepSessionId: input.keepSessionId,
    });
    res.status(204).end();
  });

  /** Her part of her own export (the gateway gathers GET /api/account/export). */
  router.get('/users/:userId/export', async (req, res) => {
    const userId = parse(idParam, req.params.userId);
    res.json(presentOwnAuthExport(await ownAuthFacts(deps.db, userId)));
  });

  /** The seed enrols its admin with a known secret (printed by `npm start`); the recovery codes back. */
  router.put('/second-factor/:userId', async (req, res) => {
    const userId = parse(idParam, req.params.userId);
    const input = parse(internalSecondFactorSchema, bodyOf(req));
    res.json({ recoveryCodes: await enrolWithSecret(deps, userId, input.secret) });
  });

  /**
   * The gateway saw the session in use (at most every SESSION_TOUCH_INTERVAL_SECONDS): last-seen moves forward,
   * so the idle timeout starts again. 404 when the session is not live.
   */
  router.post('/sessions/:sid/touch', async (req, res) => {
    const sid = String(req.params.sid);
    const session = sid.length <= 100 ? await touchLiveSession(deps, sid) : null;
    if (!session) throw notFound('Session not found');
    res.json({ session: { id: session.id, ...toSessionRecord(session) } });
  });

  /** The gateway's fallback when a session is not mirrored in Redis; re-populates the mirror. */
  router.get('/sessions/:sid', async (req, res) => {
    const sid = String(req.params.sid);
    const session = sid.length <= 100 ? await findLiveSession(deps, sid) : null;
    if (!session) throw notFound('Session not found');
    await refreshSessionMirror(deps, session);
    res.json({ session: { id: session.id, ...toSessionRecord(session) } });
  });

  return router;
}
