/** /api/lesson/*: lesson authoring, pickers, the caller's completions and her quiz attempts. */
import {
  idParam,
  LESSON_NOT_FOUND,
  lessonListQuerySchema,
  lessonOptionsQuerySchema,
  lessonUpsertSchema,
  lessonVideoPositionSchema,
  markLessonSchema,
  quizAttemptSchema,
} from '@rainmakers/contracts';
import { answerOnce, forbidden, notFound, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { removeLesson, upsertLesson } from '../commands/authoring';
import { markLesson, recordVideoPosition } from '../commands/completions';
import { attemptQuiz } from '../commands/quizzes';
import type { RouteDeps } from '../deps';
import { limitLargePages } from '../limits';
import {
  canDeleteLesson,
  canListLessons,
  canListOwnCompletions,
  canReadLessonOptions,
  canUpsertLesson,
  lessonAbilities,
} from '../policies';
import { presentCompletion, presentLesson, presentLessonListItem, presentLessonOption } from '../presenters';
import { listCompletions } from '../store/completions';
import { findLesson, listLessons } from '../store/lessons';

export function lessonRoutes(deps: RouteDeps): Router {
  const { store, events } = deps;
  const router = Router();

  router.get('/read-many', limitLargePages, async (req, res) => {
    const actor = requireActor(req);
    const query = parse(lessonListQuerySchema, req.query);
    if (!canListLessons(actor)) throw forbidden();
    const rows = await listLessons(store.db, {
      moduleId: query.ModuleId,
      courseId: query.CourseId,
      search: query.search,
      limit: query.itemsPerPage,
    });
    res.json({ lessons: rows.map(presentLessonListItem) });
  });

  router.get('/read-options', async (req, res) => {
    const actor = requireActor(req);
    const query = parse(lessonOptionsQuerySchema, req.query);
    if (!canReadLessonOptions(actor)) throw forbidden();
    const rows = await listLessons(store.db, { search: query.search, limit: query.itemsPerPage });
    res.json({ lessons: rows.map(presentLessonOption) });
  });

  router.get('/completed', async (req, res) => {
    const actor = requireActor(req);
    if (!canListOwnCompletions(actor)) throw forbidden();
    const rows = await listCompletions(store.db, actor.userId);
    res.json({ lessons: rows.map(presentCompletion) });
  });

  router.put('/mark-as-completed', async (req, res) => {
    const actor = requireActor(req);
    const { lessonId } = parse(markLessonSchema, req.body);
    res.json(await markLesson(deps, events, actor, lessonId, true));
  });

  router.put('/mark-as-uncompleted', async (req, res) => {
    const actor = requireActor(req);
    const { lessonId } = parse(markLessonSchema, req.body);
    res.json(await markLesson(deps, events, actor, lessonId, false));
  });

  /** Where the member is in the lesson's video; the player sends it every ~10 s and on pause. */
  router.put('/video-position', async (req, res) => {
    const actor = requireActor(req);
    const { lessonId, seconds } = parse(lessonVideoPositionSchema, req.body);
    await recordVideoPosition(deps, actor, lessonId, seconds);
    res.status(204).end();
  });

  router.post('/:id/quiz/attempt', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    const input = parse(quizAttemptSchema, req.body);
    await answerOnce(req, res, store.db, async () => ({
      status: 200,
      body: await attemptQuiz(deps, actor, id, input),
    }));
  });

  router.post('/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(lessonUpsertSchema, req.body);
    if (!canUpsertLesson(actor)) throw forbidden();
    await answerOnce(req, res, store.db, async () => {
      const { id, isNew } = await upsertLesson(deps, input, actor);
      const lesson = await findLesson(store.db, id);
      if (!lesson) throw notFound(LESSON_NOT_FOUND);
      return { status: isNew ? 201 : 200, body: { lesson: presentLesson(lesson, lessonAbilities(actor)), isNew } };
    });
  });

  router.delete('/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    if (!canDeleteLesson(actor)) throw forbidden();
    await removeLesson(deps, id, actor);
    res.status(204).end();
  });

  return router;
}
