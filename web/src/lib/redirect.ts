/** Where to go after signing in: the page the person asked for before being sent to /signin, if it is safe. */

const GUEST_PATHS = ['/signin', '/signup', '/forgot-password', '/reset-password', '/invitation'];

interface LocationLike {
  pathname?: unknown;
  search?: unknown;
  hash?: unknown;
}

/** Reads `{ from: location }` router state; only same-site paths that are not sign-in screens are accepted. */
export function redirectTarget(state: unknown, fallback = '/'): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return fallback;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'object' || from === null) return fallback;
  const { pathname, search, hash } = from as LocationLike;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return fallback;
  if (GUEST_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return fallback;
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}
