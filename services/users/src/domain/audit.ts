/** The audit log's vocabulary and what it keeps of a person (pure). */
import { type Role, SESSION_AUDIT_ACTIONS, type ThemePreference } from '@rainmakers/contracts';

export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.delete',
  'user.role-change',
  'user.add-tags',
  'user.bulk-update',
  'user.import',
  // An invitation e-mail re-sent by an admin (one asked for at creation is part of user.create/import).
  'user.invite',
  // A bulk action of the table: one entry with its counts (total, changed, unchanged, failed).
  'user.bulk-action',
  // A person closed her own account (DELETE /api/account, through auth).
  'user.close-account',
  'tag.create',
  'tag.rename',
  'tag.delete',
  // Whether a sign-up link may attach the tag.
  'tag.signup-allowed',
  // An admin's broadcast, queued (its audience and recipient count).
  'broadcast.send',
  // Recorded by auth through POST /internal/audit (sessions live there).
  ...SESSION_AUDIT_ACTIONS,
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: the person behind the request, and the admin behind a sign-in-as. */
export interface AuditActor {
  actorId: number;
  impersonatorId: number | null;
}

/** The actor of a request as the log records it. */
export const auditActor = (actor: { userId: number; impersonatorId: number | null }): AuditActor => ({
  actorId: actor.userId,
  impersonatorId: actor.impersonatorId,
});

/**
 * What the log keeps of a person before and after a change (never a password; the photo's address is kept, the
 * screens say "Photo: changed"). docs/decisions.md "Audit entries say what changed".
 */
export type PersonSnapshot = {
  fullName: string;
  email: string;
  role: Role;
  photoUrl: string | null;
  theme: ThemePreference | null;
  city: string | null;
  state: string | null;
  country: string | null;
  phoneNumber: string | null;
  alwaysGrantAccess: boolean;
  tags: string[];
};

export function personSnapshot(user: {
  fullName: string;
  email: string;
  role: Role;
  photoUrl?: string | null;
  theme?: ThemePreference | null;
  city: string | null;
  state: string | null;
  country: string | null;
  phoneNumber: string | null;
  alwaysGrantAccess: boolean;
  tags: { name: string }[];
}): PersonSnapshot {
  return {
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    photoUrl: user.photoUrl ?? null,
    theme: user.theme ?? null,
    city: user.city,
    state: user.state,
    country: user.country,
    phoneNumber: user.phoneNumber,
    alwaysGrantAccess: user.alwaysGrantAccess,
    tags: user.tags.map((t) => t.name),
  };
}

/** Only the fields that differ, on each side (so an entry reads as 'role: basic -> premium'). */
export function changedParts(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before, after };
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
