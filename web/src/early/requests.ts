/**
 * The early fetches: the few API calls a page load starts from index.html's inline script (early/script.ts), before
 * any of the app's JS has arrived, and that the app then takes over instead of asking again (api/client.ts
 * `takeEarlyResponse`). Pure, no React, no DOM: the inline script is bundled from this same module at build time
 * (vite.config.ts), so the URL fetched early and the URL the app asks for are one definition.
 *
 * Keep the table small: an entry costs a request on every load of its pages, even when the person is not signed in
 * (the answer is then a 401 nobody reads). Only what the first screen of a frequent page waits on belongs here.
 */

import { CATALOGUE_PREVIEW_COUNT } from '../features/courses/constants';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** `path?query`, leaving out empty values (the app's one URL builder: api/client.ts uses it for every call). */
export function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/** The session check every page starts with. */
export const SESSION_URL = '/api/auth/me';

/** One call of GET /api/course/read-many (the catalogue is paged by kind: `page`, `only`). */
export interface CatalogueRequest {
  search?: string;
  itemsPerPage: number;
  /** 1-based; left out for the first. */
  page?: number;
  /** One kind of result (courses, modules, lessons...). */
  only?: string;
}

/**
 * The address of a catalogue call, for the app (api/courses.ts) and the early fetch alike. Parameters come in a
 * fixed order and defaults are left out, so equal requests have equal addresses.
 */
export function catalogueUrl(request: CatalogueRequest): string {
  const params = new URLSearchParams();
  if (request.search) params.set('search', request.search);
  params.set('itemsPerPage', String(request.itemsPerPage));
  if (request.page !== undefined && request.page > 1) params.set('page', String(request.page));
  if (request.only) params.set('only', request.only);
  return `/api/course/read-many?${params.toString()}`;
}

/** What /courses asks first for the search in its address (api/courses.ts `allTabRequest`): the All tab's shape. */
export const firstCatalogueRequest = (search: string): Pick<CatalogueRequest, 'search' | 'itemsPerPage'> => ({
  search,
  itemsPerPage: CATALOGUE_PREVIEW_COUNT,
});

/** The address parameter /courses keeps its search in (features/courses/useAddressSearch). */
export const SEARCH_PARAM = 'search';

/** GET /api/course/access?slug=: whether the person may open the course (the course page asks it first). */
export const courseAccessUrl = (slug: string): string => withQuery('/api/course/access', { slug });

/** What a course page opens with: its search, and the lesson its address names. */
export interface CoursePageRequest {
  slug: string;
  search: string;
  moduleId?: number | null;
  lessonId?: number | null;
}

/** GET /api/course/{slug}?search=&moduleId=&lessonId=: the outline and the open lesson's content. */
export const coursePageUrl = (request: CoursePageRequest): string =>
  withQuery(`/api/course/${encodeURIComponent(request.slug)}`, {
    search: request.search,
    moduleId: request.moduleId,
    lessonId: request.lessonId,
  });

/** GET /api/dashboard: every dashboard card's data in one answer (the gateway gathers it). */
export const DASHBOARD_URL = '/api/dashboard';

/** A positive whole number from an address segment, else null (the course page reads its ids so). */
export const idFromSegment = (value: string | undefined): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** `/courses/:slug[/:moduleId[/:lessonId]]` -> the segments, or null for another address. */
function courseSegments(
  path: string,
): { slug: string; moduleId: string | undefined; lessonId: string | undefined } | null {
  const match = /^\/courses\/([^/]+)(?:\/([^/]+))?(?:\/([^/]+))?$/.exec(path);
  if (!match) return null;
  try {
    return { slug: decodeURIComponent(match[1] as string), moduleId: match[2], lessonId: match[3] };
  } catch {
    return null; // A malformed escape: the app shows its own answer; nothing to fetch early.
  }
}

/**
 * The early fetches of a page address besides the session check: `/`, the dashboard's data; `/courses`, the catalogue for the search in the
 * address (trimmed, as the page does); a course page, its access check and its outline with the lesson the address
 * opens (both asked at once by the page, features/courses/CoursePage.tsx).
 */
function routeRequests(path: string, query: URLSearchParams): string[] {
  if (path === '/') return [DASHBOARD_URL];
  if (path === '/courses') return [catalogueUrl(firstCatalogueRequest((query.get(SEARCH_PARAM) ?? '').trim()))];
  const course = courseSegments(path);
  if (!course) return [];
  return [
    courseAccessUrl(course.slug),
    coursePageUrl({
      slug: course.slug,
      search: '',
      moduleId: idFromSegment(course.moduleId),
      lessonId: idFromSegment(course.lessonId),
    }),
  ];
}

/** The URLs to fetch early for a page load of `pathname` + `search` (the session check first). */
export function earlyRequests(pathname: string, search: string): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return [SESSION_URL, ...routeRequests(path, new URLSearchParams(search))];
}

/** Where the inline script leaves its fetches: URL -> the fetch's promise, taken at most once. */
export const EARLY_STORE = '__rmEarly';

/** The request headers of the app's GETs (api/client.ts): the early fetch must be the same request. */
export const GET_HEADERS = { accept: 'application/json' } as const;

/**
 * Route patterns (react-router syntax: `:param` one segment, `*` the rest) -> the JS files to preload for it
 * (indexes into `files`); `framed` routes show the signed-in frame, which on a narrow screen (PHONE_QUERY) also
 * needs the `phone` files (its top bar). The best match wins: more segments matched literally first, `*` last.
 */
export type RoutePreloads = {
  files: string[];
  phone: number[];
  routes: [pattern: string, fileIndexes: number[], framed: 0 | 1][];
};

/** Below MUI's `md` breakpoint (900 px) the frame is the phone one (layout/AppLayout). */
export const PHONE_QUERY = '(max-width: 899.95px)';

function score(pattern: string, pathname: string): number {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.at(-1) === '*') {
    return want.slice(0, -1).every((part, i) => part.startsWith(':') || part === have[i]) ? 0 : -1;
  }
  if (want.length !== have.length) return -1;
  let literal = 1;
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    if (part.startsWith(':')) continue;
    if (part !== have[i]) return -1;
    literal++;
  }
  return literal;
}

/** The files to preload for `pathname` (none when no route matches). */
export function preloadsFor(table: RoutePreloads, pathname: string, phone: boolean): string[] {
  let best: RoutePreloads['routes'][number] | null = null;
  let bestScore = -1;
  for (const route of table.routes) {
    const s = score(route[0], pathname);
    if (s > bestScore) {
      bestScore = s;
      best = route;
    }
  }
  if (!best) return [];
  const indexes = phone && best[2] ? [...best[1], ...table.phone] : best[1];
  return indexes.map((i) => table.files[i] as string);
}
