import { credentialsUpsertSchema, idParam } from '@rainmakers/contracts';
import { notFound, parse, requireService } from '@rainmakers/kit';
import { Router } from 'express';
import { setCredentials } from '../commands/credentials';
import { findLiveSession, refreshSessionMirror } from '../commands/sessions';
import type { AuthDeps } from '../deps';
import { toSessionRecord } from '../domain/sessions';
import { bodyOf } from './http';

/** /internal/*: other services only (service token), never routed by the gateway. */
export function internalRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.use(requireService);

  /** users sets a password (admin-created account, profile password change). Other sessions stay. */
  router.put('/credentials/:userId', async (req, res) => {
    const userId = parse(idParam, req.params.userId);
    const input = parse(credentialsUpsertSchema, bodyOf(req));
    await setCredentials(deps, { userId, email: input.email, password: input.password });
    res.status(204).end();
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
