import { z } from 'zod';

import { COMMUNITY_BIO_MAX, COMMUNITY_BIO_TOO_LONG } from './community-constants';

export * from './community-constants';

/** Control characters other than line breaks and tabs never reach a bio (it is shown as plain text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** What a member chooses about her community profile on /profile. */
export const communitySettingsSchema = z.object({
  bio: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim())
    .pipe(z.string().max(COMMUNITY_BIO_MAX, COMMUNITY_BIO_TOO_LONG)),
  /** Whether the profile lists the courses she completed. */
  showCourses: z.boolean(),
  /** Whether she is in the community list at all (false: others get 404 for her profile). */
  listed: z.boolean(),
});
export type CommunitySettings = z.infer<typeof communitySettingsSchema>;

export const communityCourseSchema = z.object({
  courseId: z.number().int(),
  courseTitle: z.string(),
  completedAt: z.string(),
});
export type CommunityCourse = z.infer<typeof communityCourseSchema>;

/** GET /api/user/community/{id}: what members see of one another. Never the e-mail or the phone number. */
export const communityProfileSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  photoUrl: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  bio: z.string(),
  /** The courses she completed when she shows them; null when she keeps them to herself (or they could not load). */
  courses: z.array(communityCourseSchema).nullable(),
});
export type CommunityProfile = z.infer<typeof communityProfileSchema>;

/** The users service's answer, before the gateway adds the courses (when showCourses). */
export const communityProfileCoreSchema = communityProfileSchema.omit({ courses: true }).extend({
  showCourses: z.boolean(),
});
export type CommunityProfileCore = z.infer<typeof communityProfileCoreSchema>;
