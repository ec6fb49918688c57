import type { Role, UserFilters, UserListQuery } from '@rainmakers/contracts';
import type { UserListView } from '../policies';
import type { UserSearch } from './records';

const FILTER_KEYS = ['role', 'stripeStatus', 'cityOrState', 'tagId', 'payment', 'joinedFrom', 'joinedTo'] as const;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * The list call's filters arrive as a nested query (`filters[role]=coach`, `filters[role][]=basic`),
 * as a JSON string (`filters={"role":["basic"]}`) or as flat parameters (`role=basic&cityOrState=TX`).
 * This folds them into one `filters` object for userListQuerySchema; blank values mean "no filter".
 * A `filters` string that is not a JSON object is refused (the route answers 400 with the message).
 */
export const FILTERS_NOT_JSON = 'filters must be a JSON object';

export type NormalizedQuery = { ok: true; query: Record<string, unknown> } | { ok: false; errors: { filters: string } };

export function normalizeListQuery(query: Record<string, unknown>): NormalizedQuery {
  const { filters, ...rest } = query;
  let nested: Record<string, unknown> = {};
  if (typeof filters === 'string' && filters.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(filters);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      nested = parsed as Record<string, unknown>;
    } catch {
      return { ok: false, errors: { filters: FILTERS_NOT_JSON } };
    }
  } else if (filters && typeof filters === 'object' && !Array.isArray(filters)) {
    nested = filters as Record<string, unknown>;
  }
  const merged: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    let value = blankToUndefined(nested[key] ?? rest[key]);
    if (Array.isArray(value)) {
      value = value.filter((v) => v !== '' && v !== null);
      if ((value as unknown[]).length === 0) value = undefined;
    }
    if (value !== undefined) merged[key] = value;
    delete rest[key];
  }
  for (const key of ['search', 'page', 'usersPerPage', 'sort', 'order'] as const)
    rest[key] = blankToUndefined(rest[key]);
  return { ok: true, query: { ...rest, filters: merged } };
}

/**
 * Turns the asked-for page and filters into a search the person may run: staff search names and
 * e-mails of everyone they may see; other members search names only, among basic and premium members.
 */
export function buildUserSearch(query: UserListQuery, view: UserListView, viewerId?: number): UserSearch {
  const staff = view.presenter === 'full';
  const sort = query.sort === 'payment' && !view.paymentFilters ? 'joined' : query.sort;
  return {
    ...matchingSearch(query.search, query.filters, view),
    sort: staff ? sort : 'joined',
    order: staff ? query.order : 'desc',
    limit: query.usersPerPage,
    offset: (query.page - 1) * query.usersPerPage,
    details: staff,
    // Members see the community: those who stay listed, located first, never themselves.
    community: !staff && viewerId !== undefined ? { viewerId } : undefined,
  };
}

/**
 * Who matches a search and filters, for the person asking (the list's match, and a bulk action's or an export's
 * "all matching"): staff search e-mails too and filter by tag and join date; payment filters are the admins'
 * (view.paymentFilters), and are ignored for anyone else.
 */
export function matchingSearch(
  search: string | undefined,
  filters: UserFilters,
  view: UserListView,
): Pick<
  UserSearch,
  | 'search'
  | 'searchEmail'
  | 'roles'
  | 'stripeStatus'
  | 'cityOrState'
  | 'tagId'
  | 'paymentProblems'
  | 'joinedFrom'
  | 'joinedTo'
> {
  const asked = filters.role && filters.role.length > 0 ? filters.role : null;
  const staff = view.presenter === 'full';
  return {
    search: search || undefined,
    searchEmail: staff,
    roles: intersectRoles(asked, view.roles),
    stripeStatus: view.paymentFilters ? filters.stripeStatus : undefined,
    cityOrState: filters.cityOrState || undefined,
    tagId: staff ? filters.tagId : undefined,
    paymentProblems: view.paymentFilters && filters.payment === 'problems',
    joinedFrom: staff && filters.joinedFrom ? new Date(`${filters.joinedFrom}T00:00:00.000Z`) : undefined,
    joinedTo: staff && filters.joinedTo ? dayAfter(filters.joinedTo) : undefined,
  };
}

/** The start of the next day (UTC): "joined on or before this day" is "joined before the next one". */
function dayAfter(day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

function intersectRoles(asked: Role[] | null, allowed: readonly Role[] | null): Role[] | null {
  if (!allowed) return asked;
  if (!asked) return [...allowed];
  return asked.filter((role) => allowed.includes(role));
}

/** The mention picker's search (policies.canListCoachContacts): coaches by name, without details. */
export function coachContactSearch(query: UserListQuery): UserSearch {
  return {
    search: query.search || undefined,
    searchEmail: false,
    roles: ['coach'],
    stripeStatus: undefined,
    cityOrState: undefined,
    limit: query.usersPerPage,
    offset: (query.page - 1) * query.usersPerPage,
    details: false,
  };
}
