/**
 * /internal/*: called with a service token (the gateway gathering a member page); never routed by the gateway from
 * outside. Who may see a member page is the users service's decision, made before the gateway shows these parts.
 */
import { idParam, MEMBER_OVERVIEW_LIMITS } from '@rainmakers/contracts';
import { parse, requireService } from '@rainmakers/kit';
import { Router } from 'express';
import type { RouteDeps } from '../deps';
import { presentMemberCertificate, presentMemberCourse, presentOwnLearningExport } from '../presenters';
import { ownLearning } from '../store/account';
import { certificatesOf } from '../store/certificates';
import { startedCoursesOf } from '../store/completions';

export function internalRoutes(deps: RouteDeps): Router {
  const { store } = deps;
  const router = Router();
  router.use(requireService);

  /** The courses a person started, with completed over all lessons (MEMBER_OVERVIEW_LIMITS.courses at most). */
  router.get('/users/:id/progress', async (req, res) => {
    const userId = parse(idParam, req.params.id);
    const courses = await startedCoursesOf(store, userId, MEMBER_OVERVIEW_LIMITS.courses);
    res.json({ courses: courses.map(presentMemberCourse) });
  });

  /**
   * The member page's two courses parts in one call (the gateway asks this one: one request instead of two per page):
   * the started courses and the certificates, each as the two routes above answer it.
   */
  router.get('/users/:id/learning', async (req, res) => {
    const userId = parse(idParam, req.params.id);
    const [courses, certificates] = await Promise.all([
      startedCoursesOf(store, userId, MEMBER_OVERVIEW_LIMITS.courses),
      certificatesOf(store.db, userId, undefined, MEMBER_OVERVIEW_LIMITS.certificates),
    ]);
    res.json({
      courses: courses.map(presentMemberCourse),
      certificates: certificates.map(presentMemberCertificate),
    });
  });

  /** A person's certificates, newest first (MEMBER_OVERVIEW_LIMITS.certificates at most). */
  router.get('/users/:id/certificates', async (req, res) => {
    const userId = parse(idParam, req.params.id);
    const certificates = await certificatesOf(store.db, userId, undefined, MEMBER_OVERVIEW_LIMITS.certificates);
    res.json({ certificates: certificates.map(presentMemberCertificate) });
  });

  /** Her part of her own export (the gateway gathers GET /api/account/export): everything, not a page's worth. */
  router.get('/users/:id/export', async (req, res) => {
    const userId = parse(idParam, req.params.id);
    res.json(presentOwnLearningExport(await ownLearning(store.db, userId)));
  });

  return router;
}
