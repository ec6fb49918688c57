/**
 * GET /api/user/overview/{id} on the users service: the users part of the member page (the person, their tags, the
 * audit entries about them), answered to the gateway as the viewer. The gateway adds the other services' parts
 * (gateway/src/member-overview.ts); this route decides who may open the page at all.
 */
import { idParam, MEMBER_OVERVIEW_LIMITS, type MemberOverviewCore } from '@rainmakers/contracts';
import { forbidden, notFound, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { canReadMemberOverview, canReadUser, memberOverviewPartsFor } from '../policies';
import { presentUserFor } from '../presenters';
import { listAudit } from '../store/audit';
import { findUserById, type UsersDb } from '../store/users';
import { USER_NOT_FOUND } from './users';

export function overviewRoutes(deps: { db: UsersDb }): Router {
  const router = Router();
  router.get('/overview/:id', async (req, res) => {
    const actor = requireActor(req);
    const user = await findUserById(deps.db, parse(idParam, req.params.id));
    if (!user || !canReadUser(actor, user)) throw notFound(USER_NOT_FOUND);
    if (!canReadMemberOverview(actor, user)) throw forbidden();
    const history = memberOverviewPartsFor(actor).includes('history')
      ? await listAudit(deps.db, { userId: user.id, limit: MEMBER_OVERVIEW_LIMITS.history, offset: 0 })
      : null;
    const answer: MemberOverviewCore = {
      person: presentUserFor(actor, user),
      history:
        history?.entries.map((e) => ({
          id: e.id,
          at: e.at.toISOString(),
          actorId: e.actorId,
          actorName: e.actorName,
          action: e.action,
          before: e.before,
          after: e.after,
        })) ?? null,
      historyTotal: history?.totalCount ?? null,
    };
    res.set('Cache-Control', 'no-store').json(answer);
  });
  return router;
}
