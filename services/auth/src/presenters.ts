import {
  type CurrentUser,
  type Role,
  type SecondFactorSettings,
  sessionAbilities,
  sessionRoles,
  type User,
} from '@rainmakers/contracts';
import type { OwnAuthFacts } from './store/account';

/**
 * The signed-in person as the web sees them: users' profile (field by field: nothing else passes) plus the
 * session's view — the role an admin switched to (and isAdmin), who signed in as them, and the rule for staff
 * powers (a session without the second factor shows the role every service gives it, not the account's).
 */
export function presentCurrentUser(
  user: User,
  session: {
    actingRole: Role | null;
    impersonatedBy: { id: number; fullName: string } | null;
    secondFactor: boolean;
  },
  settings: SecondFactorSettings,
): CurrentUser {
  const { role, accountRole, isAdmin, withheldRole } = sessionRoles(
    user.role,
    session.actingRole,
    session.secondFactor,
    settings,
  );
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    role,
    photoUrl: user.photoUrl,
    city: user.city,
    state: user.state,
    country: user.country,
    phoneNumber: user.phoneNumber,
    stripeStatus: user.stripeStatus,
    stripeCustomerId: user.stripeCustomerId,
    alwaysGrantAccess: user.alwaysGrantAccess,
    createdAt: user.createdAt,
    theme: user.theme,
    timeZone: user.timeZone ?? null,
    Tags: user.Tags.map((t) => ({ id: t.id, name: t.name })),
    Resources: user.Resources.map((r) => ({ id: r.id, title: r.title })),
    isAdmin,
    impersonatedBy: session.impersonatedBy
      ? { id: session.impersonatedBy.id, fullName: session.impersonatedBy.fullName }
      : null,
    ...(withheldRole ? { withheldRole } : {}),
    can: sessionAbilities({ role, createdAt: user.createdAt }, { accountRole, secondFactor: session.secondFactor }),
  };
}

const iso = (at: Date | null | undefined) => (at ? new Date(at).toISOString() : null);

/**
 * auth's part of a person's own export: her sign-in e-mail, whether a password is set, her sessions (a sign-in-as
 * by staff is marked, without the admin's name), her second factor and the links mailed to her. No hash, secret,
 * session id or token.
 */
export function presentOwnAuthExport(facts: OwnAuthFacts) {
  return {
    signIn: facts.credential
      ? {
          email: facts.credential.email,
          passwordSet: Boolean(facts.credential.has_password),
          changedAt: iso(facts.credential.updated_at),
        }
      : null,
    sessions: facts.sessions.map((s) => ({
      startedAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
      endsAt: iso(s.expires_at),
      endedAt: iso(s.revoked_at),
      signIn: s.authentication,
      openedByStaff: s.impersonator_id !== null,
    })),
    secondFactor: facts.secondFactor
      ? {
          setUpAt: iso(facts.secondFactor.created_at),
          confirmedAt: iso(facts.secondFactor.confirmed_at),
          recoveryCodesLeft: facts.recoveryCodes.filter((c) => c.used_at === null).length,
        }
      : null,
    mailedLinks: facts.links.map((l) => ({
      kind: l.kind,
      sentAt: iso(l.created_at),
      expiresAt: iso(l.expires_at),
      usedAt: iso(l.used_at),
    })),
  };
}
