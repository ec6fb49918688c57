/**
 * The community profile, beside the community search (/api/user/read-many):
 *  - GET /api/user/community/{id}: what members see of one another (the gateway adds completed courses);
 *  - GET and PUT /api/user/community-settings: her own bio, courses shown, listed or not (on /profile).
 */
import {
  COMMUNITY_PROFILE_NOT_FOUND,
  type CommunityProfileCore,
  communitySettingsSchema,
  idParam,
} from '@rainmakers/contracts';
import { forbidden, notFound, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import type { CommandDeps } from '../commands/users';
import { canEditCommunitySettings, canSeeCommunityProfile } from '../policies';
import { type CommunityRecord, findCommunityRecord, saveCommunitySettings } from '../store/community';
import { USER_NOT_FOUND } from './users';

const presentCommunityProfile = (record: CommunityRecord): CommunityProfileCore => ({
  id: record.id,
  fullName: record.fullName,
  photoUrl: record.photoUrl,
  city: record.city,
  state: record.state,
  bio: record.bio,
  showCourses: record.showCourses,
});

const presentSettings = (record: CommunityRecord) => ({
  bio: record.bio,
  showCourses: record.showCourses,
  listed: record.listed,
});

export function communityRoutes(deps: Pick<CommandDeps, 'db'>): Router {
  const router = Router();

  router.get('/community-settings', async (req, res) => {
    const actor = requireActor(req);
    if (!canEditCommunitySettings(actor)) throw forbidden();
    const record = await findCommunityRecord(deps.db, actor.userId);
    if (!record) throw notFound(USER_NOT_FOUND);
    res.set('Cache-Control', 'no-store').json({ settings: presentSettings(record) });
  });

  router.put('/community-settings', async (req, res) => {
    const actor = requireActor(req);
    if (!canEditCommunitySettings(actor)) throw forbidden();
    const settings = parse(communitySettingsSchema, req.body ?? {});
    if (!(await saveCommunitySettings(deps.db, actor.userId, settings))) throw notFound(USER_NOT_FOUND);
    res.json({ settings });
  });

  router.get('/community/:id', async (req, res) => {
    const actor = requireActor(req);
    const record = await findCommunityRecord(deps.db, parse(idParam, req.params.id));
    if (!record || !canSeeCommunityProfile(actor, record)) throw notFound(COMMUNITY_PROFILE_NOT_FOUND);
    res.set('Cache-Control', 'no-store').json({ profile: presentCommunityProfile(record) });
  });

  return router;
}
