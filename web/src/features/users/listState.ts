/**
 * The user dashboard's state as it lives in the address (`?page=2&size=25&search=ann&filter=unpaid`), and the
 * pagination rules of the spec. Pure functions, unit-tested in listState.test.ts.
 */
export const PAGE_SIZES = [5, 10, 25] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;
/** 'Sub. Problems': people whose subscription is unpaid. */
export const UNPAID_FILTER = 'unpaid';

export interface UserListState {
  page: number;
  size: number;
  search: string;
  /** Only the unpaid filter exists. */
  filter: typeof UNPAID_FILTER | null;
}

export function readListState(params: URLSearchParams): UserListState {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    search: (params.get('search') ?? '').trim(),
    filter: params.get('filter') === UNPAID_FILTER ? UNPAID_FILTER : null,
  };
}

/**
 * The address query for a changed state: defaults are left out; a new search, size or filter starts again at
 * page 1. Other parameters of `current` are kept.
 */
export function writeListState(current: URLSearchParams, change: Partial<UserListState>): URLSearchParams {
  const before = readListState(current);
  const next = { ...before, ...change };
  const restart =
    (change.search !== undefined && change.search.trim() !== before.search) ||
    (change.size !== undefined && change.size !== before.size) ||
    (change.filter !== undefined && change.filter !== before.filter);
  if (restart && change.page === undefined) next.page = 1;
  const params = new URLSearchParams(current);
  const put = (key: string, value: string | null) => (value ? params.set(key, value) : params.delete(key));
  put('page', next.page > 1 ? String(next.page) : null);
  put('size', next.size !== DEFAULT_PAGE_SIZE ? String(next.size) : null);
  put('search', next.search.trim() || null);
  put('filter', next.filter);
  return params;
}

/** Previous is disabled on page 1; Next when page times page size is not below the count. */
export function pagerState(page: number, size: number, totalCount: number) {
  return { previousDisabled: page <= 1, nextDisabled: !(page * size < totalCount) };
}

/** 'Showing 11–20 of 42' (or 'No users'). */
export function rangeText(page: number, size: number, shown: number, totalCount: number): string {
  if (totalCount === 0 || shown === 0) return 'No users';
  const first = (page - 1) * size + 1;
  return `Showing ${first}–${first + shown - 1} of ${totalCount}`;
}
