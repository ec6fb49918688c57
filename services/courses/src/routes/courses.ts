/** /api/course/*: the catalogue, course pages, access checks, lesson redirects and course authoring. */
import {
  catalogueQuerySchema,
  courseAccessQuerySchema,
  courseInsightsQuerySchema,
  courseLessonParamsSchema,
  coursePageQuerySchema,
  courseReorderSchema,
  coursesReorderSchema,
  courseUpsertSchema,
  idParam,
} from '@rainmakers/contracts';
import { answerOnce, forbidden, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { removeCourse, reorderCourse, reorderCourses, upsertCourse } from '../commands/authoring';
import { courseCards, readCatalogueJson, readProgressOverview } from '../commands/catalogue';
import { courseAccess, lessonRedirect, readCourseLesson, readCoursePageJson } from '../commands/course-page';
import { readCourseInsights } from '../commands/insights';
import type { RouteDeps } from '../deps';
import { limitLargePages } from '../limits';
import {
  canCheckCourseAccess,
  canDeleteCourse,
  canReadCourseInsights,
  canReadCourseProgress,
  canRedirectToLesson,
  canReorderCourse,
  canReorderCourses,
  canSearchCatalogue,
  canUpsertCourse,
} from '../policies';
import { courseRows } from '../store/courses';

export function courseRoutes(deps: RouteDeps): Router {
  const { store, catalogue } = deps;
  const router = Router();

  router.post('/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(courseUpsertSchema, req.body);
    if (!canUpsertCourse(actor)) throw forbidden();
    await answerOnce(req, res, store.db, async () => {
      const { id, isNew } = await upsertCourse(deps, input, actor);
      const [course] = await courseCards(store, actor, await courseRows(store.db, [id]));
      return { status: isNew ? 201 : 200, body: { course, isNew } };
    });
  });

  router.get('/read-many', limitLargePages, async (req, res) => {
    const actor = requireActor(req);
    const query = parse(catalogueQuerySchema, req.query);
    if (!canSearchCatalogue(actor)) throw forbidden();
    // A Buffer body keeps this Content-Type (application/json; charset=utf-8), ETag computed as for a string.
    res.type('application/json').send(await readCatalogueJson(store, catalogue, actor, query));
  });

  router.get('/progress', async (req, res) => {
    const actor = requireActor(req);
    if (!canReadCourseProgress(actor)) throw forbidden();
    res.json({ progress: await readProgressOverview(store, catalogue, actor) });
  });

  router.get('/lesson-redirect/:lessonId', async (req, res) => {
    const actor = requireActor(req);
    const lessonId = parse(idParam, req.params.lessonId);
    if (!canRedirectToLesson(actor)) throw forbidden();
    res.json({ url: await lessonRedirect(deps, actor, lessonId) });
  });

  router.get('/access', async (req, res) => {
    const actor = requireActor(req);
    const { slug } = parse(courseAccessQuerySchema, req.query);
    if (!canCheckCourseAccess(actor)) throw forbidden();
    res.json({ hasAccess: await courseAccess(deps, actor, slug) });
  });

  router.post('/reorder', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(courseReorderSchema, req.body);
    if (!canReorderCourse(actor)) throw forbidden();
    await reorderCourse(deps, input);
    res.json({ success: true });
  });

  router.post('/reorder-courses', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(coursesReorderSchema, req.body);
    if (!canReorderCourses(actor)) throw forbidden();
    await reorderCourses(deps, input);
    res.json({ success: true });
  });

  router.delete('/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    if (!canDeleteCourse(actor)) throw forbidden();
    await removeCourse(deps, id, actor);
    res.status(204).end();
  });

  router.get('/insights/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    const { days } = parse(courseInsightsQuerySchema, req.query);
    if (!canReadCourseInsights(actor)) throw forbidden();
    res.json({ insights: await readCourseInsights(store, id, days) });
  });

  router.get('/:slug', async (req, res) => {
    const actor = requireActor(req);
    const query = parse(coursePageQuerySchema, req.query);
    const slug = String(req.params.slug).toLowerCase();
    // canViewCourse is applied inside, once the course (status, flags, tags) is loaded: hidden answers as missing.
    // `{ course }` spliced from cached JSON (readCoursePageJson): the bytes res.json would send. A Buffer body keeps
    // this Content-Type (application/json; charset=utf-8), ETag computed as for a string.
    res.type('application/json').send(await readCoursePageJson(deps, actor, slug, query));
  });

  router.get('/:slug/lessons/:lessonId', async (req, res) => {
    const actor = requireActor(req);
    const { lessonId } = parse(courseLessonParamsSchema, { lessonId: req.params.lessonId });
    const slug = String(req.params.slug).toLowerCase();
    // canViewCourse and canOpenLessonOf are applied inside, once the lesson's chain is loaded.
    res.json({ lesson: await readCourseLesson(deps, actor, slug, lessonId) });
  });

  return router;
}
