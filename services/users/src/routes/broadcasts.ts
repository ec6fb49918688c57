/**
 * Broadcasts (admins) and the unsubscribe they carry (docs/decisions.md "Broadcasts and unsubscribe"):
 * - POST /api/broadcast: queue one (202 {jobId, recipients}); `dryRun: true` answers the count only (200);
 * - POST /api/broadcast/count: how many subscribed people an audience reaches now;
 * - GET /api/broadcast: the history, newest first, a page at a time; GET /api/broadcast/{jobId}: one's progress;
 * - POST /api/unsubscribe?token=: a mail client's one-click POST (RFC 8058) or the landing page's button; no
 *   session, no CSRF: the signed token names the person and is the only credential. `{subscribe: true}` undoes it;
 * - GET/PUT /api/user/broadcast-settings: her own switch on /profile.
 */
import {
  BROADCAST_JOB_ID,
  type BroadcastAudience,
  type BroadcastStatus,
  broadcastAudienceSchema,
  broadcastCountSchema,
  broadcastListQuerySchema,
  broadcastSchema,
  broadcastSettingsSchema,
  UNSUBSCRIBE_INVALID,
  unsubscribeSchema,
} from '@rainmakers/contracts';
import { badRequest, forbidden, notFound, parse, requireActor, type SecretKeys } from '@rainmakers/kit';
import { Router } from 'express';
import { type BroadcastQueue, queueBroadcast } from '../commands/broadcasts';
import { audienceFilter, verifyUnsubscribeToken } from '../domain/broadcasts';
import { canEditBroadcastSettings, canSendBroadcasts } from '../policies';
import {
  type BroadcastRecord,
  countAudience,
  findBroadcast,
  isSubscribed,
  listBroadcasts,
  setSubscribed,
} from '../store/broadcasts';
import type { UsersDb } from '../store/users';
import { USER_NOT_FOUND } from './users';

export const BROADCAST_NOT_FOUND = 'Broadcast not found';

export interface BroadcastRouteDeps {
  db: UsersDb;
  broadcasts: BroadcastQueue;
  unsubscribeKeys: SecretKeys;
}

function presentBroadcast(record: BroadcastRecord): BroadcastStatus {
  const audience = broadcastAudienceSchema.safeParse(record.audience);
  const status =
    record.state === 'sending' || record.state === 'done' || record.state === 'failed' ? record.state : 'queued';
  return {
    jobId: record.id,
    subject: record.subject,
    audience: audience.success ? audience.data : {},
    status,
    total: record.total,
    sent: record.sent,
    failures: record.skipped,
    createdAt: record.createdAt.toISOString(),
    finishedAt: record.finishedAt ? record.finishedAt.toISOString() : null,
    createdBy: record.createdByName,
  };
}

export function broadcastRoutes(deps: BroadcastRouteDeps): Router {
  const router = Router();

  const count = (audience: BroadcastAudience) => countAudience(deps.db, audienceFilter(audience));

  router.post('/', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(broadcastSchema, req.body ?? {});
    if (!canSendBroadcasts(actor)) throw forbidden();
    if (input.dryRun) {
      res.json({ recipients: await count(input.audience) });
      return;
    }
    const queued = await queueBroadcast(deps, actor, input);
    res.status(202).json(queued);
  });

  router.post('/count', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(broadcastCountSchema, req.body ?? {});
    if (!canSendBroadcasts(actor)) throw forbidden();
    res.json({ recipients: await count(input.audience) });
  });

  router.get('/', async (req, res) => {
    const actor = requireActor(req);
    const query = parse(broadcastListQuerySchema, req.query);
    if (!canSendBroadcasts(actor)) throw forbidden();
    const page = await listBroadcasts(deps.db, { limit: query.perPage, offset: (query.page - 1) * query.perPage });
    res.set('Cache-Control', 'no-store').json({
      broadcasts: page.broadcasts.map(presentBroadcast),
      total: page.total,
      page: query.page,
      perPage: query.perPage,
    });
  });

  router.get('/:jobId', async (req, res) => {
    const actor = requireActor(req);
    if (!canSendBroadcasts(actor)) throw forbidden();
    const id = BROADCAST_JOB_ID.safeParse(req.params.jobId);
    const record = id.success ? await findBroadcast(deps.db, id.data) : null;
    if (!record) throw notFound(BROADCAST_NOT_FOUND);
    res.set('Cache-Control', 'no-store').json(presentBroadcast(record));
  });

  return router;
}

export function unsubscribeRoutes(deps: BroadcastRouteDeps): Router {
  const router = Router();

  // A mail client sends the token in the query (the List-Unsubscribe address) with a form body; the page sends JSON.
  router.post('/', async (req, res) => {
    const body = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
    const { token } = parse(unsubscribeSchema, { token: body.token ?? req.query.token });
    const subscribe = body.subscribe === true;
    const userId = verifyUnsubscribeToken(deps.unsubscribeKeys, token);
    if (userId === null) throw badRequest(UNSUBSCRIBE_INVALID, { token: UNSUBSCRIBE_INVALID });
    // A deleted person's link answers like a done unsubscribe: there is nothing left to mail.
    await setSubscribed(deps.db, userId, subscribe);
    res.set('Cache-Control', 'no-store').json({ subscribed: subscribe });
  });

  return router;
}

export function broadcastSettingsRoutes(deps: { db: UsersDb }): Router {
  const router = Router();

  router.get('/broadcast-settings', async (req, res) => {
    const actor = requireActor(req);
    if (!canEditBroadcastSettings(actor)) throw forbidden();
    const subscribed = await isSubscribed(deps.db, actor.userId);
    if (subscribed === null) throw notFound(USER_NOT_FOUND);
    res.set('Cache-Control', 'no-store').json({ subscribed });
  });

  router.put('/broadcast-settings', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(broadcastSettingsSchema, req.body ?? {});
    if (!canEditBroadcastSettings(actor)) throw forbidden();
    if (!(await setSubscribed(deps.db, actor.userId, input.subscribed))) throw notFound(USER_NOT_FOUND);
    res.json({ subscribed: input.subscribed });
  });

  return router;
}
