/**
 * The catalogue's tabs and their address form. Tab keys (the `activeTab` query parameter):
 *   all | courses | modules | lessons-titles | lessons-content   (anything else reads as `all`)
 */
import { LESSON_MATCH_CAP } from '../constants';

export const CATALOGUE_TABS = [
  { key: 'all', label: 'All', noun: 'results' },
  { key: 'courses', label: 'Courses', noun: 'courses' },
  { key: 'modules', label: 'Modules', noun: 'modules' },
  { key: 'lessons-titles', label: 'Lessons titles', noun: 'lessons' },
  { key: 'lessons-content', label: 'Lessons content', noun: 'lessons' },
] as const;

export type CatalogueTab = (typeof CATALOGUE_TABS)[number]['key'];
export type CatalogueKind = Exclude<CatalogueTab, 'all'>;

/** The response list (and `counts` key) behind each tab. */
export const LIST_OF_TAB = {
  courses: 'courses',
  modules: 'modules',
  'lessons-titles': 'lessonsTitles',
  'lessons-content': 'lessonsContent',
} as const satisfies Record<CatalogueKind, string>;

export const SEARCH_PARAM = 'search';
export const TAB_PARAM = 'activeTab';

export function parseTab(value: string | null | undefined): CatalogueTab {
  return CATALOGUE_TABS.some((t) => t.key === value) ? (value as CatalogueTab) : 'all';
}

/** The catalogue answer's counts (each present when its list was asked for; `lessons` with the All tab's shape). */
export interface CatalogueCounts {
  courses?: number;
  modules?: number;
  lessonsTitles?: number;
  lessonsContent?: number;
  /** Distinct lessons found by title or by content (one found by both counts once), up to LESSON_MATCH_CAP. */
  lessons?: number;
}

/**
 * The number shown on a tab: its own count, or for `all` the distinct results: courses + modules + distinct
 * lessons (a lesson found by its title and by its content is one result). Lesson counts stop at LESSON_MATCH_CAP,
 * so a count that reached it (or a sum that includes one) reads "1000+".
 */
export function tabCount(tab: CatalogueTab, counts: CatalogueCounts | undefined): string | undefined {
  if (!counts) return undefined;
  const capped = (n: number) => n >= LESSON_MATCH_CAP;
  if (tab === 'all') {
    const lessons = counts.lessons ?? 0;
    const sum = (counts.courses ?? 0) + (counts.modules ?? 0) + lessons;
    return capped(lessons) ? `${sum}+` : String(sum);
  }
  const count = counts[LIST_OF_TAB[tab]];
  if (count === undefined) return undefined;
  const isLessons = tab === 'lessons-titles' || tab === 'lessons-content';
  return isLessons && capped(count) ? `${LESSON_MATCH_CAP}+` : String(count);
}

/** How many more pages a tab's infinite list can load: the next page number, or undefined at the end. */
export function nextPageOf(pages: readonly { loaded: number; count: number | undefined }[]): number | undefined {
  const last = pages.at(-1);
  if (!last) return 1;
  const loaded = pages.reduce((sum, page) => sum + page.loaded, 0);
  // An empty page ends the list even when the count says more (the catalogue changed between two pages).
  if (last.loaded === 0 || last.count === undefined || loaded >= last.count) return undefined;
  return pages.length + 1;
}

/** The next address query: tab `all` and an empty search are left out, so /courses stays clean. */
export function catalogueQuery(current: URLSearchParams, change: { search?: string; tab?: CatalogueTab }) {
  const next = new URLSearchParams(current);
  if (change.search !== undefined) {
    if (change.search) next.set(SEARCH_PARAM, change.search);
    else next.delete(SEARCH_PARAM);
  }
  if (change.tab !== undefined) {
    if (change.tab === 'all') next.delete(TAB_PARAM);
    else next.set(TAB_PARAM, change.tab);
  }
  return next;
}

/** The words of a search, for highlighting (short words and duplicates dropped, longest first). */
export function searchWords(search: string): string[] {
  const words = search
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.trim())
    .filter((w) => w.length >= 2);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

/** Splits text into plain and matching parts, case-insensitively. */
export function highlightParts(text: string, words: readonly string[]): { text: string; match: boolean }[] {
  if (words.length === 0 || !text) return [{ text, match: false }];
  const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: words.includes(part.toLowerCase()) }));
}
