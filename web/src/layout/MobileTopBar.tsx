import MenuRounded from '@mui/icons-material/MenuRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../components/BrandLogo';
import { initials } from '../lib/navigation';
import { useCurrentUser } from '../session/context';
import { DeferredNotificationBell } from './DeferredNotificationBell';
import { UserAvatar } from './UserAvatar';

/** The avatar menu's code (menu, popover) is fetched the first time it is opened. */
const AccountMenu = lazy(() => import('./AccountMenu'));

/**
 * Phones and tablets: hamburger for the menu, the brand, and an avatar menu with Profile and Logout. A sticky header
 * drawn as the theme's AppBar and Toolbar draw it (no shadow, the toolbar's heights), on Paper and Box alone: MUI's
 * AppBar and Toolbar were 1.5 KB gzipped of every framed page's first load on a phone.
 */
export default function MobileTopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const user = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);

  return (
    <Paper
      component="header"
      square
      elevation={0}
      sx={(t) => ({
        position: 'sticky',
        top: 0,
        zIndex: t.zIndex.appBar,
        display: 'flex',
        flexDirection: 'column',
        width: '100%',
        boxSizing: 'border-box',
        flexShrink: 0,
        color: 'inherit',
        bgcolor: alpha(t.palette.background.paper, 0.92),
        backdropFilter: 'blur(8px)',
        borderBottom: 1,
        borderColor: 'divider',
      })}
    >
      <Box
        sx={(t) => ({
          ...t.mixins.toolbar,
          position: 'relative',
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: { xs: 2, sm: 3 },
        })}
      >
        <IconButton edge="start" aria-label="Open menu" onClick={onOpenMenu}>
          <MenuRounded />
        </IconButton>
        <Box component={RouterLink} to="/" aria-label="Rainmakers home" sx={{ textDecoration: 'none', flex: 1 }}>
          <BrandLogo size={30} />
        </Box>
        <DeferredNotificationBell tone="light" />
        <IconButton
          // Without a photo the avatar shows the initials: they are the button's visible text, so its name holds them
          // too (WCAG 2.5.3 label in name; a speech user may say them).
          aria-label={user.photoUrl ? 'Account menu' : `Account menu, ${initials(user.fullName)}`}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            setMenuLoaded(true);
          }}
          sx={{ p: 0.5 }}
        >
          <UserAvatar fullName={user.fullName} photoUrl={user.photoUrl} size={34} />
        </IconButton>
        {menuLoaded && (
          <Suspense fallback={null}>
            <AccountMenu anchor={anchor} onClose={() => setAnchor(null)} />
          </Suspense>
        )}
      </Box>
    </Paper>
  );
}
