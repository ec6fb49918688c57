import { randomUUID } from 'node:crypto';
/**
 * Import users (admins): POST /api/user/import takes a CSV or .xlsx (multipart field `file`), checks that it is a table with
 * an email column and at most 50,000 rows, and queues a user-import job; GET /api/user/import/{jobId} tells how far
 * it got (the progress bar, then the final report); GET /api/user/import/{jobId}/errors.csv is the error report.
 */
import { badRequest, forbidden, getJobStatus, HttpError, notFound, requireActor } from '@rainmakers/kit';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import multer from 'multer';
import { csvLine } from '../domain/csv';
import { IMPORT_ERRORS, type ImportReport, readImportFile } from '../domain/imports';
import { type ImportQueue, reportOf } from '../jobs';
import { canManageUsers } from '../policies';

export const IMPORT_FIELD = 'file';
export const IMPORT_JOB_NOT_FOUND = 'Import not found';
const MISSING_FILE = 'Choose a CSV or .xlsx file to import (multipart field file)';

function runMulter(middleware: RequestHandler, req: Request, res: Response, maxBytes: number): Promise<void> {
  return new Promise((resolve, reject) => {
    middleware(req, res, (error?: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        res.setHeader('Connection', 'close');
        return reject(new HttpError(413, `The file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB`));
      }
      if (error instanceof multer.MulterError && error.code === 'LIMIT_UNEXPECTED_FILE') {
        return reject(badRequest(MISSING_FILE, { file: MISSING_FILE }));
      }
      if (error instanceof Error) return reject(badRequest(IMPORT_ERRORS.notATable));
      reject(error);
    });
  });
}

/** What the screen shows of a job: its state and counts (the error lines are downloaded apart). */
function presentImport(id: string, state: string, report: ImportReport, failedReason: string | null) {
  const { errors, ...counts } = report;
  return { jobId: id, state, ...counts, errorCount: errors.length, failedReason };
}

export function importRoutes(deps: { imports: ImportQueue; importMaxBytes: number }): Router {
  const router = Router();
  const parseFile = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: deps.importMaxBytes, files: 1, fields: 5, parts: 10, fieldSize: 1024 },
  }).single(IMPORT_FIELD);

  router.post('/api/user/import', async (req, res) => {
    const actor = requireActor(req);
    if (!canManageUsers(actor)) throw forbidden();
    await runMulter(parseFile, req, res, deps.importMaxBytes);
    const file = req.file;
    if (!file || file.size === 0) throw badRequest(MISSING_FILE, { file: MISSING_FILE });
    const table = await readImportFile(file.buffer);
    if (!table.ok) throw badRequest(table.error, { file: table.error });
    const job = await deps.imports.add('import', {
      runId: randomUUID(),
      rows: table.rows,
      fileName: file.originalname,
      actorId: actor.userId,
      impersonatorId: actor.impersonatorId,
    });
    res.status(202).json({ jobId: job.id, total: table.rows.length });
  });

  const statusOf = async (req: Request) => {
    if (!canManageUsers(requireActor(req))) throw forbidden();
    const id = String(req.params.jobId ?? '');
    const status = /^[\w-]{1,64}$/.test(id) ? await getJobStatus(deps.imports, id) : null;
    if (!status) throw notFound(IMPORT_JOB_NOT_FOUND);
    const job = await deps.imports.getJob(id);
    const total = job?.data.rows.length ?? 0;
    const report = status.result ?? reportOf(status.progress, total);
    return { id, status, report };
  };

  router.get('/api/user/import/:jobId', async (req, res) => {
    const { id, status, report } = await statusOf(req);
    res.json(presentImport(id, status.state, report, status.failedReason));
  });

  router.get('/api/user/import/:jobId/errors.csv', async (req, res) => {
    const { report } = await statusOf(req);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', 'attachment; filename="import-errors.csv"');
    res.setHeader('cache-control', 'no-store');
    res.send(
      csvLine(['row', 'email', 'reason']) + report.errors.map((e) => csvLine([e.row, e.email, e.reason])).join(''),
    );
  });

  return router;
}
