import {
  type CurrentUser,
  type Role,
  type SecondFactorSettings,
  sessionAbilities,
  sessionRoles,
  type User,
} from '@rainmakers/contracts';

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
  const { role, isAdmin, withheldRole } = sessionRoles(user.role, session.actingRole, session.secondFactor, settings);
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
    Tags: user.Tags.map((t) => ({ id: t.id, name: t.name })),
    Resources: user.Resources.map((r) => ({ id: r.id, title: r.title })),
    isAdmin,
    impersonatedBy: session.impersonatedBy
      ? { id: session.impersonatedBy.id, fullName: session.impersonatedBy.fullName }
      : null,
    ...(withheldRole ? { withheldRole } : {}),
    can: sessionAbilities({ role, createdAt: user.createdAt }),
  };
}
