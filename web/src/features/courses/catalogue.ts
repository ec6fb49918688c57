/**
 * The catalogue's tabs and their address form. Tab keys (the `activeTab` query parameter):
 *   all | courses | modules | lessons-titles | lessons-content   (anything else reads as `all`)
 */
import { LESSON_MATCH_CAP } from './constants';

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

export interface CatalogueCounts {
  courses: number;
  modules: number;
  lessonsTitles: number;
  lessonsContent: number;
}

/**
 * The number shown on a tab: its own count, or the sum for `all`. Lesson counts stop at LESSON_MATCH_CAP, so a
 * count that reached it (or a sum that includes one) reads "1000+".
 */
export function tabCount(tab: CatalogueTab, counts: CatalogueCounts | undefined): string | undefined {
  if (!counts) return undefined;
  const capped = (n: number) => n >= LESSON_MATCH_CAP;
  if (tab === 'all') {
    const sum = counts.courses + counts.modules + counts.lessonsTitles + counts.lessonsContent;
    return capped(counts.lessonsTitles) || capped(counts.lessonsContent) ? `${sum}+` : String(sum);
  }
  const count = counts[LIST_OF_TAB[tab]];
  const isLessons = tab === 'lessons-titles' || tab === 'lessons-content';
  return isLessons && capped(count) ? `${LESSON_MATCH_CAP}+` : String(count);
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
