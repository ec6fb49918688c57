/**
 * Runs `run` once the page has loaded and the browser is idle (at the latest 1.5 s after the load): for code every
 * screen has but no screen needs before its content (the toasts, the bell), so it never counts against a page's
 * first-load budget. Returns a function that cancels the wait.
 */
export function afterLoadAndIdle(run: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 1500 });
    else timer = setTimeout(run, 200);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer) clearTimeout(timer);
  };
}
