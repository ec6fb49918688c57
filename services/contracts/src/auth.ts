import { z } from 'zod';
import { emailField, idList, passwordField, requiredText } from './fields';
import { FIELD_REQUIRED } from './messages';
import { roleSchema } from './roles';
import type { CurrentUser } from './users';

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: FIELD_REQUIRED }).min(1, FIELD_REQUIRED).max(1024),
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
/** Absolute lifetime of a session: it ends this long after sign-in, however active. */
export const SESSION_TTL_DAYS = 30;
/** A session unused this long ends (the gateway refreshes last-seen at most every SESSION_TOUCH_INTERVAL_SECONDS). */
export const SESSION_IDLE_DAYS = 7;
/** An admin's sign-in-as session ends this long after it started (idle or not). */
export const SIGN_IN_AS_TTL_MINUTES = 60;
/** The gateway asks auth to move a session's last-seen forward at most this often (not a write per request). */
export const SESSION_TOUCH_INTERVAL_SECONDS = 5 * 60;

/**
 * Cookie names. Over https they carry the `__Host-` prefix (the browser then refuses them unless Secure, Path=/
 * and without Domain, so no subdomain can plant or shadow them); over plain http (localhost) a browser rejects
 * `__Host-` cookies, so the bare names are used. Use `cookieNames(publicUrlIsHttps)`; the bare constants are the
 * http names.
 */
export const SESSION_COOKIE = 'rm_session';
export const CSRF_COOKIE = 'rm_csrf';
export const HOST_COOKIE_PREFIX = '__Host-';
export function cookieNames(https: boolean): { session: string; csrf: string } {
  const prefix = https ? HOST_COOKIE_PREFIX : '';
  return { session: `${prefix}${SESSION_COOKIE}`, csrf: `${prefix}${CSRF_COOKIE}` };
}
export const CSRF_HEADER = 'x-csrf-token';

export const FORGOT_PASSWORD_SENT = 'If an account exists for that email, we have sent a link to reset the password.';
/** The one sign-in failure text: the same for an unknown email, a wrong password and an account without one. */
export const INVALID_CREDENTIALS = 'Invalid email or password';
/** Profile password change: the current password is missing or wrong (field `currentPassword`). */
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to set a new one';
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired';

// ---------------------------------------------------------------------------------------------------------------
// Invitations: a single-use link that sets a first password and signs the person in
// ---------------------------------------------------------------------------------------------------------------

/** How long an invitation link stays valid (auth's INVITATION_TTL_HOURS, default 7 days). */
export const INVITATION_TTL_DAYS = 7;
/** POST /api/auth/invitation/{token}: the same body as a reset (password, optional confirmPassword). */
export const acceptInvitationSchema = resetPasswordSchema;
export const INVITATION_LINK_USED =
  'This invitation link was already used. Sign in with your password, or use "Forgot password" to choose a new one.';
export const INVITATION_LINK_EXPIRED =
  'This invitation link has expired. Ask the Rainmakers team to send you a new invitation.';
export const INVITATION_LINK_INVALID =
  'This invitation link is not valid. Check that you opened the whole link from the e-mail, or ask for a new invitation.';

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
  /** ISO 8601: the absolute end (30 days after sign-in, 1 hour for sign-in-as). */
  expiresAt: z.string(),
  /** ISO 8601: the end if nobody uses the session until then (last seen + SESSION_IDLE_DAYS). */
  idleExpiresAt: z.string(),
  /**
   * Whether the sign-in behind the session passed the second factor (a code or a recovery code). Absent in
   * mirrors written before the field existed: treated as false (no sensitive actions until the next sign-in).
   */
  secondFactor: z.boolean().optional(),
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

/**
 * Response header of auth's `GET /api/auth/me` for the gateway only (which removes it): the version of the
 * person's copy the answer was built from (users' version; 0 for a copy fetched from users before any event). The
 * gateway replays an answer only while it is at least as new as the access profile it holds (docs/decisions.md).
 */
export const PERSON_VERSION_HEADER = 'x-person-version';

/**
 * `PUT /internal/credentials/{userId}` (users -> auth): set an account's sign-in email and password.
 * `currentPassword`: the person changes their own password; auth checks it (400 errors.currentPassword).
 * Every session of the account ends except `keepSessionId` (the session the person changed it from).
 */
export const credentialsUpsertSchema = z.object({
  email: emailField,
  password: passwordField,
  currentPassword: z.string().max(1024).optional(),
  keepSessionId: z.string().min(1).max(100).optional(),
});
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

// ---------------------------------------------------------------------------------------------------------------
// Second factor: TOTP (RFC 6238, 30 s steps, six digits) with single-use recovery codes
// ---------------------------------------------------------------------------------------------------------------

/** How a session's sign-in was proven: the password alone, or the password and a second factor. */
export const SESSION_AUTHENTICATIONS = ['password', 'password+totp', 'password+recovery-code'] as const;
export type SessionAuthentication = (typeof SESSION_AUTHENTICATIONS)[number];
export const passedSecondFactor = (authentication: SessionAuthentication) => authentication !== 'password';

/** How long the half-signed-in token (after a correct password, before the code) stays usable. */
export const SECOND_STEP_TTL_MINUTES = 10;
/** Recovery codes handed out at enrolment (and on regeneration); each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** The issuer authenticator apps show next to the account. */
export const TOTP_ISSUER = 'Rainmakers';

/** A six-digit code or a recovery code (xxxx-xxxx-xxxx-xxxx; spaces and dashes are ignored). */
export const secondFactorCodeField = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .min(1, FIELD_REQUIRED)
  .max(64, 'Enter the six-digit code or a recovery code');
/** The half-signed-in token POST /api/auth/signin answered with. */
const secondStepToken = z.string({ error: FIELD_REQUIRED }).min(1, FIELD_REQUIRED).max(2048);

/** POST /api/auth/signin/code: the second step of a sign-in. */
export const secondStepSchema = z.object({ token: secondStepToken, code: secondFactorCodeField });
/** POST /api/auth/signin/enrol: an account that must have a second factor sets one up before its first session. */
export const forcedEnrolmentSchema = z.object({ token: secondStepToken });
/** POST /api/auth/signin/enrol/confirm. */
export const forcedEnrolmentConfirmSchema = z.object({ token: secondStepToken, code: secondFactorCodeField });
/** POST /api/auth/second-factor/enrol/confirm (signed in, from /profile). */
export const enrolmentConfirmSchema = z.object({ code: secondFactorCodeField });
/** POST /api/auth/second-factor/disable and /recovery-codes: a fresh password and a code. */
export const secondFactorChangeSchema = z.object({
  password: z.string({ error: FIELD_REQUIRED }).min(1, FIELD_REQUIRED).max(1024),
  code: secondFactorCodeField,
});

/**
 * POST /api/auth/signin after a correct password when a second step follows: no session yet, only the token
 * the next call carries. `next`: 'code' (enrolled) or 'enrol' (the role requires a second factor she lacks).
 */
export interface SecondStepChallenge {
  token: string;
  next: 'code' | 'enrol';
  expiresAt: string;
}
export interface SignInResponse {
  currentUser: CurrentUser | null;
  secondFactor?: SecondStepChallenge;
}
/** The secret to add to an authenticator app: base32 text and the otpauth:// address its QR code holds. */
export interface EnrolmentStart {
  secret: string;
  otpauthUrl: string;
}
/** A confirmed enrolment or a regeneration: the recovery codes, shown once. */
export interface RecoveryCodesResponse {
  recoveryCodes: string[];
}
export interface ForcedEnrolmentResponse extends RecoveryCodesResponse {
  currentUser: CurrentUser;
}
/** GET /api/auth/second-factor. */
export interface SecondFactorStatus {
  enrolled: boolean;
  /** The person's role requires one (admins; coaches when auth's SECOND_FACTOR_REQUIRED_FOR_COACHES). */
  required: boolean;
  recoveryCodesLeft: number;
  /** Whether the current session's sign-in passed the second factor. */
  sessionPassed: boolean;
}

/**
 * `PUT /internal/second-factor/{userId}` (the seed -> auth): enrols the account with a known base32 secret at once
 * (the seeded admin, whose secret `npm start` prints), replacing any earlier one. -> 200 { recoveryCodes }.
 */
export const internalSecondFactorSchema = z.object({ secret: z.string().regex(/^[A-Z2-7]{16,128}$/) });

export const SECOND_FACTOR_CODE_WRONG =
  'That code is not right. Enter the newest code from your app, or a recovery code.';
export const SECOND_STEP_EXPIRED = 'This sign-in has expired. Sign in again with your e-mail and password.';
export const SECOND_FACTOR_ALREADY_ENROLLED = 'A second factor is already set up for this account.';
export const SECOND_FACTOR_NOT_ENROLLED = 'No second factor is set up for this account.';
export const SECOND_FACTOR_NEEDED =
  'This needs a sign-in with your second factor. Sign out, then sign in again with your code.';
export const SECOND_FACTOR_REQUIRED_FOR_ROLE =
  'Your role requires a second factor. To move it to a new device, ask another admin to reset it.';
