/**
 * index.html's inline script (bundled at build time by vite.config.ts, allowed by the gateway's CSP through its
 * sha256 hash): before the app's JS has arrived, it
 * 1. starts the session check and the first screen's data (early/requests.ts), keeping the promises for the app;
 * 2. asks for the current route's JS (the app frame and the page's chunks) with <link rel="modulepreload">, so it
 *    comes in the same wave as the entry instead of after it has run;
 * 3. paints the remembered colour scheme (early/theme.ts), so dark mode never flashes a white page.
 */
import { EARLY_STORE, earlyRequests, GET_HEADERS, PHONE_QUERY, preloadsFor, type RoutePreloads } from './requests';
import { DARK_QUERY, paintMode, resolveMode, storedChoice } from './theme';

paintMode(
  document.documentElement,
  resolveMode(
    storedChoice(() => window.localStorage),
    matchMedia(DARK_QUERY).matches,
  ),
);

declare const __ROUTE_PRELOADS__: RoutePreloads;

const store: Record<string, Promise<Response>> = {};
(window as unknown as Record<string, unknown>)[EARLY_STORE] = store;
for (const url of earlyRequests(location.pathname, location.search)) {
  const request = fetch(url, { credentials: 'same-origin', headers: GET_HEADERS });
  // A failure is the app's to report when it takes the promise; never an unhandled rejection here.
  request.catch(() => undefined);
  store[url] = request;
}
for (const file of preloadsFor(__ROUTE_PRELOADS__, location.pathname, matchMedia(PHONE_QUERY).matches)) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = file;
  link.crossOrigin = ''; // as Vite's own modulepreload links, so the browser reuses the same fetch
  document.head.appendChild(link);
}
