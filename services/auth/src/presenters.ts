import { type CurrentUser, displayedRole, type Role, sessionAbilities, type User } from '@rainmakers/contracts';

/**
 * The signed-in person as the web sees them: users' profile (field by field: nothing else passes) plus the
 * session's view — the role an admin switched to (and isAdmin), and who signed in as them.
 */
export function presentCurrentUser(
  user: User,
  session: { actingRole: Role | null; impersonatedBy: { id: number; fullName: string } | null },
): CurrentUser {
  const switchedTo = displayedRole(user.role, session.actingRole);
  const role = switchedTo ?? user.role;
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
    isAdmin: switchedTo !== null,
    impersonatedBy: session.impersonatedBy
      ? { id: session.impersonatedBy.id, fullName: session.impersonatedBy.fullName }
      : null,
    can: sessionAbilities({ role, createdAt: user.createdAt }),
  };
}
