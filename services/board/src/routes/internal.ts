/**
 * /internal/*: called with a service token (the gateway gathering a member page); never routed by the gateway from
 * outside. Who may see a member page is the users service's decision, made before the gateway shows this part.
 */
import { idParam, MEMBER_OVERVIEW_LIMITS, type MemberBoardSummary } from '@rainmakers/contracts';
import { parse, requireService } from '@rainmakers/kit';
import { Router } from 'express';
import type { BoardDeps } from '../deps';
import { presentOwnBoardExport } from '../presenters';
import { ownBoardFacts } from '../store/account';
import { findBoardOfUser, listsOfBoard } from '../store/boards';
import { cardCounts, lastActivityOfLists } from '../store/cards';

export function internalRoutes(deps: BoardDeps): Router {
  const { db } = deps;
  const router = Router();
  router.use(requireService);

  /** A person's board at a glance: lists with card counts and the last activity. Looking creates no board. */
  router.get('/users/:id/board-summary', async (req, res) => {
    const userId = parse(idParam, req.params.id);
    const board = await findBoardOfUser(db, userId);
    if (!board) {
      const none: MemberBoardSummary = { exists: false, lists: [], cardCount: 0, lastActivityAt: null };
      res.json({ summary: none });
      return;
    }
    const lists = (await listsOfBoard(db, board.id)).slice(0, MEMBER_OVERVIEW_LIMITS.boardLists);
    const ids = lists.map((l) => l.id);
    const [counts, last] = await Promise.all([cardCounts(db, ids), lastActivityOfLists(db, ids)]);
    const summary: MemberBoardSummary = {
      exists: true,
      lists: lists.map((l) => ({ id: l.id, name: l.name, cardCount: counts.get(l.id) ?? 0 })),
      cardCount: [...counts.values()].reduce((sum, n) => sum + n, 0),
      lastActivityAt: last ? last.toISOString() : null,
    };
    res.json({ summary });
  });

  /** Her part of her own export (the gateway gathers GET /api/account/export). Looking creates no board. */
  router.get('/users/:id/export', async (req, res) => {
    const userId = parse(idParam, req.params.id);
    res.json(presentOwnBoardExport(userId, await ownBoardFacts(db, userId)));
  });

  return router;
}
