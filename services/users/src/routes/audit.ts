/** GET /api/user/audit-log: the audit log, newest first, optionally about one person (admins; read-only). */
import { forbidden, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { z } from 'zod';
import { canReadAuditLog } from '../policies';
import { listAudit } from '../store/audit';
import type { UsersDb } from '../store/users';

const auditQuerySchema = z.object({
  userId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(25),
});

export function auditRoutes(deps: { db: UsersDb }): Router {
  const router = Router();
  router.get('/audit-log', async (req, res) => {
    if (!canReadAuditLog(requireActor(req))) throw forbidden();
    const query = parse(auditQuerySchema, { ...req.query });
    const { entries, totalCount } = await listAudit(deps.db, {
      userId: query.userId,
      limit: query.itemsPerPage,
      offset: (query.page - 1) * query.itemsPerPage,
    });
    res.json({ entries: entries.map((e) => ({ ...e, at: e.at.toISOString() })), totalCount });
  });
  return router;
}
