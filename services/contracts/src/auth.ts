import { z } from 'zod';
import { emailField, idList, passwordField, requiredText } from './fields';
import { roleSchema } from './roles';
import type { CurrentUser } from './users';

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: 'this field cannot be empty' }).min(1, 'this field cannot be empty').max(1024),
});

export const signUpSchema = z.object({
  fullName: requiredText(120),
  email: emailField,
  password: passwordField,
  /** Comma-separated tag ids from the sign-up link's `signuptags` query parameter. */
  signuptags: idList.optional(),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export const resetPasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string().optional() })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    path: ['confirmPassword'],
    message: PASSWORDS_DO_NOT_MATCH,
  });

export const signInAsSchema = z.object({ email: emailField });
export const switchRoleSchema = z.object({ role: roleSchema });

/** How long a password-reset link stays valid. */
export const RESET_TOKEN_TTL_MINUTES = 60;
export const SESSION_TTL_DAYS = 30;
export const SESSION_COOKIE = 'rm_session';
export const CSRF_COOKIE = 'rm_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export const FORGOT_PASSWORD_SENT = 'If an account exists for that email, we have sent a link to reset the password.';
/** The one sign-in failure text: the same for an unknown email, a wrong password and an account without one. */
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired';

// ---------------------------------------------------------------------------------------------------------------
// Sessions (shared by auth, which issues them, and the gateway, which checks them on every request)
// ---------------------------------------------------------------------------------------------------------------

/** The session cookie is a JWT signed with SESSION_SECRET (HS256) carrying these claims (plus iat/exp/iss/aud). */
export const sessionClaimsSchema = z.object({
  /** Session id: 32 random bytes, base64url. */
  sid: z.string().min(1).max(100),
  /** The signed-in account's user id, as a string (JWT `sub` is a StringOrURI). */
  sub: z.string().regex(/^\d+$/),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;
export const SESSION_JWT_ALGORITHM = 'HS256' as const;
export const SESSION_JWT_ISSUER = 'rainmakers-auth';
export const SESSION_JWT_AUDIENCE = 'rainmakers-session';

/**
 * A live session as auth mirrors it in Redis (`sessionCacheKey`, TTL = time to expiry) and returns it from
 * `GET /internal/sessions/{sid}`. A missing key means "ask auth"; auth answering 404 means revoked or unknown;
 * `REVOKED_SESSION_MARKER` under the key means revoked.
 */
export const sessionRecordSchema = z.object({
  userId: z.number().int().positive(),
  /** The role an admin switched the displayed role to; null when not switched. */
  actingRole: roleSchema.nullable(),
  /** The admin who signed in as this person; null for an ordinary session. */
  impersonatorId: z.number().int().positive().nullable(),
  /** ISO 8601. */
  expiresAt: z.string(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** `GET /internal/sessions/{sid}` -> 200 `{ session }` | 404. */
export const internalSessionSchema = sessionRecordSchema.extend({ id: z.string() });
export type InternalSession = z.infer<typeof internalSessionSchema>;

/**
 * What auth leaves under `sessionCacheKey` when it revokes a session (until the session would have expired),
 * instead of deleting the key: a reader re-caching with SET NX after asking auth can then never revive it.
 */
export const revokedSessionMarkerSchema = z.object({ revoked: z.literal(true) });
export const REVOKED_SESSION_MARKER = { revoked: true } as const;

/** The Redis key of a session mirror; `prefix` is the environment's REDIS_PREFIX (e.g. 'rm:'). */
export const sessionCacheKey = (prefix: string, sid: string) => `${prefix}session:${sid}`;

/** `PUT /internal/credentials/{userId}` (users -> auth): set an account's sign-in email and password. */
export const credentialsUpsertSchema = z.object({ email: emailField, password: passwordField });
export type CredentialsUpsert = z.infer<typeof credentialsUpsertSchema>;

/** Answers of the public auth calls. */
export interface CurrentUserResponse {
  currentUser: CurrentUser | null;
}
export interface ResetPasswordResponse {
  user: CurrentUser;
}
export interface MessageResponse {
  message: string;
}
