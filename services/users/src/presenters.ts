/** Allow-lists of what each kind of caller gets to see of a person or a tag. */
import type {
  AccessProfile,
  Actor,
  CoachContact,
  CommunityUser,
  EventData,
  JobSummary,
  ManagedTag,
  Tag,
  User,
} from '@rainmakers/contracts';
import { canSeeSignInStatus, userAbilities } from './policies';
import type { JobRow } from './store/job-history';
import type { UserRecord } from './store/users';

export function presentUser(user: UserRecord): User {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    photoUrl: user.photoUrl,
    city: user.city,
    state: user.state,
    country: user.country,
    phoneNumber: user.phoneNumber,
    stripeStatus: user.stripeStatus,
    stripeCustomerId: user.stripeCustomerId,
    alwaysGrantAccess: user.alwaysGrantAccess,
    createdAt: user.createdAt.toISOString(),
    theme: user.theme,
    Tags: user.tags.map(presentTag),
    Resources: user.resources.map((r) => ({ id: r.id, title: r.title })),
  };
}

/** A person as the people screens show them to `actor`, with what `actor` may do with the record. */
export function presentUserFor(actor: Actor, user: UserRecord): User {
  const status = canSeeSignInStatus(actor)
    ? { invitedAt: user.invitedAt?.toISOString() ?? null, lastSignInAt: user.lastSignInAt?.toISOString() ?? null }
    : {};
  return { ...presentUser(user), abilities: userAbilities(actor, user), ...status };
}

/** What members see of each other in the community search: no e-mail, no payment or role details. */
export function presentCommunityUser(user: UserRecord): CommunityUser {
  return { id: user.id, fullName: user.fullName, photoUrl: user.photoUrl, city: user.city, state: user.state };
}

/** A coach as the mention picker shows her to a member: id, name and e-mail only. */
export const presentCoachContact = (user: UserRecord): CoachContact => ({
  id: user.id,
  fullName: user.fullName,
  email: user.email,
});

export const presentTag = (tag: Tag): Tag => ({ id: tag.id, name: tag.name });
/** A tag as the tag API shows it (spec keys id and name, and whether sign-up links may attach it). */
export const presentManagedTag = (tag: ManagedTag): ManagedTag => ({
  id: tag.id,
  name: tag.name,
  signupAllowed: tag.signupAllowed,
});

export function presentAccessProfile(user: UserRecord): AccessProfile {
  return {
    userId: user.id,
    role: user.role,
    tagIds: user.tags.map((t) => t.id),
    tagNames: user.tags.map((t) => t.name),
    stripeStatus: user.stripeStatus,
    alwaysGrantAccess: user.alwaysGrantAccess,
    createdAt: user.createdAt.toISOString(),
    email: user.email,
    version: user.version,
  };
}

/** The data of a users.user-changed event. */
export function userChangedData(user: UserRecord): EventData<'users.user-changed'> {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    role: user.role,
    photoUrl: user.photoUrl,
    city: user.city,
    state: user.state,
    country: user.country,
    phoneNumber: user.phoneNumber,
    resources: user.resources.map((r) => ({ id: r.id, title: r.title })),
    tagIds: user.tags.map((t) => t.id),
    tagNames: user.tags.map((t) => t.name),
    stripeStatus: user.stripeStatus,
    stripeCustomerId: user.stripeCustomerId,
    alwaysGrantAccess: user.alwaysGrantAccess,
    createdAt: user.createdAt.toISOString(),
    theme: user.theme,
    version: user.version,
  };
}

/** A job of the history, with the addresses of its files (an error file only when the import has errors). */
export function presentJob(job: JobRow): JobSummary {
  const base = `/api/user/jobs/${encodeURIComponent(job.id)}`;
  const errors = Number(job.counts.errorCount ?? 0);
  return {
    id: job.id,
    kind: job.kind,
    actorName: job.actorName,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    state: job.state,
    counts: job.counts,
    fileName: job.fileName,
    failedReason: job.failedReason,
    ...(job.state === 'running' ? {} : { reportUrl: `${base}/report.csv` }),
    ...(job.errorFileKey && errors > 0 ? { errorFileUrl: `${base}/errors.csv` } : {}),
  };
}
