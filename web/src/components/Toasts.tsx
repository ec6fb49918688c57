import GlobalStyles from '@mui/material/GlobalStyles';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { afterLoadAndIdle } from '../lib/idle';
import { optionalLazy } from '../lib/optionalLazy';
import { onToastWanted } from './toast';

/**
 * Toasts sit at the top centre on wide screens: never over the lesson's Mark as Completed / Next Lesson row at the
 * foot of a lesson (LessonPanel also keeps that row out of this band when it raises a toast). On a phone they sit at
 * the bottom centre, above the home indicator (at the top they covered the lesson's header).
 */
export const TOAST_BAND_PX = { desktop: 96, phone: 144 } as const;

// Outside every error boundary: a host that cannot be fetched (offline) must not blank the app. Its toasts are then
// not shown until the next page load; each screen's own states still say what happened (docs/decisions.md, "Web
// first loads after the accountability and analytics screens").
const ToastHost = optionalLazy(() => import('./ToastHost'));

/**
 * Wraps the app, so `toast()` works everywhere. The toast library (notistack, about 13 KB gzipped) is on no page's
 * first load: its host is fetched once the page has loaded and the browser is idle, or at once when a toast is asked
 * for before that (the toast then shows when it arrives). Toasts go through `toast()` (components/toast.ts) only.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    onToastWanted(want);
    const cancel = afterLoadAndIdle(want);
    return () => {
      onToastWanted(null);
      cancel();
    };
  }, [wanted]);
  return (
    <>
      <GlobalStyles
        styles={(theme) => ({
          [theme.breakpoints.down('md')]: {
            '.rm-toasts.rm-toasts': {
              top: 'auto',
              bottom: 'calc(env(safe-area-inset-bottom, 0px) + 16px)',
              flexDirection: 'column-reverse',
            },
          },
        })}
      />
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </>
  );
}
