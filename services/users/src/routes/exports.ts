/** The user dashboard's downloads: users.csv (streamed) and the two sample files. Admins only. */
import { once } from 'node:events';
import { userListQuerySchema } from '@rainmakers/contracts';
import { badRequest, concurrencyLimit, forbidden, parse, requireActor, USERS_EXPORT_LIMIT } from '@rainmakers/kit';
import { type Response, Router } from 'express';
import type { CommandDeps } from '../commands/users';
import { bulkUpdateSample, csvLine, EXPORT_COLUMNS, exportLine, importSample } from '../domain/csv';
import { matchingSearch, normalizeListQuery } from '../domain/listing';
import { canManageUsers, userListView } from '../policies';
import { exportBatch } from '../store/users';

/** People read per query while streaming users.csv. */
export const EXPORT_BATCH = 500;
/** Lines per write: each written string stays small (a long one goes to V8's large-object space, kept until a full GC). */
const LINES_PER_WRITE = 50;

function sendCsv(res: Response, filename: string, body: string): void {
  res.setHeader('content-type', 'text/csv; charset=utf-8');
  res.setHeader('content-disposition', `attachment; filename="${filename}"`);
  res.setHeader('cache-control', 'no-store');
  res.send(body);
}

export function exportRoutes(deps: Pick<CommandDeps, 'db'>): Router {
  const router = Router();

  /**
   * Every person matching the list's search and filters (the same parameters as read-many's; none: everyone; issue
   * 20: the export follows the screen's filters), a batch at a time in id order, written as it is read: the service holds one batch at most and
   * waits for the client to take the bytes (backpressure), so memory does not grow with the number of people.
   */
  router.get('/export', concurrencyLimit(USERS_EXPORT_LIMIT), async (req, res) => {
    const actor = requireActor(req);
    if (!canManageUsers(actor)) throw forbidden();
    const normalized = normalizeListQuery({ ...req.query });
    if (!normalized.ok) throw badRequest(normalized.errors.filters, normalized.errors);
    const query = parse(userListQuerySchema, normalized.query);
    const criteria = matchingSearch(query.search, query.filters, userListView(actor));
    let closed = false;
    req.on('close', () => {
      closed = true;
    });
    // The first batch is read before anything is sent, so a database failure still answers with an error.
    let batch = await exportBatch(deps.db, 0, EXPORT_BATCH, criteria);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', 'attachment; filename="users.csv"');
    res.setHeader('cache-control', 'no-store');
    res.write(csvLine(EXPORT_COLUMNS));
    try {
      while (batch.length > 0 && !closed) {
        const lastId = batch[batch.length - 1]?.id;
        const full = batch.length === EXPORT_BATCH;
        const parts: string[] = [];
        for (let i = 0; i < batch.length; i += LINES_PER_WRITE) {
          parts.push(
            batch
              .slice(i, i + LINES_PER_WRITE)
              .map(exportLine)
              .join(''),
          );
        }
        // Nothing of a batch outlives its turn: its rows go before the waits (what survives a wait is promoted to
        // the old generation, and memory would then grow with the number of people until a full GC).
        batch = [];
        for (const part of parts) if (!res.write(part)) await once(res, 'drain');
        if (!full || lastId === undefined) break;
        batch = await exportBatch(deps.db, lastId, EXPORT_BATCH, criteria);
      }
      res.end();
    } catch (error) {
      // Headers are gone: the only honest signal left is a broken download.
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });

  router.get('/generate-test-user-csv', (req, res) => {
    if (!canManageUsers(requireActor(req))) throw forbidden();
    sendCsv(res, 'test-user-bulk-update.csv', bulkUpdateSample());
  });

  router.get('/generate-test-user-import-csv', (req, res) => {
    if (!canManageUsers(requireActor(req))) throw forbidden();
    sendCsv(res, 'test-user-import.csv', importSample());
  });

  return router;
}
