import {
  EMAIL_IN_USE,
  FIELD_CANNOT_BE_EMPTY,
  type Role,
  type ThemePreference,
  type UserUpsertInput,
} from '@rainmakers/contracts';
import type { UserRecord } from './records';

/** The fields of the user form, as the upsert call names them. */
export const UPSERT_FIELDS = [
  'fullName',
  'email',
  'password',
  'role',
  'city',
  'state',
  'country',
  'phoneNumber',
  'photoUrl',
  'alwaysGrantAccess',
  'theme',
  'timeZone',
  'Tags',
] as const;
export type UpsertField = (typeof UPSERT_FIELDS)[number];

/** The e-mail field's errors are keyed by its unique constraint, as the user form expects. */
export const EMAIL_ERROR_KEY = 'users_email';

export const emailInUseErrors = () => ({ [EMAIL_ERROR_KEY]: EMAIL_IN_USE });

/** Renames field-error keys to the names the user form shows them under. */
export function formFieldErrors(errors: Record<string, string>): Record<string, string> {
  const renamed: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) renamed[key === 'email' ? EMAIL_ERROR_KEY : key] = message;
  return renamed;
}

/**
 * Which fields of the input would change the stored person. Fields left out, an empty password and
 * values equal to the stored ones are not changes, so a form sent back unchanged changes nothing.
 */
export function changedFields(stored: UserRecord, input: UserUpsertInput): UpsertField[] {
  const changed: UpsertField[] = [];
  const differs = (field: UpsertField, value: unknown, current: unknown) => {
    if (value !== undefined && value !== current) changed.push(field);
  };
  differs('fullName', input.fullName, stored.fullName);
  differs('email', input.email, stored.email);
  if (input.password) changed.push('password');
  differs('role', input.role, stored.role);
  differs('city', input.city, stored.city);
  differs('state', input.state, stored.state);
  differs('country', input.country, stored.country);
  differs('phoneNumber', input.phoneNumber, stored.phoneNumber);
  differs('photoUrl', input.photoUrl, stored.photoUrl);
  differs('alwaysGrantAccess', input.alwaysGrantAccess, stored.alwaysGrantAccess);
  differs('theme', input.theme, stored.theme);
  differs('timeZone', input.timeZone, stored.timeZone);
  if (
    input.Tags !== undefined &&
    !sameIds(
      input.Tags,
      stored.tags.map((t) => t.id),
    )
  )
    changed.push('Tags');
  return changed;
}

function sameIds(a: number[], b: number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/** The fields a new person needs, as form errors. */
export function missingForCreate(input: UserUpsertInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!input.fullName) errors.fullName = FIELD_CANNOT_BE_EMPTY;
  if (!input.email) errors[EMAIL_ERROR_KEY] = FIELD_CANNOT_BE_EMPTY;
  if (!input.role) errors.role = FIELD_CANNOT_BE_EMPTY;
  return errors;
}

/** Tag ids asked for that do not exist. */
export function unknownIds(asked: readonly number[], found: readonly { id: number }[]): number[] {
  const known = new Set(found.map((t) => t.id));
  return [...new Set(asked)].filter((id) => !known.has(id));
}

/** The update to apply for the changed fields only (unchanged and left-out fields are not written). */
export function changesFrom(input: UserUpsertInput, changed: readonly UpsertField[]) {
  const has = (field: UpsertField) => changed.includes(field);
  const fields: {
    fullName?: string;
    email?: string;
    role?: Role;
    city?: string | null;
    state?: string | null;
    country?: string | null;
    phoneNumber?: string | null;
    photoUrl?: string | null;
    alwaysGrantAccess?: boolean;
    theme?: ThemePreference;
    timeZone?: string | null;
  } = {};
  if (has('fullName')) fields.fullName = input.fullName;
  if (has('email')) fields.email = input.email;
  if (has('role')) fields.role = input.role;
  if (has('city')) fields.city = input.city;
  if (has('state')) fields.state = input.state;
  if (has('country')) fields.country = input.country;
  if (has('phoneNumber')) fields.phoneNumber = input.phoneNumber;
  if (has('photoUrl')) fields.photoUrl = input.photoUrl;
  if (has('alwaysGrantAccess')) fields.alwaysGrantAccess = input.alwaysGrantAccess;
  if (has('theme')) fields.theme = input.theme;
  if (has('timeZone')) fields.timeZone = input.timeZone;
  return {
    fields,
    password: has('password') ? (input.password ?? null) : null,
    tagIds: has('Tags') ? input.Tags : undefined,
  };
}
