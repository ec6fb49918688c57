/**
 * The audit log (admins; read-only): GET /api/user/audit-log, newest first, filtered by the person it is about
 * (userId), the actor, the action, the subject (type and id) and a range of days; GET /api/user/audit-log.csv is
 * the same selection as a CSV (labels as the screen shows them, cells formula-safe, at most AUDIT_EXPORT_MAX_ROWS
 * entries: the last line says when the file stopped there).
 */
import {
  AUDIT_EXPORT_MAX_ROWS,
  auditActionLabel,
  auditQuerySchema,
  auditSubjectLabel,
  describeAuditChanges,
} from '@rainmakers/contracts';
import { forbidden, parse, requireActor } from '@rainmakers/kit';
import { type Request, Router } from 'express';
import { csvLine } from '../domain/csv';
import { canReadAuditLog } from '../policies';
import { type AuditCriteria, auditPages, listAudit } from '../store/audit';
import type { UsersDb } from '../store/users';

function criteriaOf(req: Request): AuditCriteria & { page: number; itemsPerPage: number } {
  if (!canReadAuditLog(requireActor(req))) throw forbidden();
  const query = parse(auditQuerySchema, { ...req.query });
  return {
    ...(query.userId !== undefined ? { userId: query.userId } : {}),
    ...(query.actorId !== undefined ? { actorId: query.actorId } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.subjectType ? { subjectType: query.subjectType } : {}),
    ...(query.subjectId ? { subjectId: query.subjectId } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    page: query.page,
    itemsPerPage: query.itemsPerPage,
  };
}

export function auditRoutes(deps: { db: UsersDb }): Router {
  const router = Router();
  router.get('/audit-log', async (req, res) => {
    const { page, itemsPerPage, ...criteria } = criteriaOf(req);
    const { entries, totalCount } = await listAudit(deps.db, {
      ...criteria,
      limit: itemsPerPage,
      offset: (page - 1) * itemsPerPage,
    });
    res.json({ entries: entries.map((e) => ({ ...e, at: e.at.toISOString() })), totalCount });
  });

  router.get('/audit-log.csv', async (req, res) => {
    const { page: _page, itemsPerPage: _size, ...criteria } = criteriaOf(req);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', 'attachment; filename="audit-log.csv"');
    res.setHeader('cache-control', 'no-store');
    res.write(csvLine(['When (UTC)', 'Who', 'On behalf of', 'What', 'Kind', 'About', 'Changes']));
    let written = 0;
    for await (const entries of auditPages(deps.db, criteria, AUDIT_EXPORT_MAX_ROWS + 1)) {
      for (const e of entries) {
        if (written === AUDIT_EXPORT_MAX_ROWS) {
          res.write(csvLine([`Stopped at ${AUDIT_EXPORT_MAX_ROWS} entries: narrow the filters for the rest.`]));
          written += 1;
          break;
        }
        res.write(
          csvLine([
            e.at.toISOString(),
            e.actorName ?? (e.actorId === null ? '' : `#${e.actorId}`),
            e.impersonatorId === null ? '' : `#${e.impersonatorId}`,
            auditActionLabel(e.action),
            auditSubjectLabel(e.subjectType),
            e.subjectName ?? (e.subjectId ? `#${e.subjectId}` : ''),
            describeAuditChanges(e).join('; '),
          ]),
        );
        written += 1;
      }
    }
    res.end();
  });
  return router;
}
