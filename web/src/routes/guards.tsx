import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { FullPageSpinner, PageSkeleton } from '../components/Spinners';
import { decideAccess, type RouteAccess } from '../lib/access';
import { redirectTarget } from '../lib/redirect';
import { ACCESS } from '../lib/routes';
import { useSession } from '../session/context';
import { AppLayout, MembersOnlyNotice } from './pages';
import { ServerUnreachable } from './ServerUnreachable';

const CalendarBookingPage = lazy(() => import('../features/errors/CalendarBookingPage'));

/** Sign-in and sign-up: a signed-in person goes on to where they wanted to go (or home). */
export function GuestRoute({ signedInGoesHome, children }: { signedInGoesHome: boolean; children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (signedInGoesHome && status === 'loading') return <FullPageSpinner />;
  if (signedInGoesHome && status === 'signed-in') return <Navigate to={redirectTarget(location.state)} replace />;
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

/** Steps 1 and 2 of the guard for the signed-in frame: sign in first, then a working subscription. */
function useFrameDecision(access: RouteAccess) {
  const { status, currentUser, loadError } = useSession();
  if (status === 'loading') return { kind: 'loading' } as const;
  if (!currentUser && loadError) return { kind: 'unreachable' } as const;
  return decideAccess(currentUser, access);
}

function ToSignIn() {
  const location = useLocation();
  return <Navigate to="/signin" replace state={{ from: location }} />;
}

/** The app frame (sidebar, top bar) for signed-in members; each screen inside still has its own RouteGuard. */
export function SignedInFrame() {
  const decision = useFrameDecision(ACCESS.member);
  switch (decision.kind) {
    case 'loading':
      return <FullPageSpinner />;
    case 'unreachable':
      return <ServerUnreachable />;
    case 'sign-in':
      return <ToSignIn />;
    case 'blocked':
      return <Navigate to="/blocked" replace />;
    default:
      return (
        <Suspense fallback={<FullPageSpinner />}>
          <AppLayout />
        </Suspense>
      );
  }
}

/** One screen's guard, in the spec's order (see lib/access decideAccess). */
export function RouteGuard({
  access,
  children,
  bare = false,
}: {
  access: RouteAccess;
  children: ReactNode;
  bare?: boolean;
}) {
  const decision = useFrameDecision(access);
  switch (decision.kind) {
    case 'loading':
      return bare ? <FullPageSpinner /> : <PageSkeleton />;
    case 'unreachable':
      return <ServerUnreachable />;
    case 'sign-in':
      return <ToSignIn />;
    case 'blocked':
      return <Navigate to="/blocked" replace />;
    case 'hidden':
      // Step 3, a hidden route: the calendar address when configured, else the app's page about the booking.
      return (
        <Suspense fallback={<PageSkeleton />}>
          <CalendarBookingPage />
        </Suspense>
      );
    case 'members-only':
      return (
        <Suspense fallback={<PageSkeleton />}>
          <MembersOnlyNotice />
        </Suspense>
      );
    case 'allow': {
      const fallback = bare ? <FullPageSpinner /> : <PageSkeleton />;
      return bare ? (
        <ErrorBoundary>
          <Suspense fallback={fallback}>{children}</Suspense>
        </ErrorBoundary>
      ) : (
        <Suspense fallback={fallback}>{children}</Suspense>
      );
    }
  }
}

/** Old and short addresses: forward, keeping the query string and hash. */
export function RedirectKeepingQuery({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate to={{ pathname: to, search: location.search, hash: location.hash }} replace />;
}

/** A person opening an `:id` address with their own id goes to `to` (e.g. their own board), query string kept. */
export function OwnIdRedirect({ to, children }: { to: string | undefined; children: ReactNode }) {
  const { id } = useParams();
  const { currentUser } = useSession();
  const location = useLocation();
  if (to && currentUser && id === String(currentUser.id)) {
    return <Navigate to={{ pathname: to, search: location.search, hash: location.hash }} replace />;
  }
  return children;
}
