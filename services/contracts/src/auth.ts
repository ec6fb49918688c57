import { z } from 'zod';
import { emailField, idList, passwordField, requiredText } from './fields';
import { roleSchema } from './roles';

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

export const resetPasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string().optional() })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
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
