/**
 * Who may use what the gateway itself answers (everything else is decided by the service that owns it). The one
 * place in the gateway that looks at a role.
 */
import { type Actor, type Role, sessionRoles } from '@rainmakers/contracts';

/**
 * The Swagger UI console at /api/docs: admin accounts. The account's role, so an admin previewing the product as
 * another role still reads it; a sign-in-as session carries the member's account, who does not; and under the rule
 * for staff powers, a session that has not passed the second factor holds no admin role (the coach setting cannot
 * change who is an admin).
 */
export const canReadApiConsole = (caller: { role: Role; secondFactor?: boolean | null | undefined }) =>
  sessionRoles(caller.role, null, caller.secondFactor === true, { requiredForCoaches: false }).accountRole === 'admin';

/**
 * Her own data export (GET /api/account/export): any signed-in person, for herself only (the id comes from her
 * session), never from a sign-in-as session: the admin is not the person.
 */
export const canExportOwnData = (actor: Pick<Actor, 'impersonatorId'>) => actor.impersonatorId === null;
