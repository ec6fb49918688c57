import type { CredentialsUpsert } from '@rainmakers/contracts';
import { createInternalClient, HttpError } from '@rainmakers/kit';

/** The part of auth's internal API the users service calls. */
export interface CredentialsClient {
  /**
   * Stores (or replaces) a person's sign-in e-mail and password: auth `PUT /internal/credentials/{id}`. With
   * currentPassword auth checks it (400 errors.currentPassword); every session of the person ends but
   * keepSessionId.
   */
  setCredentials(userId: number, credentials: CredentialsUpsert): Promise<void>;
}

export const CREDENTIALS_UNAVAILABLE = 'The password could not be saved right now. Please try again.';
export const CREDENTIALS_NOT_SAVED =
  'The user was created, but the password could not be saved right now. Edit the user to set it again.';

export function createCredentialsClient(options: { baseUrl: string; secret: string }): CredentialsClient {
  const client = createInternalClient({ baseUrl: options.baseUrl, service: 'users', secret: options.secret });
  return {
    async setCredentials(userId, credentials) {
      try {
        await client.request<void>('PUT', `/internal/credentials/${userId}`, credentials);
      } catch (error) {
        // auth's own 4xx (e.g. a password it refuses) goes to the person as it is; an outage becomes a 503.
        if (error instanceof HttpError) throw error;
        throw new HttpError(503, CREDENTIALS_UNAVAILABLE);
      }
    },
  };
}
