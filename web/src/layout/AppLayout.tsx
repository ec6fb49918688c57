import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageSkeleton } from '../components/Spinners';
import { optionalLazy } from '../lib/optionalLazy';
import { useCurrentUser } from '../session/context';
import { sidebarColors } from '../theme';
import { BusyNotice } from './BusyNotice';
import { ImpersonationBanner } from './ImpersonationBanner';
import { Sidebar } from './Sidebar';

export const DRAWER_WIDTH = 272;
const MAIN_ID = 'main-content';

/** The first stop of the Tab key: hidden until focused, then shown at the top left; jumps past the menu. */
function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // Focus moves to <main> without the router seeing a new address.
        event.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus();
        main?.scrollIntoView();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1.25,
        borderRadius: 2,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 700,
        textDecoration: 'none',
        boxShadow: '0 6px 20px rgba(43, 27, 46, 0.25)',
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': { transform: 'none' },
      }}
    >
      Skip to main content
    </Box>
  );
}

/** Phone-only pieces (top bar with its avatar menu, slide-in drawer) are fetched when first shown. */
const MobileTopBar = lazy(() => import('./MobileTopBar'));
const MobileDrawer = lazy(() => import('./MobileDrawer'));
/** Shown only to a staff account whose session has not passed the second factor: fetched then, not in the shell. */
const SecondFactorBanner = optionalLazy(() => import('./SecondFactorBanner'));

/**
 * The signed-in frame: a fixed sidebar on desktop; on phones and tablets an app bar with a hamburger (opening the
 * same sidebar as a temporary drawer) and an avatar menu. Only one of the two sidebars is ever mounted, so every
 * menu link exists once on the page.
 */
export default function AppLayout() {
  const user = useCurrentUser();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const location = useLocation();

  // Close the phone menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the path changes
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SkipLink />
      {desktop ? (
        <Box
          component="nav"
          aria-label="Main"
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            position: 'sticky',
            top: 0,
            height: '100dvh',
            overflow: 'hidden',
            bgcolor: sidebarColors.background,
            color: sidebarColors.text,
          }}
        >
          <Sidebar />
        </Box>
      ) : (
        drawerLoaded && (
          <Suspense fallback={null}>
            <MobileDrawer open={menuOpen} onClose={() => setMenuOpen(false)} width={DRAWER_WIDTH} />
          </Suspense>
        )
      )}

      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <ImpersonationBanner />
        {user.withheldRole && (
          <Suspense fallback={null}>
            <SecondFactorBanner />
          </Suspense>
        )}
        {!desktop && (
          <Suspense fallback={<Box sx={{ height: 56, borderBottom: 1, borderColor: 'divider' }} />}>
            <MobileTopBar
              onOpenMenu={() => {
                setDrawerLoaded(true);
                setMenuOpen(true);
              }}
            />
          </Suspense>
        )}
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{
            '&:focus': { outline: 'none' },
            position: 'relative',
            flex: 1,
            width: '100%',
            maxWidth: 1280,
            mx: 'auto',
            px: { xs: 2, sm: 3, md: 5 },
            py: { xs: 3, md: 5 },
          }}
        >
          <ErrorBoundary key={location.pathname}>
            <Suspense fallback={<PageSkeleton />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </Box>
        <BusyNotice />
      </Box>
    </Box>
  );
}
