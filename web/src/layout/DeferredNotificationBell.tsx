import Box from '@mui/material/Box';
import { Suspense, useEffect, useState } from 'react';
import { afterLoadAndIdle } from '../lib/idle';
import { optionalLazy } from '../lib/optionalLazy';

const NotificationBell = optionalLazy<{ tone: 'dark' | 'light' }>(() =>
  import('./NotificationBell').then((m) => ({ default: m.NotificationBell })),
);

/**
 * The bell of the app frame, loaded once the page has loaded, its queries have answered and the browser is idle
 * (lib/idle.ts): it is on every screen, so its
 * code (badge, live stream) would otherwise count against every page's first-load budget, before the page's own
 * heading. Until then an empty box of its size keeps the frame from shifting.
 */
export function DeferredNotificationBell({ tone }: { tone: 'dark' | 'light' }) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoadAndIdle(() => setReady(true)), []);
  const placeholder = <Box sx={{ width: 40, height: 40, flex: 'none' }} aria-hidden />;
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell tone={tone} />
    </Suspense>
  );
}
