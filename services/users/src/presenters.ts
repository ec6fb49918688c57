/** Allow-lists of what each kind of caller gets to see of a person or a tag. */
import {
  type AccessProfile,
  type Actor,
  type CoachContact,
  type CommunityUser,
  type EventData,
  isJobFinished,
  type JobStatus,
  type JobSummary,
  jobErrorsPath,
  jobStatusPath,
  type ManagedTag,
  type Tag,
  type User,
} from '@rainmakers/contracts';
import { canSeeSignInStatus, userAbilities } from './policies';
import type { OwnAccountFacts } from './store/account';
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
    timeZone: user.timeZone,
    Tags: user.tags.map(presentTag),
    Resources: user.resources.map((r) => ({ id: r.id, title: r.title })),
  };
}

/**
 * users' part of a person's own export: her whole record, her community choices, the invitations sent to her and
 * the audit entries about her. An entry names who acted only as herself or staff: other people's names stay out.
 */
export function presentOwnAccountExport(user: UserRecord, facts: OwnAccountFacts) {
  return {
    profile: {
      ...presentUser(user),
      invitedAt: user.invitedAt?.toISOString() ?? null,
      lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    },
    tags: user.tags.map((t) => t.name),
    resources: user.resources,
    settings: { theme: user.theme, timeZone: user.timeZone, community: facts.community },
    invitationsSentAt: facts.invitationsSentAt.map((at) => at.toISOString()),
    audit: facts.audit.map((entry) => ({
      at: entry.at.toISOString(),
      action: entry.action,
      by: entry.byHerself ? 'you' : entry.byStaff ? 'staff' : 'system',
      before: entry.before,
      after: entry.after,
    })),
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
    // Only grants read with the person (a record read without them tells nothing rather than a wrong day).
    tagGrants: user.tags.flatMap((t) => (t.grantedAt ? [{ id: t.id, grantedAt: t.grantedAt.toISOString() }] : [])),
    stripeStatus: user.stripeStatus,
    stripeCustomerId: user.stripeCustomerId,
    alwaysGrantAccess: user.alwaysGrantAccess,
    createdAt: user.createdAt.toISOString(),
    theme: user.theme,
    timeZone: user.timeZone,
    version: user.version,
  };
}

/** A job of the history, with the addresses of its files (an error file only when the import has errors). */
/** Whether a job's error report can be downloaded: rows failed, or the job failed (the report says why). */
const hasErrorFile = (job: JobRow) =>
  job.errorFileKey !== null && (Number(job.counts.errorCount ?? 0) > 0 || job.state === 'failed');

/** GET /api/user/jobs/{id} (and the older per-kind status paths): the one status shape of every job. */
export function presentJobStatus(job: JobRow): JobStatus {
  return {
    // The earlier per-kind answers had the counts at the top level; the named keys below win over them.
    ...job.counts,
    jobId: job.id,
    kind: job.kind,
    state: job.state,
    total: Number(job.counts.total ?? 0),
    done: Number(job.counts.done ?? 0),
    counts: job.counts,
    failedReason: job.failedReason,
    errorFileUrl: hasErrorFile(job) ? jobErrorsPath(job.id) : null,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

export function presentJob(job: JobRow): JobSummary {
  const base = jobStatusPath(job.id);
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
    ...(isJobFinished(job.state) ? { reportUrl: `${base}/report.csv` } : {}),
    ...(hasErrorFile(job) ? { errorFileUrl: jobErrorsPath(job.id) } : {}),
  };
}
