import { z } from 'zod';

/** Shared field rules, so a limit is written once for the browser and the services. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string({ error: 'this field cannot be empty' })
  .trim()
  .toLowerCase()
  .min(1, 'this field cannot be empty')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const passwordField = z
  .string({ error: 'this field cannot be empty' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const requiredText = (max = 200) =>
  z.string({ error: 'this field cannot be empty' }).trim().min(1, 'this field cannot be empty').max(max);

export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const idParam = z.coerce.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id');

/** Accepts ids as numbers, numeric strings, `{id}` objects or a comma-separated string. */
export const idList = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return [];
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value];
  return items
    .map((item) => (item && typeof item === 'object' && 'id' in item ? (item as { id: unknown }).id : item))
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '');
}, z.array(z.coerce.number().int().positive()));
