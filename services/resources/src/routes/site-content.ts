/** /api/site-content: the admins' videos and links. */
import {
  bookingUrlFor,
  type PublicSiteContent,
  type SiteContent,
  type SiteContentResponse,
  siteContentSchema,
} from '@rainmakers/contracts';
import { forbidden, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { type AuditDeps, recordStaffAction } from '../commands/audit';
import { canEditSiteContent, canReadSiteContent } from '../policies';
import { readSiteContent, type SiteContentRecord, writeSiteContent } from '../store/site-content';

/** What the audit log keeps: one flat field per video and link, so the log lists what changed. */
const snapshot = (content: SiteContent): Record<string, string | null> => ({
  ...content.videos,
  ...content.links,
  ...content.brand,
});

export function siteContentRoutes(deps: AuditDeps): Router {
  const { db } = deps;
  const router = Router();

  const present = (actor: ReturnType<typeof requireActor>, record: SiteContentRecord): SiteContentResponse => ({
    content: record.content,
    updatedAt: record.updatedAt ? record.updatedAt.toISOString() : null,
    bookingUrl: bookingUrlFor(record.content.links.calendarUrl, actor),
    abilities: { edit: canEditSiteContent(actor) },
  });

  /** What a visitor's screens need (sign-up's welcome video, the blocked page's support links): no session. */
  router.get('/public', async (_req, res) => {
    const { content } = await readSiteContent(db);
    res.setHeader('Cache-Control', 'no-cache');
    res.json({
      videos: { 'sign-up-welcome': content.videos['sign-up-welcome'] },
      links: { supportEmail: content.links.supportEmail, supportUrl: content.links.supportUrl },
    } satisfies PublicSiteContent);
  });

  router.get('/', async (req, res) => {
    const actor = requireActor(req);
    if (!canReadSiteContent(actor)) throw forbidden();
    res.json(present(actor, await readSiteContent(db)));
  });

  router.put('/', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(siteContentSchema, req.body);
    if (!canEditSiteContent(actor)) throw forbidden();
    const before = await readSiteContent(db);
    const keepsBrand = typeof req.body === 'object' && req.body !== null && !('brand' in req.body);
    const content = keepsBrand ? { ...input, brand: before.content.brand } : input;
    const saved = await writeSiteContent(db, content, actor.userId);
    await recordStaffAction(
      deps,
      actor,
      'site-content.update',
      { type: 'site-content', id: 'site', name: 'Site content' },
      { before: snapshot(before.content), after: snapshot(saved.content) },
    );
    res.json(present(actor, saved));
  });

  return router;
}
