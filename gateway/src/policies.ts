/**
 * Who may use what the gateway itself answers (everything else is decided by the service that owns it). The one
 * place in the gateway that looks at a role.
 */
import type { Role } from '@rainmakers/contracts';

/**
 * The Swagger UI console at /api/docs: admin accounts. The account's role, so an admin previewing the product as
 * another role still reads it; a sign-in-as session carries the member's account, who does not.
 */
export const canReadApiConsole = (account: { role: Role }) => account.role === 'admin';
