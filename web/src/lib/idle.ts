import { queryClient } from '../api/queryClient';

/** The longest wait for the page's queries: a screen that keeps fetching still gets its deferred parts. */
const MAX_QUERY_WAIT_MS = 5000;
/** How long no query may have run before the page counts as shown. */
const QUIET_MS = 300;

/**
 * Runs `run` once the page has loaded, shows its main heading and has had no query running for 300 ms (its content
 * waits on its data, so it is on screen; at most 5 s each), and the browser is idle (at the latest 2 s after that):
 * for code every screen has but no screen needs before its content (the toasts, the bell), so it never counts
 * against a page's first-load budget (docs/decisions.md, "Web first load"). Returns a function that cancels the wait.
 */
export function afterLoadAndIdle(run: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;
  let heading: MutationObserver | undefined;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    heading?.disconnect();
    heading = undefined;
    unsubscribe?.();
    unsubscribe = undefined;
    clearTimeout(timer);
    clearTimeout(quiet);
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 2000 });
    else timer = setTimeout(run, 200);
  };
  // Queries often come in steps (the session, then the page's list): wait until none has run for a moment.
  const start = () => {
    clearTimeout(timer);
    timer = setTimeout(whenIdle, MAX_QUERY_WAIT_MS);
    const check = () => {
      clearTimeout(quiet);
      if (queryClient.isFetching() === 0) quiet = setTimeout(whenIdle, QUIET_MS);
    };
    unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
  };
  // The page's heading is there (so its queries have started: a screen renders them together), then its queries.
  const loaded = () => {
    if (document.querySelector('main h1')) return start();
    heading = new MutationObserver(() => {
      if (!document.querySelector('main h1')) return;
      heading?.disconnect();
      heading = undefined;
      start();
    });
    heading.observe(document.body, { childList: true, subtree: true });
    timer = setTimeout(whenIdle, MAX_QUERY_WAIT_MS);
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
  return () => {
    window.removeEventListener('load', loaded);
    heading?.disconnect();
    unsubscribe?.();
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
    clearTimeout(quiet);
  };
}
