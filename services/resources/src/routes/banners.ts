/** /api/dashboard-banner/*: one banner per membership level (basic, premium, course only). */
import { BANNER_NOT_FOUND, bannerTypeParam, bannerUpsertSchema } from '@rainmakers/contracts';
import { forbidden, notFound, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { type AuditDeps, bannerName, bannerSnapshot, recordStaffAction } from '../commands/audit';
import { canEditBanners, canReadBanner } from '../policies';
import { presentBanner } from '../presenters';
import { deleteBanner, findBanner, listBanners, upsertBanner } from '../store/banners';

export function bannerRoutes(deps: AuditDeps): Router {
  const { db } = deps;
  const router = Router();

  /** Admins get all three; everyone else the banner of their level (the others are null). */
  router.get('/read-many', async (req, res) => {
    const actor = requireActor(req);
    const banners = await listBanners(db);
    const of = (type: 'basic' | 'premium' | 'course only') => {
      const banner = banners.find((b) => b.type === type);
      return banner && canReadBanner(actor, type) ? presentBanner(actor, banner) : null;
    };
    res.json({
      premium: of('premium'),
      basic: of('basic'),
      courseOnly: of('course only'),
      abilities: { edit: canEditBanners(actor) },
    });
  });

  router.post('/', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(bannerUpsertSchema, req.body);
    if (!canEditBanners(actor)) throw forbidden();
    const before = await findBanner(db, input.type);
    const { banner, isNew } = await upsertBanner(db, input);
    await recordStaffAction(
      deps,
      actor,
      isNew ? 'banner.create' : 'banner.update',
      { type: 'banner', id: banner.type, name: bannerName(banner.type, banner.title) },
      { before: before ? bannerSnapshot(before) : null, after: bannerSnapshot(banner) },
    );
    res.status(isNew ? 201 : 200).json({ banner: presentBanner(actor, banner), isNew });
  });

  /** The banner of one level; another level's banner answers like a missing one. */
  router.get('/:type', async (req, res) => {
    const actor = requireActor(req);
    const type = parse(bannerTypeParam, req.params.type);
    const banner = await findBanner(db, type);
    if (!banner || !canReadBanner(actor, type)) throw notFound(BANNER_NOT_FOUND);
    res.json({ banner: presentBanner(actor, banner) });
  });

  router.delete('/:type', async (req, res) => {
    const actor = requireActor(req);
    const type = parse(bannerTypeParam, req.params.type);
    if (!canEditBanners(actor)) throw forbidden();
    const before = await findBanner(db, type);
    if (!before || !(await deleteBanner(db, type))) throw notFound(BANNER_NOT_FOUND);
    await recordStaffAction(
      deps,
      actor,
      'banner.delete',
      { type: 'banner', id: type, name: bannerName(type, before.title) },
      { before: bannerSnapshot(before), after: null },
    );
    res.status(204).end();
  });

  return router;
}
