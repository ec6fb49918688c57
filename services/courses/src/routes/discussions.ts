/**
 * /api/lesson/{id}/comments*: a lesson's discussion. The lesson's visibility is checked by the commands (it needs
 * the lesson's access chain); moderation is also refused up front to anyone who is not a coach or an admin.
 */
import {
  commentAnswerSchema,
  commentCreateSchema,
  commentEditSchema,
  commentHideSchema,
  commentsQuerySchema,
  idParam,
} from '@rainmakers/contracts';
import { answerOnce, forbidden, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import {
  editComment,
  hideComment,
  markAnswer,
  postComment,
  readDiscussion,
  removeComment,
} from '../commands/discussions';
import type { RouteDeps } from '../deps';
import { canModerateDiscussions } from '../policies';

export function discussionRoutes(deps: RouteDeps): Router {
  const router = Router();

  router.get('/:id/comments', async (req, res) => {
    const actor = requireActor(req);
    const lessonId = parse(idParam, req.params.id);
    const query = parse(commentsQuerySchema, req.query);
    res.json(await readDiscussion(deps, actor, lessonId, query));
  });

  router.post('/:id/comments', async (req, res) => {
    const actor = requireActor(req);
    const lessonId = parse(idParam, req.params.id);
    const input = parse(commentCreateSchema, req.body);
    await answerOnce(req, res, deps.store.db, async () => ({
      status: 201,
      body: { comment: await postComment(deps, actor, lessonId, input) },
    }));
  });

  router.patch('/:id/comments/:commentId', async (req, res) => {
    const actor = requireActor(req);
    const lessonId = parse(idParam, req.params.id);
    const commentId = parse(idParam, req.params.commentId);
    const { body } = parse(commentEditSchema, req.body);
    res.json({ comment: await editComment(deps, actor, lessonId, commentId, body) });
  });

  router.delete('/:id/comments/:commentId', async (req, res) => {
    const actor = requireActor(req);
    const lessonId = parse(idParam, req.params.id);
    const commentId = parse(idParam, req.params.commentId);
    await removeComment(deps, actor, lessonId, commentId);
    res.status(204).end();
  });

  router.post('/:id/comments/:commentId/answer', async (req, res) => {
    const actor = requireActor(req);
    const lessonId = parse(idParam, req.params.id);
    const commentId = parse(idParam, req.params.commentId);
    const { answer } = parse(commentAnswerSchema, req.body);
    if (!canModerateDiscussions(actor)) throw forbidden();
    res.json({ comment: await markAnswer(deps, actor, lessonId, commentId, answer) });
  });

  router.post('/:id/comments/:commentId/hide', async (req, res) => {
    const actor = requireActor(req);
    const lessonId = parse(idParam, req.params.id);
    const commentId = parse(idParam, req.params.commentId);
    const { hidden } = parse(commentHideSchema, req.body);
    if (!canModerateDiscussions(actor)) throw forbidden();
    res.json({ comment: await hideComment(deps, actor, lessonId, commentId, hidden) });
  });

  return router;
}
