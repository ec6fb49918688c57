/**
 * The user dashboard's state as it lives in the address
 * (`?page=2&size=25&search=ann&filter=unpaid&role=premium&tag=4&from=2026-01-01&to=2026-01-31&sort=name&order=asc`),
 * and the pagination rules of the spec. Pure functions, unit-tested in listState.test.ts.
 */
import type { Role, SortOrder, UserSort } from '@rainmakers/contracts';
import { ROLES } from '@rainmakers/contracts/access';

export const PAGE_SIZES = [5, 10, 25] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;
/** 'Sub. Problems' (the spec's filter): people whose subscription is unpaid, and only that status. */
export const UNPAID_FILTER = 'unpaid';
/** 'Payment problems': every status that blocks access (unpaid, incomplete, incomplete_expired, past_due). */
export const PAYMENT_PROBLEMS_FILTER = 'problems';
export type PaymentFilter = typeof UNPAID_FILTER | typeof PAYMENT_PROBLEMS_FILTER;

export const SORTS = ['name', 'joined', 'role', 'payment'] as const satisfies readonly UserSort[];
export const DEFAULT_SORT: UserSort = 'joined';
export const DEFAULT_ORDER: SortOrder = 'desc';

export interface UserListState {
  page: number;
  size: number;
  search: string;
  /** The payment filter (admins): Sub. Problems (unpaid only) or Payment problems (every blocking status). */
  filter: PaymentFilter | null;
  role: Role | null;
  tagId: number | null;
  /** Joined on or after / on or before this day (YYYY-MM-DD). */
  from: string | null;
  to: string | null;
  sort: UserSort;
  order: SortOrder;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readListState(params: URLSearchParams): UserListState {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const filter = params.get('filter');
  const role = params.get('role');
  const tag = Number(params.get('tag'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const sort = params.get('sort') as UserSort | null;
  const order = params.get('order');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    search: (params.get('search') ?? '').trim(),
    filter: filter === UNPAID_FILTER || filter === PAYMENT_PROBLEMS_FILTER ? filter : null,
    role: role && (ROLES as readonly string[]).includes(role) ? (role as Role) : null,
    tagId: Number.isInteger(tag) && tag > 0 ? tag : null,
    from: DAY.test(from) ? from : null,
    to: DAY.test(to) ? to : null,
    sort: sort && (SORTS as readonly string[]).includes(sort) ? sort : DEFAULT_SORT,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_ORDER,
  };
}

/** The parts of the state that decide who matches (a change starts again at page 1 and clears a selection). */
export const matchKey = (state: UserListState) =>
  JSON.stringify([state.search, state.filter, state.role, state.tagId, state.from, state.to]);

/**
 * The address query for a changed state: defaults are left out; a new search, size, filter or sort starts again at
 * page 1. Other parameters of `current` are kept.
 */
export function writeListState(current: URLSearchParams, change: Partial<UserListState>): URLSearchParams {
  const before = readListState(current);
  const next = { ...before, ...change };
  if (change.search !== undefined) next.search = change.search.trim();
  const restart =
    matchKey(next) !== matchKey(before) ||
    next.size !== before.size ||
    next.sort !== before.sort ||
    next.order !== before.order;
  if (restart && change.page === undefined) next.page = 1;
  const params = new URLSearchParams(current);
  const put = (key: string, value: string | null) => (value ? params.set(key, value) : params.delete(key));
  put('page', next.page > 1 ? String(next.page) : null);
  put('size', next.size !== DEFAULT_PAGE_SIZE ? String(next.size) : null);
  put('search', next.search || null);
  put('filter', next.filter);
  put('role', next.role);
  put('tag', next.tagId ? String(next.tagId) : null);
  put('from', next.from);
  put('to', next.to);
  put('sort', next.sort !== DEFAULT_SORT ? next.sort : null);
  put('order', next.order !== DEFAULT_ORDER ? next.order : null);
  return params;
}

/** The list call's filters (`filters[...]` of GET /api/user/read-many and of a bulk action's target). */
export function listFilters(state: UserListState): {
  role?: Role[];
  stripeStatus?: string;
  payment?: 'problems';
  tagId?: number;
  joinedFrom?: string;
  joinedTo?: string;
} {
  return {
    ...(state.role ? { role: [state.role] } : {}),
    ...(state.filter === UNPAID_FILTER ? { stripeStatus: UNPAID_FILTER } : {}),
    ...(state.filter === PAYMENT_PROBLEMS_FILTER ? { payment: PAYMENT_PROBLEMS_FILTER } : {}),
    ...(state.tagId ? { tagId: state.tagId } : {}),
    ...(state.from ? { joinedFrom: state.from } : {}),
    ...(state.to ? { joinedTo: state.to } : {}),
  };
}

/** The query string of the same match for a plain link (the export): `search=..&filters[role]=..`. */
export function matchQuery(state: UserListState): string {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  for (const [key, value] of Object.entries(listFilters(state))) {
    params.set(`filters[${key}]`, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}

/** Whether any filter or search narrows the list. */
export const isFiltered = (state: UserListState) => matchKey(state) !== matchKey(readListState(new URLSearchParams()));

/** The next sort after clicking a column's header: the same column flips its order; another starts ascending
 * (date joined starts with the newest). */
export function nextSort(state: UserListState, column: UserSort): Pick<UserListState, 'sort' | 'order'> {
  if (state.sort === column) return { sort: column, order: state.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: column === 'joined' ? 'desc' : 'asc' };
}

/** Previous is disabled on page 1; Next when page times page size is not below the count. */
export function pagerState(page: number, size: number, totalCount: number) {
  return { previousDisabled: page <= 1, nextDisabled: !(page * size < totalCount) };
}

/** How many numbered pages the count fills (at least one). */
export const pageCount = (size: number, totalCount: number) => Math.max(1, Math.ceil(totalCount / size));

/** 'Showing 11–20 of 42' (or 'No users'). */
export function rangeText(page: number, size: number, shown: number, totalCount: number): string {
  if (totalCount === 0 || shown === 0) return 'No users';
  const first = (page - 1) * size + 1;
  return `Showing ${first}–${first + shown - 1} of ${totalCount}`;
}

/** '47 people' / '1 person'. */
export const peopleCount = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
