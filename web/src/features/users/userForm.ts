/** The user form's rules (spec section 5) as pure functions: values, the payload each person may send, errors. */
import type { Role, User } from '@rainmakers/contracts';
import { ROLES } from '@rainmakers/contracts/access';

export const ROLE_OPTIONS = ROLES;

export const EMAIL_IN_USE = 'This email address is already in use';
export const FIELD_CANNOT_BE_EMPTY = 'this field cannot be empty';
/** A blank or malformed e-mail is caught in the form, before it is sent, with its own message. */
export const ENTER_AN_EMAIL = 'Enter an e-mail address';
export const ENTER_A_VALID_EMAIL = 'Enter a valid e-mail address, like name@example.com';

/** Roughly what the server accepts (one @, a dot in the domain, no spaces); the server still has the last word. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The e-mail field's problem before sending (null when it looks like an address). */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (email === '') return ENTER_AN_EMAIL;
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) return ENTER_A_VALID_EMAIL;
  return null;
}

/** Server keys of the form's field errors; users_email is the e-mail field. */
export const FORM_ERROR_FIELDS = ['fullName', 'users_email', 'password', 'city', 'state', 'country'] as const;

export interface UserFormValues {
  fullName: string;
  email: string;
  password: string;
  role: Role;
  city: string;
  state: string;
  country: string;
  tags: { id: number; name: string }[];
  /** A new person without a password: e-mail them an invitation. */
  sendInvitation: boolean;
}

export function initialValues(user: User | null): UserFormValues {
  return {
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.role ?? 'basic',
    city: user?.city ?? '',
    state: user?.state ?? '',
    country: user?.country ?? '',
    tags: (user?.Tags ?? []).map((t) => ({ id: t.id, name: t.name })),
    sendInvitation: true,
  };
}

const optional = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * What Save sends: admins (editProfile) every field, the password only when typed; staff who may only change tags
 * (coaches) the id and Tags alone.
 */
export function formPayload(id: number | null, values: UserFormValues, editProfile: boolean) {
  const Tags = values.tags.map((t) => t.id);
  if (!editProfile) return { id, Tags };
  return {
    id,
    fullName: values.fullName.trim(),
    email: values.email.trim(),
    role: values.role,
    city: optional(values.city),
    state: optional(values.state),
    country: optional(values.country),
    ...(values.password ? { password: values.password } : {}),
    ...(id === null && !values.password ? { sendInvitation: values.sendInvitation } : {}),
    Tags,
  };
}

/**
 * The server's field errors as the form shows them: an e-mail error reads 'This email address is already in use',
 * any other field of the form 'this field cannot be empty' (the password keeps the server's text: its length rules
 * would otherwise be unreadable). Errors of fields the form does not show are returned as `general`.
 */
export function formErrors(errors: Record<string, string>): { fields: Record<string, string>; general: string[] } {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    if (key === 'users_email' || key === 'email') fields.email = EMAIL_IN_USE;
    else if (key === 'password') fields.password = message;
    else if ((FORM_ERROR_FIELDS as readonly string[]).includes(key)) fields[key] = FIELD_CANNOT_BE_EMPTY;
    else general.push(message);
  }
  return { fields, general };
}
