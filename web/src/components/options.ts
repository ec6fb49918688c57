/**
 * Pure helpers for the admin pickers (required tags, modules) and the course form: how options are filtered and
 * sorted, which modules a course may take, and the slug suggested from a title. No React, no DOM.
 */
/** Tags and modules whose names start with this are hidden from the pickers. */
export const DELETED_PREFIX = 'DELETED -';

/** Emoji pieces: pictographs, keycaps, skin tones, joiners and variation selectors. */
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|[\ufe0e\ufe0f\u20e3]/gu;
/** Punctuation and symbols (dashes, quotes, brackets, #, &, currency, arrows...). */
const PUNCTUATION = /[\p{P}\p{S}]/gu;

/** What a name is sorted by: lowercase, without emojis and punctuation, spaces collapsed. */
export function sortKey(name: string): string {
  return name.normalize('NFKC').replace(EMOJI, ' ').replace(PUNCTUATION, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Names starting with 'DELETED -' (any case, leading spaces ignored) are kept out of the pickers. */
export function isDeletedName(name: string): boolean {
  return name.trimStart().toUpperCase().startsWith(DELETED_PREFIX);
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The options a picker offers: deleted ones dropped, the rest alphabetical ignoring case, emojis and punctuation.
 * Ties (same key) keep a stable order by the full name, then by their original order.
 */
export function sortOptions<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index, name: nameOf(item), key: sortKey(nameOf(item)) }))
    .filter((entry) => !isDeletedName(entry.name))
    .sort((a, b) => collator.compare(a.key, b.key) || collator.compare(a.name, b.name) || a.index - b.index)
    .map((entry) => entry.item);
}

/** Only modules with no course, or already in this course, can be put in it (a new course has no id yet). */
export function modulesOfferedFor<T extends { CourseId: number | null }>(
  modules: readonly T[],
  courseId: number | null,
): T[] {
  return modules.filter((m) => m.CourseId === null || (courseId !== null && m.CourseId === courseId));
}

const SLUG_MAX = 120;

/** 'Amazon FBA: Start Here! 🚀' -> 'amazon-fba-start-here' (lowercase letters, digits and single hyphens). */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
}
