/**
 * Values shared with the services, mirrored from @rainmakers/contracts: importing a value from the contracts package
 * would pull zod into the first download. constants.test.ts checks every copy against the contracts.
 */
export const CSRF_COOKIE = 'rm_csrf';
/** Over https the gateway and auth name the cookies `__Host-rm_csrf` etc. (contracts' cookieNames). */
export const HOST_COOKIE_PREFIX = '__Host-';
export const CSRF_HEADER = 'x-csrf-token';
export const SUBSCRIPTION_BLOCKED = 'SUBSCRIPTION_BLOCKED';
export const EMAIL_IN_USE_SIGN_IN = 'This email address is already in use. Please, sign in instead.';
export const FORGOT_PASSWORD_SENT = 'If an account exists for that email, we have sent a link to reset the password.';
export const RESET_TOKEN_TTL_MINUTES = 60;
/** POST /upload failed (the profile photo, course covers and lesson images all show it). */
export const UPLOAD_ERROR = 'Error uploading file';
