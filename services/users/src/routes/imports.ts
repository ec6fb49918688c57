import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
/**
 * Import users (admins): POST /api/user/import takes a CSV or .xlsx (multipart field `file`), streams it to object
 * storage while checking it (import-limits.ts: size; for a CSV its header, rows, columns and cells; for an .xlsx
 * its zip directory) and queues a user-import job holding the file's key; GET /api/user/import/{jobId} tells how
 * far it got (the progress bar, then the final counts); GET /api/user/import/{jobId}/errors.csv is the error
 * report, kept in storage. Nothing of a refused file stays in Redis or storage.
 */
import { IMPORT_INVITE_FIELD, UPLOAD_MULTIPART_OVERHEAD_BYTES } from '@rainmakers/contracts';
import {
  badRequest,
  forbidden,
  getJobStatus,
  HttpError,
  notFound,
  requireActor,
  serviceUnavailable,
} from '@rainmakers/kit';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import multer from 'multer';
import { CsvImportReader, IMPORT_ERRORS, steps } from '../domain/imports';
import { isZip } from '../domain/spreadsheet';
import { ZipTail } from '../domain/workbook';
import { errorsKey, type JobFiles, uploadKey } from '../import-files';
import { errorsCsv, type ImportFileKind, type ImportQueue, importCountsOf } from '../jobs';
import { canManageUsers } from '../policies';

export const IMPORT_FIELD = 'file';
export const IMPORT_JOB_NOT_FOUND = 'Import not found';
const MISSING_FILE = 'Choose a CSV or .xlsx file to import (multipart field file)';

/** A file refused while it streamed: answered 400 with the reason. */
class ImportRefused extends Error {}

/** What the upload left in storage, as multer hands it to the route. */
interface StoredUpload {
  runId: string;
  kind: ImportFileKind;
  /** Data rows of a CSV (a workbook's are counted by the worker). */
  total: number;
  size: number;
}

/**
 * The upload's checks, fed each chunk as it streams by: a CSV read by the same reader the worker uses (counting,
 * not keeping, its rows), a zip's tail kept for its directory. The kind is told by the first bytes.
 */
class UploadCheck {
  private csv: CsvImportReader | null = null;
  private zip: ZipTail | null = null;

  get kind(): ImportFileKind {
    return this.zip ? 'xlsx' : 'csv';
  }

  /** Throws ImportRefused at the first broken rule; lets other requests run between steps of a large chunk. */
  async push(chunk: Buffer): Promise<void> {
    if (!this.csv && !this.zip) {
      if (isZip(chunk)) this.zip = new ZipTail();
      else this.csv = new CsvImportReader(false);
    }
    if (this.zip) {
      this.zip.push(chunk);
      return;
    }
    let first = true;
    for (const step of steps(chunk)) {
      if (!first) await nextTurn();
      first = false;
      if (!this.csv?.write(step)) this.refuseWith(this.csv?.end());
    }
  }

  private refuseWith(result: ReturnType<CsvImportReader['end']> | undefined): never {
    throw new ImportRefused(result && !result.ok ? result.error : IMPORT_ERRORS.notATable);
  }

  /** The file has ended: its last checks; the CSV's row count. */
  finish(): number {
    if (this.zip) {
      const check = this.zip.finish();
      if (!check.ok) throw new ImportRefused(check.error);
      return 0;
    }
    const table = this.csv?.end();
    if (!table?.ok) this.refuseWith(table);
    return this.csv?.rowCount ?? 0;
  }
}

/** A multer storage engine that streams the file to storage through the upload's checks. */
function checkedUploadStorage(files: JobFiles): multer.StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      const runId = randomUUID();
      const check = new UploadCheck();
      let total = 0;
      let truncated = false;
      file.stream.on('limit', () => {
        truncated = true;
      });
      async function* checked(): AsyncGenerator<Buffer> {
        let size = 0;
        // Not destroyed when the checks stop early: multer then reads the rest of the request past (resume).
        for await (const chunk of file.stream.iterator({ destroyOnReturn: false })) {
          const bytes = chunk as Buffer;
          size += bytes.length;
          await check.push(bytes);
          yield bytes;
        }
        // Past the size limit multer answers 413; nothing of the file is kept.
        if (truncated) throw new ImportRefused('too large');
        if (size === 0) throw new ImportRefused(MISSING_FILE);
        total = check.finish();
      }
      files
        .ready()
        .then(() => files.storage.putStream(uploadKey(files, runId), checked(), 'application/octet-stream'))
        .then(
          (size) => {
            const upload: StoredUpload = { runId, kind: check.kind, total, size };
            callback(null, { ...upload } as Partial<Express.Multer.File>);
          },
          (error: unknown) => {
            // The rest of the file is not read: multer drains the request and answers.
            file.stream.resume();
            callback(error instanceof Error ? error : new Error(String(error)));
          },
        );
    },
    _removeFile(_req, file, callback) {
      const runId = (file as Partial<StoredUpload>).runId;
      if (!runId) return callback(null);
      files.storage.delete(uploadKey(files, runId)).then(
        () => callback(null),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  };
}

function runMulter(middleware: RequestHandler, req: Request, res: Response, maxBytes: number): Promise<void> {
  return new Promise((resolve, reject) => {
    middleware(req, res, (error?: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        res.setHeader('Connection', 'close');
        return reject(tooLarge(maxBytes));
      }
      if (error instanceof multer.MulterError && error.code === 'LIMIT_UNEXPECTED_FILE') {
        return reject(badRequest(MISSING_FILE, { file: MISSING_FILE }));
      }
      if (error instanceof ImportRefused) return reject(badRequest(error.message, { file: error.message }));
      if (error instanceof multer.MulterError) return reject(badRequest(IMPORT_ERRORS.notATable));
      if (error instanceof HttpError) return reject(error);
      // Storage failed (or the client went away): a fast 503, nothing kept.
      req.log.warn({ err: error }, 'import upload not stored');
      reject(serviceUnavailable());
    });
  });
}

/** The multipart field (or query parameter) sendInvitations: "true" invites the people the import creates. */
function wantsInvitations(req: Request): boolean {
  const body: unknown = req.body;
  const field = body && typeof body === 'object' ? (body as Record<string, unknown>)[IMPORT_INVITE_FIELD] : undefined;
  const value = field ?? req.query[IMPORT_INVITE_FIELD];
  return typeof value === 'string' && ['true', '1', 'on'].includes(value.toLowerCase());
}

const tooLarge = (maxBytes: number) =>
  new HttpError(413, `The file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB`);

export function importRoutes(deps: { imports: ImportQueue; importMaxBytes: number; files: JobFiles }): Router {
  const router = Router();
  const parseFile = multer({
    storage: checkedUploadStorage(deps.files),
    limits: { fileSize: deps.importMaxBytes, files: 1, fields: 5, parts: 10, fieldSize: 1024 },
  }).single(IMPORT_FIELD);

  router.post('/import', async (req, res) => {
    const actor = requireActor(req);
    if (!canManageUsers(actor)) throw forbidden();
    // An announced oversized body is refused before it is read.
    if (Number(req.headers['content-length'] ?? 0) > deps.importMaxBytes + UPLOAD_MULTIPART_OVERHEAD_BYTES) {
      res.setHeader('Connection', 'close');
      throw tooLarge(deps.importMaxBytes);
    }
    await runMulter(parseFile, req, res, deps.importMaxBytes);
    const file = req.file as (Express.Multer.File & Partial<StoredUpload>) | undefined;
    if (!file?.runId || !file.kind) throw badRequest(MISSING_FILE, { file: MISSING_FILE });
    const { runId, kind, total } = file;
    try {
      const job = await deps.imports.add('import', {
        runId,
        kind,
        total: total ?? 0,
        fileName: file.originalname,
        invite: wantsInvitations(req),
        actorId: actor.userId,
        impersonatorId: actor.impersonatorId,
      });
      res.status(202).json({ jobId: job.id, total: total ?? 0 });
    } catch (error) {
      // Not queued (Redis down): the upload is not kept either.
      await deps.files.storage.delete(uploadKey(deps.files, runId)).catch(() => undefined);
      throw error;
    }
  });

  const statusOf = async (req: Request) => {
    if (!canManageUsers(requireActor(req))) throw forbidden();
    const id = String(req.params.jobId ?? '');
    const status = /^[\w-]{1,64}$/.test(id) ? await getJobStatus(deps.imports, id) : null;
    if (!status) throw notFound(IMPORT_JOB_NOT_FOUND);
    const job = await deps.imports.getJob(id);
    const total = job?.data.total ?? job?.data.rows?.length ?? 0;
    const counts = importCountsOf(status.result ?? status.progress, total);
    return { id, status, counts, job };
  };

  router.get('/import/:jobId', async (req, res) => {
    const { id, status, counts } = await statusOf(req);
    res.json({ jobId: id, state: status.state, ...counts, failedReason: status.failedReason });
  });

  router.get('/import/:jobId/errors.csv', async (req, res) => {
    const { status, job } = await statusOf(req);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', 'attachment; filename="import-errors.csv"');
    res.setHeader('cache-control', 'no-store');
    // A job queued before the error report went to storage kept its errors in its result.
    const legacy = status.result as { errors?: Parameters<typeof errorsCsv>[0] } | null;
    if (legacy?.errors) return void res.send(errorsCsv(legacy.errors));
    const object = job ? await deps.files.storage.get(errorsKey(deps.files, job.data.runId)) : null;
    if (!object) return void res.send(errorsCsv([]));
    await pipeline(object.body, res);
  });

  return router;
}
