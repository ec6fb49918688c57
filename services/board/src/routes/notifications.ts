/**
 * /api/notifications/*: the person's own notifications. Read newest first with the unread count, mark
 * read, the mention e-mail setting, and a server-sent event stream that sends `event: notifications` with
 * `{unreadCount}` whenever the count changes (the same Redis fan-out, heartbeat and per-person cap as the board
 * stream, routes/live.ts; a separate cap, so a tab's board stream and bell stream do not push each other out).
 */
import {
  notificationSettingsUpdateSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
} from '@rainmakers/contracts';
import { forbidden, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { markNotificationsRead, setEmailSettings } from '../commands/notifications';
import type { BoardDeps } from '../deps';
import type { RedisBoardChanges } from '../live';
import { PersonStreams } from '../live-streams';
import { canUseNotifications } from '../policies';
import { presentNotification } from '../presenters';
import { emailSettingsOf, notificationsOf, unreadCount } from '../store/notifications';
import { SUPERSEDED_RETRY_MS } from './live';

export function notificationRoutes(
  deps: BoardDeps & { live: RedisBoardChanges; heartbeatMs: number; notificationStreams?: PersonStreams },
): Router {
  const { db } = deps;
  const router = Router();
  const streams = deps.notificationStreams ?? new PersonStreams();

  router.get('/', async (req, res) => {
    const actor = requireActor(req);
    if (!canUseNotifications(actor)) throw forbidden();
    const query = parse(notificationsQuerySchema, req.query);
    // The page and the count at once (two connections of the pool): the bell reads this on every page load.
    const [rows, unread] = await Promise.all([
      notificationsOf(db, actor.userId, {
        limit: query.notificationsPerPage,
        offset: (query.page - 1) * query.notificationsPerPage,
      }),
      unreadCount(db, actor.userId),
    ]);
    res.json({ notifications: rows.map(presentNotification), unreadCount: unread });
  });

  router.post('/read', async (req, res) => {
    const actor = requireActor(req);
    if (!canUseNotifications(actor)) throw forbidden();
    const input = parse(notificationsReadSchema, req.body ?? {});
    res.json({ unreadCount: await markNotificationsRead(deps, actor.userId, input) });
  });

  router.get('/settings', async (req, res) => {
    const actor = requireActor(req);
    if (!canUseNotifications(actor)) throw forbidden();
    res.json(await emailSettingsOf(db, actor.userId));
  });

  router.put('/settings', async (req, res) => {
    const actor = requireActor(req);
    if (!canUseNotifications(actor)) throw forbidden();
    const input = parse(notificationSettingsUpdateSchema, req.body ?? {});
    await setEmailSettings(deps, actor.userId, input);
    res.json(await emailSettingsOf(db, actor.userId));
  });

  router.get('/events', async (req, res) => {
    const actor = requireActor(req);
    if (!canUseNotifications(actor)) throw forbidden();
    const userId = actor.userId;
    // Read before the stream opens: from here to the close handlers nothing waits.
    const initial = await unreadCount(db, userId);
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware leaves the stream alone (it would buffer it).
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    let closed = false;
    // Counts are read one at a time, and a notice arriving meanwhile is read again after: the last one sent is
    // never older than the last change.
    let reading = false;
    let again = false;
    const sendCount = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const count = await unreadCount(db, userId);
          if (closed) return;
          res.write(`event: notifications\ndata: ${JSON.stringify({ unreadCount: count })}\n\n`);
        } while (again && !closed);
      } catch (error) {
        req.log.warn({ err: error, userId }, 'unread count not sent');
      } finally {
        reading = false;
      }
    };
    const unsubscribe = deps.live.subscribeNotifications(userId, () => void sendCount());
    res.write(`retry: 2000\nevent: ready\ndata: ${JSON.stringify({ unreadCount: initial })}\n\n`);
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), deps.heartbeatMs);
    let release = () => {};
    const close = () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      release();
    };
    release = streams.add(userId, {
      supersede: () => {
        close();
        if (res.writableEnded) return;
        req.log.info({ userId }, 'notification stream superseded by a newer one');
        res.end(
          `retry: ${SUPERSEDED_RETRY_MS}\nevent: superseded\ndata: ${JSON.stringify({ reason: 'too-many-streams' })}\n\n`,
        );
      },
    });
    req.on('close', close);
    res.on('close', close);
  });

  return router;
}
