import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useState } from 'react';

const NotificationBell = lazy(() => import('./NotificationBell').then((m) => ({ default: m.NotificationBell })));

/**
 * The bell of the app frame, loaded once the page has loaded and the browser is idle: it is on every screen, so its
 * code (badge, live stream) would otherwise count against every page's first-load budget, before the page's own
 * heading. Until then an empty box of its size keeps the frame from shifting.
 */
export function DeferredNotificationBell({ tone }: { tone: 'dark' | 'light' }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(() => setReady(true), { timeout: 1500 });
      } else timer = setTimeout(() => setReady(true), 200);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer) clearTimeout(timer);
    };
  }, []);
  const placeholder = <Box sx={{ width: 40, height: 40, flex: 'none' }} aria-hidden />;
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell tone={tone} />
    </Suspense>
  );
}
