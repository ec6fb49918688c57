import { z } from 'zod';
import { FIELD_REQUIRED } from './messages';

/** Shared field rules, so a limit is written once for the browser and the services. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** An e-mail address; `empty` is the text for a missing one (the user form's is fixed by the spec). */
export const emailFieldWith = (empty: string) =>
  z
    .string({ error: empty })
    .trim()
    .toLowerCase()
    .min(1, empty)
    .max(254, 'Email is too long')
    .pipe(z.email('Enter a valid email address'));
export const emailField = emailFieldWith(FIELD_REQUIRED);

export const passwordField = z
  .string({ error: FIELD_REQUIRED })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const requiredText = (max = 200, empty = FIELD_REQUIRED) =>
  z.string({ error: empty }).trim().min(1, empty).max(max);

export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Ids are PostgreSQL `integer` columns: anything outside 1..2^31-1 cannot name a row. */
export const MAX_ID = 2_147_483_647;

export const idParam = z.coerce
  .number({ error: 'Invalid id' })
  .int('Invalid id')
  .positive('Invalid id')
  .max(MAX_ID, 'Invalid id');

/** Accepts ids as numbers, numeric strings, `{id}` objects or a comma-separated string. */
export const idList = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return [];
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value];
  return items
    .map((item) => (item && typeof item === 'object' && 'id' in item ? (item as { id: unknown }).id : item))
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '');
}, z.array(idParam));

/**
 * An address the app links to or shows as an image: a path on our own origin ("/upload/files/...") or an
 * http(s) URL. Anything else (javascript:, data:, protocol-relative) is refused.
 */
export const optionalUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === '' || isSafeUrl(value), 'Enter a web address (https://...) or an uploaded file')
  .nullish()
  .transform((v) => (v ? v : null));

export function isSafeUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
