/**
 * Every job's status and files (admins), from PostgreSQL (the `jobs` table the request that queues a job and then
 * its worker write: it outlives a restart and an emptied Redis, which holds only the queue):
 * - GET /api/user/jobs: the job history, newest first;
 * - GET /api/user/jobs/{id}: where one job stands (the one status shape, presentJobStatus); the paths the screens
 *   used before, /import/{id}, /bulk-update/{id} and /bulk-action/{id}, answer the same for a job of their kind;
 * - GET /api/user/jobs/{id}/report.csv: a job's figures; GET /api/user/jobs/{id}/errors.csv (also at
 *   /import/{id}/errors.csv): its error report from storage.
 * Kept 30 days (JOB_KEPT_DAYS), then the job and its files are purged.
 */
import { pipeline } from 'node:stream/promises';
import { type JobKind, jobsQuerySchema } from '@rainmakers/contracts';
import { forbidden, notFound, parse, requireActor } from '@rainmakers/kit';
import { type Request, type Response, Router } from 'express';
import { csvLine } from '../domain/csv';
import type { JobFiles } from '../import-files';
import { errorsCsv } from '../jobs';
import { canReadJobHistory } from '../policies';
import { presentJob, presentJobStatus } from '../presenters';
import { findJob, findJobByQueueId, type JobRow, listJobs } from '../store/job-history';
import type { UsersDb } from '../store/users';

export const JOB_NOT_FOUND = 'Job not found';
export const IMPORT_JOB_NOT_FOUND = 'Import not found';
export const BULK_UPDATE_NOT_FOUND = 'Bulk update not found';
export const BULK_ACTION_NOT_FOUND = 'Bulk action not found';

/** The per-kind status paths the screens used before GET /jobs/{id}: the same answer, for a job of their kind. */
const IMPORT_PATH = { path: '/import', kind: 'import', missing: IMPORT_JOB_NOT_FOUND } as const;
const KIND_PATHS: readonly { path: string; kind: JobKind; missing: string }[] = [
  IMPORT_PATH,
  { path: '/bulk-update', kind: 'bulk-update', missing: BULK_UPDATE_NOT_FOUND },
  { path: '/bulk-action', kind: 'bulk-action', missing: BULK_ACTION_NOT_FOUND },
];

const JOB_ID = /^[\w:-]{1,80}$/;

export function jobRoutes(deps: { db: UsersDb; files: JobFiles }): Router {
  const router = Router();

  router.get('/jobs', async (req, res) => {
    if (!canReadJobHistory(requireActor(req))) throw forbidden();
    const query = parse(jobsQuerySchema, { ...req.query });
    const { jobs, total } = await listJobs(deps.db, {
      limit: query.jobsPerPage,
      offset: (query.page - 1) * query.jobsPerPage,
    });
    res.setHeader('cache-control', 'no-store');
    res.json({ jobs: jobs.map(presentJob), total });
  });

  /**
   * The job named by the path, for a caller each route has authorized (404 when unknown, expired, or of another
   * kind than the path's). A job queued before
   * jobs took their run id as queue id is found by its queue id.
   */
  const jobOf = async (req: Request, kind?: { kind: JobKind; missing: string }): Promise<JobRow> => {
    const id = String(req.params.id ?? '');
    const missing = notFound(kind?.missing ?? JOB_NOT_FOUND);
    if (!JOB_ID.test(id)) throw missing;
    const job = (await findJob(deps.db, id)) ?? (kind ? await findJobByQueueId(deps.db, kind.kind, id) : null);
    if (!job || (kind && job.kind !== kind.kind)) throw missing;
    return job;
  };

  const csvHeaders = (res: Response, name: string) => {
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="${name}"`);
    res.setHeader('cache-control', 'no-store');
  };

  const answerStatus = (job: JobRow, res: Response) => {
    res.setHeader('cache-control', 'no-store');
    res.json(presentJobStatus(job));
  };

  const answerErrors = async (job: JobRow, res: Response) => {
    csvHeaders(res, 'import-errors.csv');
    const object = job.errorFileKey ? await deps.files.storage.get(job.errorFileKey) : null;
    if (!object) return void res.send(errorsCsv([]));
    await pipeline(object.body, res);
  };

  router.get('/jobs/:id', async (req, res) => {
    if (!canReadJobHistory(requireActor(req))) throw forbidden();
    answerStatus(await jobOf(req), res);
  });
  for (const kind of KIND_PATHS) {
    router.get(`${kind.path}/:id`, async (req, res) => {
      if (!canReadJobHistory(requireActor(req))) throw forbidden();
      answerStatus(await jobOf(req, kind), res);
    });
  }
  router.get('/import/:id/errors.csv', async (req, res) => {
    if (!canReadJobHistory(requireActor(req))) throw forbidden();
    await answerErrors(await jobOf(req, IMPORT_PATH), res);
  });

  router.get('/jobs/:id/report.csv', async (req, res) => {
    if (!canReadJobHistory(requireActor(req))) throw forbidden();
    const job = await jobOf(req);
    csvHeaders(res, `${job.kind}-report.csv`);
    const lines = [
      csvLine(['field', 'value']),
      csvLine(['kind', job.kind]),
      csvLine(['started by', job.actorName ?? '']),
      csvLine(['started at', job.createdAt.toISOString()]),
      csvLine(['finished at', job.finishedAt?.toISOString() ?? '']),
      csvLine(['state', job.state]),
      ...(job.fileName ? [csvLine(['file', job.fileName])] : []),
      ...(job.failedReason ? [csvLine(['reason', job.failedReason])] : []),
      ...Object.entries(job.counts).map(([key, value]) => csvLine([key, value])),
    ];
    res.send(lines.join(''));
  });

  router.get('/jobs/:id/errors.csv', async (req, res) => {
    if (!canReadJobHistory(requireActor(req))) throw forbidden();
    await answerErrors(await jobOf(req), res);
  });

  return router;
}
