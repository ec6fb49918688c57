import { createInternalClient, HttpError } from '@rainmakers/kit';

/** The part of auth's internal API the users service calls. */
export interface CredentialsClient {
  /** Stores (or replaces) a person's sign-in e-mail and password: auth `PUT /internal/credentials/{id}`. */
  setCredentials(userId: number, credentials: { email: string; password: string }): Promise<void>;
}

export const CREDENTIALS_UNAVAILABLE = 'The password could not be saved right now. Please try again.';

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
