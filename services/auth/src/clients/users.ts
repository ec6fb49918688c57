import { type InternalAuditInput, type Role, type User, userSchema } from '@rainmakers/contracts';
import { createInternalClient, HttpError } from '@rainmakers/kit';
import { z } from 'zod';

const userResponse = z.object({ user: userSchema });

/** The users service, as auth calls it (service token; never routed by the gateway). */
export interface UsersClient {
  getUser(id: number): Promise<User | null>;
  findUserByEmail(email: string): Promise<User | null>;
  /** Creates a person; a taken email comes back as HttpError 409 with errors.users_email. */
  createUser(input: { fullName: string; email: string; role: Role; tagIds: number[] }): Promise<User>;
  /** Records an admin's session change (sign-in-as, its way back, a role switch) in users' audit log. */
  recordAudit(entry: InternalAuditInput): Promise<void>;
  /** Closes the person's account (users deletes her and publishes users.user-deleted); 409 for the last admin. */
  closeAccount(userId: number): Promise<void>;
}

export function createUsersClient(options: { baseUrl: string; secret: string; readTimeoutMs: number }): UsersClient {
  const client = createInternalClient({ baseUrl: options.baseUrl, service: 'auth', secret: options.secret });
  // Reads sit on sign-in and /me when auth has no copy of the person: a down users must not hold them long.
  const reads = createInternalClient({
    baseUrl: options.baseUrl,
    service: 'auth',
    secret: options.secret,
    timeoutMs: options.readTimeoutMs,
  });
  const orNull = async (call: Promise<unknown>): Promise<User | null> => {
    try {
      return userResponse.parse(await call).user;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  };
  return {
    getUser: (id) => orNull(reads.request('GET', `/internal/users/${id}`)),
    findUserByEmail: (email) =>
      orNull(reads.request('GET', `/internal/users/by-email?email=${encodeURIComponent(email)}`)),
    async createUser(input) {
      return userResponse.parse(await client.request('POST', '/internal/users', input)).user;
    },
    async recordAudit(entry) {
      await client.request('POST', '/internal/audit', entry);
    },
    async closeAccount(userId) {
      await client.request('POST', `/internal/users/${userId}/close`);
    },
  };
}
