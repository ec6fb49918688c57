/**
 * GET /api/user/community/{id}: a member's community profile. users decides who may see it and answers
 * the person (never the e-mail or phone); when she shows her completed courses, courses adds them (her
 * certificates, on its /internal route with the gateway's service token). Courses that cannot be read in time
 * leave `courses` null: the profile still opens.
 */
import {
  type CommunityCourse,
  type CommunityProfile,
  type CommunityProfileCore,
  communityCourseSchema,
  communityProfileCoreSchema,
} from '@rainmakers/contracts';
import { HttpError } from '@rainmakers/kit';
import { gatewayServiceToken, OVERVIEW_PART_CALLS, type OverviewGatherer, upstreamAsker } from './member-overview';

export const COMMUNITY_PROFILE_UNAVAILABLE = 'This profile could not be loaded right now. Please try again.';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The courses part of the answer (pure): her certificates as course, title and day, or null when unreadable. */
export function completedCourses(body: unknown): CommunityCourse[] | null {
  const list = isRecord(body) ? body.certificates : undefined;
  if (!Array.isArray(list)) return null;
  const courses: CommunityCourse[] = [];
  for (const item of list) {
    const parsed = communityCourseSchema.safeParse(item);
    if (parsed.success) courses.push(parsed.data);
  }
  return courses;
}

export async function gatherCommunityProfile(
  gatherer: OverviewGatherer,
  userId: number,
  personToken: string,
  requestId: string | undefined,
): Promise<CommunityProfile> {
  const ask = upstreamAsker(gatherer, requestId);
  let core: CommunityProfileCore;
  try {
    const answer = await ask('users', `/api/user/community/${userId}`, personToken, gatherer.coreDeadlineMs);
    if (answer.status >= 500) throw new Error(`users answered ${answer.status}`);
    if (answer.status >= 400) {
      const body = isRecord(answer.body) ? answer.body : {};
      throw new HttpError(answer.status, typeof body.error === 'string' ? body.error : 'Request failed');
    }
    core = communityProfileCoreSchema.parse(isRecord(answer.body) ? answer.body.profile : undefined);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(503, COMMUNITY_PROFILE_UNAVAILABLE);
  }
  const { showCourses, ...person } = core;
  if (!showCourses) return { ...person, courses: null };
  const certificates = OVERVIEW_PART_CALLS.certificates;
  try {
    const answer = await ask(
      certificates.service,
      certificates.path(userId),
      gatewayServiceToken(gatherer.internalTokenSecret),
      gatherer.deadlineMs,
    );
    return { ...person, courses: answer.status < 400 ? completedCourses(answer.body) : null };
  } catch {
    return { ...person, courses: null };
  }
}
