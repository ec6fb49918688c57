import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageSkeleton } from '../components/Spinners';
import { sidebarColors } from '../theme';
import { ImpersonationBanner } from './ImpersonationBanner';
import { Sidebar } from './Sidebar';

export const DRAWER_WIDTH = 272;

/** Phone-only pieces (top bar with its avatar menu, slide-in drawer) are fetched when first shown. */
const MobileTopBar = lazy(() => import('./MobileTopBar'));
const MobileDrawer = lazy(() => import('./MobileDrawer'));

/**
 * The signed-in frame: a fixed sidebar on desktop; on phones and tablets an app bar with a hamburger (opening the
 * same sidebar as a temporary drawer) and an avatar menu. Only one of the two sidebars is ever mounted, so every
 * menu link exists once on the page.
 */
export default function AppLayout() {
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
          sx={{
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
      </Box>
    </Box>
  );
}
