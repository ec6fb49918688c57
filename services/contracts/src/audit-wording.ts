/**
 * What an audit entry says, in words: the one mapping from a stored entry (action key, before, after) to the lines
 * the audit log, the member page's history and the CSV export show. Pure and zod-free (the web imports it alone).
 * docs/decisions.md "Audit entries say what changed".
 *
 * - Every field that differs reads "Label: before → after" ("Theme: Light → Dark", "Two-step sign-in: Off → On").
 * - Secrets never show: a password, a TOTP secret or code, a token, a recovery code reads "changed" or "set",
 *   whatever an entry holds (old rows written before the commands masked at the source included).
 * - A photo reads "Photo: changed" (its address says nothing to a reader).
 * - An entry with no field to show says what happened in a sentence ("Signed in with a recovery code"), never
 *   an empty cell.
 */
import { AUDIT_ACTION_LABELS, auditActionLabel, auditFieldLabel } from './audit-labels';

/** Fields whose values are secrets: only that they changed is ever shown (and stored: see maskAuditValues). */
const SECRET_FIELD = /password|secret|token|recovery|totp|otp|code$/i;

const NOT_SECRET: ReadonlySet<string> = new Set(['postalCode', 'countryCode', 'currencyCode', 'passwordSet']);

export const isSecretAuditField = (field: string): boolean => SECRET_FIELD.test(field) && !NOT_SECRET.has(field);

/** Fields whose values say nothing to a reader (an image's address): "changed" only. */
const OPAQUE_FIELDS: ReadonlySet<string> = new Set(['photoUrl', 'imageUrl', 'avatarUrl']);

/**
 * The values as they are stored: a secret field keeps only "set" (a value) or null, so neither the log nor its
 * export can ever carry one. Applied by the users service when it appends an entry.
 */
export function maskAuditValues(values: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!values) return values;
  const masked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    masked[key] = isSecretAuditField(key) && value !== null && value !== undefined && value !== false ? 'set' : value;
  }
  return masked;
}

const THEME_WORDS: Record<string, string> = { light: 'Light', dark: 'Dark', system: 'Same as the device' };
const ROLE_WORDS: Record<string, string> = { admin: 'Admin', coach: 'Coach', premium: 'Premium', basic: 'Basic' };

/** Field-specific words for values ("dark" -> "Dark", a second factor's "enrolled" -> "On"). */
function valueWords(field: string, value: unknown): string | null {
  if (field === 'theme' && typeof value === 'string') return THEME_WORDS[value] ?? value;
  if ((field === 'role' || field === 'displayedRole') && typeof value === 'string') return ROLE_WORDS[value] ?? value;
  if (field === 'secondFactor' || field === 'twoStep') {
    return value === null || value === undefined || value === false || value === 'off' ? 'Off' : 'On';
  }
  return null;
}

/** A value as a reader sees it. */
export function auditValueText(field: string, value: unknown): string {
  const special = valueWords(field, value);
  if (special !== null) return special;
  if (value === null || value === undefined || value === '') return '—';
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (Array.isArray(value)) return value.map(String).join(', ') || '—';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${auditFieldLabel(k)} ${auditValueText(k, v)}`)
      .join(', ');
  }
  return String(value);
}

/** One field's line: "Theme: Light → Dark", "Password: changed", "Photo: changed", "Role: Premium" (one side). */
function fieldLine(
  field: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string | null {
  const label = auditFieldLabel(field);
  const had = before !== null && field in before;
  const has = after !== null && field in after;
  const b = before?.[field];
  const a = after?.[field];
  // A secret is stored masked ("set" before and after), so equal values still mean it was written: "changed".
  if (isSecretAuditField(field) && had && has && b !== null && a !== null) return `${label}: changed`;
  if (had && has && JSON.stringify(b) === JSON.stringify(a)) return null;
  // A created or deleted person lists what she had, not every empty field.
  const oneSided = before === null || after === null;
  const only = has ? a : b;
  if (oneSided && (only === null || only === undefined || only === '')) return null;
  if (isSecretAuditField(field)) {
    const cleared = has && (a === null || a === false);
    return `${label}: ${cleared ? 'removed' : had || !has ? 'changed' : 'set'}`;
  }
  if (OPAQUE_FIELDS.has(field)) {
    if (has && (a === null || a === '')) return `${label}: removed`;
    if (!had || b === null || b === '') return `${label}: added`;
    return `${label}: changed`;
  }
  if (had && has) return `${label}: ${auditValueText(field, b)} → ${auditValueText(field, a)}`;
  return `${label}: ${auditValueText(field, has ? a : b)}`;
}

/**
 * What happened, in words, when an entry has no field to show (or for actions that never carry any). Every action
 * key of AUDIT_ACTION_LABELS has a sentence here (the unit test checks), so no entry reads empty.
 */
export const AUDIT_ACTION_SENTENCES: Record<string, string> = {
  'user.create': 'Added the person',
  'user.update': 'Saved the person with no visible change',
  'user.delete': 'Deleted the person',
  'user.close-account': 'Closed her own account',
  'user.role-change': 'Changed the role',
  'user.add-tags': 'Added tags the person already held',
  'user.bulk-update': 'Ran a bulk update from a CSV',
  'user.bulk-action': 'Ran a bulk action on the people table',
  'user.import': 'Imported people from a file',
  'user.invite': 'Sent a new invitation e-mail',
  'broadcast.send': 'Sent a broadcast e-mail to an audience',
  'tag.create': 'Created the tag',
  'tag.rename': 'Renamed the tag',
  'tag.delete': 'Deleted the tag',
  'tag.signup-allowed': 'Changed whether sign-up links may attach the tag',
  'user.sign-in-as': 'Signed in as the person',
  'user.sign-in-as-back': 'Went back to their own account',
  'user.role-switch': 'Switched the role the screens show',
  'user.second-factor-reset': 'Removed the person’s two-step sign-in',
  'user.second-factor-enable': 'Turned on two-step sign-in',
  'user.second-factor-disable': 'Turned off two-step sign-in',
  'user.recovery-codes-regenerate': 'Made new recovery codes (the old ones stopped working)',
  'user.recovery-code-sign-in': 'Signed in with a recovery code',
  'course.create': 'Created the course',
  'course.update': 'Saved the course with no visible change',
  'course.delete': 'Deleted the course',
  'module.create': 'Created the module',
  'module.update': 'Saved the module with no visible change',
  'module.delete': 'Deleted the module',
  'lesson.create': 'Created the lesson',
  'lesson.update': 'Saved the lesson with no visible change',
  'lesson.delete': 'Deleted the lesson',
  'lesson.comment-answer': 'Marked or unmarked a reply as the answer in the lesson’s discussion',
  'lesson.comment-hide': 'Hid or showed a comment in the lesson’s discussion',
  'resource.create': 'Created the resource',
  'resource.update': 'Saved the resource with no visible change',
  'resource.delete': 'Deleted the resource',
  'category.create': 'Created the category',
  'category.update': 'Saved the category with no visible change',
  'category.delete': 'Deleted the category',
  'banner.create': 'Created the banner',
  'banner.update': 'Saved the banner with no visible change',
  'banner.delete': 'Deleted the banner',
  'site-content.update': 'Saved the site content with no visible change',
  'board.list-delete': 'Deleted the board list',
  'board.card-delete': 'Deleted the board card',
};

const asValues = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * The lines of an entry's Changes: one per field shown, or one sentence when there is none. Stored entries of any
 * age read through here (a field unknown to the labels gets a readable form of its name).
 */
export function describeAuditChanges(entry: { action: string; before: unknown; after: unknown }): string[] {
  const before = asValues(entry.before);
  const after = asValues(entry.after);
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const lines = fields.map((field) => fieldLine(field, before, after)).filter((line): line is string => !!line);
  if (lines.length > 0) return lines;
  return [AUDIT_ACTION_SENTENCES[entry.action] ?? `${auditActionLabel(entry.action)} (no details recorded)`];
}

/** Every action the labels know (the filter's list and the completeness test). */
export const KNOWN_AUDIT_ACTIONS: readonly string[] = Object.keys(AUDIT_ACTION_LABELS);
