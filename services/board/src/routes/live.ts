/**
 * GET /api/move-the-needle/events?userId=: a server-sent event stream of "this board changed" notices for the
 * board the caller may see (the same openBoardOf as list/read-many: 401/403/404 before any stream opens).
 * A comment line every heartbeat keeps proxies from closing an idle stream and tells us when the client is
 * gone; a closed connection unsubscribes at once.
 *
 * At most LIVE_STREAMS_PER_PERSON streams per person (per replica): a newer one closes her oldest with
 * `event: superseded` and a long `retry:`, then ends it. The web closes its EventSource on that event, so an old tab
 * does not reconnect and push the newer one out in turn; a client that ignores the event waits an hour to retry.
 */
import { boardUserQuerySchema } from '@rainmakers/contracts';
import { parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { openBoardOf } from '../commands/access';
import type { BoardDeps } from '../deps';
import type { RedisBoardChanges } from '../live';
import { PersonStreams } from '../live-streams';

/** The reconnection delay a superseded stream asks for (ms): clients that ignore `superseded` come back late. */
export const SUPERSEDED_RETRY_MS = 3_600_000;

export function liveRoutes(
  deps: BoardDeps & { live: RedisBoardChanges; heartbeatMs: number; streams?: PersonStreams },
): Router {
  const router = Router();
  const streams = deps.streams ?? new PersonStreams();
  router.get('/events', async (req, res) => {
    const actor = requireActor(req);
    const { userId } = parse(boardUserQuerySchema, req.query);
    const { board } = await openBoardOf(deps, actor, userId);
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware leaves the stream alone (it would buffer it).
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write(`retry: 2000\nevent: ready\ndata: ${JSON.stringify({ boardId: board.id })}\n\n`);
    const unsubscribe = deps.live.subscribe(board.id, (message) => {
      res.write(`event: board-changed\ndata: ${JSON.stringify(message)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), deps.heartbeatMs);
    let release = () => {};
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      release();
    };
    release = streams.add(actor.userId, {
      supersede: () => {
        close();
        if (res.writableEnded) return;
        req.log.info({ userId: actor.userId, boardId: board.id }, 'event stream superseded by a newer one');
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
