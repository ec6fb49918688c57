/**
 * The job history (admins): GET /api/user/jobs lists imports, bulk updates and Stripe syncs, newest first, from
 * PostgreSQL (the `jobs` table: it outlives a restart and an emptied Redis); GET /api/user/jobs/{id}/report.csv is
 * a job's figures as a CSV, GET /api/user/jobs/{id}/errors.csv an import's error report from storage. Both for 30
 * days (JOB_KEPT_DAYS), then the job and its files are purged.
 */
import { pipeline } from 'node:stream/promises';
import { jobsQuerySchema } from '@rainmakers/contracts';
import { forbidden, notFound, parse, requireActor } from '@rainmakers/kit';
import { type Request, Router } from 'express';
import { csvLine } from '../domain/csv';
import type { JobFiles } from '../import-files';
import { errorsCsv } from '../jobs';
import { canReadJobHistory } from '../policies';
import { presentJob } from '../presenters';
import { findJob, type JobRow, listJobs } from '../store/job-history';
import type { UsersDb } from '../store/users';

export const JOB_NOT_FOUND = 'Job not found';

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

  const jobOf = async (req: Request): Promise<JobRow> => {
    if (!canReadJobHistory(requireActor(req))) throw forbidden();
    const id = String(req.params.id ?? '');
    const job = JOB_ID.test(id) ? await findJob(deps.db, id) : null;
    if (!job) throw notFound(JOB_NOT_FOUND);
    return job;
  };

  const csvHeaders = (res: import('express').Response, name: string) => {
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="${name}"`);
    res.setHeader('cache-control', 'no-store');
  };

  router.get('/jobs/:id/report.csv', async (req, res) => {
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
    const job = await jobOf(req);
    csvHeaders(res, 'import-errors.csv');
    const object = job.errorFileKey ? await deps.files.storage.get(job.errorFileKey) : null;
    if (!object) return void res.send(errorsCsv([]));
    await pipeline(object.body, res);
  });

  return router;
}
