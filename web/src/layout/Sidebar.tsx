import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import CalculateRounded from '@mui/icons-material/CalculateRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import FactCheckRounded from '@mui/icons-material/FactCheckRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import LibraryBooksRounded from '@mui/icons-material/LibraryBooksRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import RocketLaunchRounded from '@mui/icons-material/RocketLaunchRounded';
import SchoolRounded from '@mui/icons-material/SchoolRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import SpaceDashboardRounded from '@mui/icons-material/SpaceDashboardRounded';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import ViewKanbanRounded from '@mui/icons-material/ViewKanbanRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { matchPath, Link as RouterLink, useLocation } from 'react-router-dom';
import { useSiteLinks } from '../api/siteContent';
import { BrandLogo } from '../components/BrandLogo';
import { afterLoadAndIdle } from '../lib/idle';
import { type MemberNavItemId, type NavItemId, showApplyToUpgrade, visibleNavItems } from '../lib/navigation';
import { optionalLazy } from '../lib/optionalLazy';
import { useCurrentUser } from '../session/context';
import { sidebarColors } from '../theme';
import { DeferredNotificationBell } from './DeferredNotificationBell';
import { UserCard } from './UserCard';

/**
 * Admins only (the select brings form code, five files): loaded like the staff's icons, after the page's content, so
 * it never counts against an admin screen's first load; a blank of its size holds its place.
 */
const RoleSwitcher = optionalLazy(() => import('./RoleSwitcher'));
const SWITCHER_PLACE = <Box sx={{ height: 40, mb: 2 }} />;

/**
 * Coaches' and admins' entries: their icons load once the page has shown its content and the browser is idle
 * (members never download them, and a staff screen's first load does not wait for them); a blank of the icon's size
 * holds their place.
 */
const StaffNavIcon = optionalLazy(() => import('./StaffNavIcon'));
const ICON_PLACE = <Box sx={{ width: 24, height: 24 }} />;

const MEMBER_ICONS: Record<MemberNavItemId, ReactNode> = {
  dashboard: <SpaceDashboardRounded />,
  aiToolkit: <AutoAwesomeRounded />,
  courses: <SchoolRounded />,
  resources: <LibraryBooksRounded />,
  profitCalculator: <CalculateRounded />,
  moveTheNeedle: <ViewKanbanRounded />,
  productQualifier: <FactCheckRounded />,
};

const isMemberItem = (id: NavItemId): id is MemberNavItemId => id in MEMBER_ICONS;

function navIcon(id: NavItemId, staffIcons: boolean): ReactNode {
  if (isMemberItem(id)) return MEMBER_ICONS[id];
  if (!staffIcons) return ICON_PLACE;
  return (
    <Suspense fallback={ICON_PLACE}>
      <StaffNavIcon id={id} />
    </Suspense>
  );
}

/** Whether the staff's parts may load now: after the page's content, when the browser is idle (lib/idle.ts). */
function useAfterContent(wanted: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => (wanted && !ready ? afterLoadAndIdle(() => setReady(true)) : undefined), [wanted, ready]);
  return ready;
}

const itemSx = {
  borderRadius: 2,
  mx: 1.5,
  my: 0.25,
  py: 0.9,
  color: sidebarColors.text,
  position: 'relative',
  '& .MuiListItemIcon-root': { color: sidebarColors.muted, minWidth: 38 },
  '&:hover': { bgcolor: sidebarColors.hover },
  '&.Mui-selected, &.Mui-selected:hover': {
    bgcolor: sidebarColors.selected,
    color: '#FFFFFF',
    '& .MuiListItemIcon-root': { color: sidebarColors.accent },
  },
  '&.Mui-selected::before': {
    content: '""',
    position: 'absolute',
    left: -12,
    top: 8,
    bottom: 8,
    width: 4,
    borderRadius: '0 4px 4px 0',
    bgcolor: sidebarColors.accent,
  },
  '&.Mui-focusVisible': { outline: `2px solid ${sidebarColors.accent}`, outlineOffset: -2 },
} as const;

const textProps = { primary: { sx: { fontSize: '0.94rem', fontWeight: 550 } } } as const;

function isActive(path: string, pathname: string): boolean {
  return !!matchPath({ path, end: path === '/' }, pathname);
}

function ExternalItem({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  return (
    <ListItemButton component="a" href={href} target="_blank" rel="noopener noreferrer" sx={itemSx}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText primary={label} slotProps={textProps} />
      <OpenInNewRounded sx={{ fontSize: 15, color: sidebarColors.muted }} aria-hidden />
    </ListItemButton>
  );
}

/** The sidebar's content, shared by the desktop and phone drawers. Entries follow the route guard's rules. */
export function Sidebar({ onClose }: { onClose?: () => void }) {
  const user = useCurrentUser();
  const links = useSiteLinks();
  const { pathname } = useLocation();
  const items = visibleNavItems(user);
  const staffIcons = useAfterContent(items.some((item) => !isMemberItem(item.id)));
  const switcherReady = useAfterContent(user.can.switchRole);
  const subheaderSx = {
    bgcolor: 'transparent',
    color: sidebarColors.muted,
    fontSize: '0.72rem',
    fontWeight: 700,
    letterSpacing: '0.1em',
    textTransform: 'uppercase',
    lineHeight: 2.6,
    px: 3,
  } as const;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: 3, pt: 3, pb: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Box component={RouterLink} to="/" aria-label="Rainmakers home" sx={{ textDecoration: 'none' }}>
          <BrandLogo tone="light" size={34} />
        </Box>
        {/* Desktop: the bell sits at the sidebar's head; phones have it in the app bar. */}
        {!onClose && <DeferredNotificationBell tone="dark" />}
        {onClose && (
          <IconButton aria-label="Close menu" onClick={onClose} sx={{ color: sidebarColors.text }}>
            <CloseRounded />
          </IconButton>
        )}
      </Box>

      <Box sx={{ flex: 1, overflowY: 'auto', pb: 2 }}>
        <List component="div" dense disablePadding>
          {items.map((item) => (
            <ListItemButton
              key={item.id}
              component={RouterLink}
              to={item.path}
              selected={isActive(item.path, pathname)}
              aria-current={isActive(item.path, pathname) ? 'page' : undefined}
              sx={itemSx}
            >
              <ListItemIcon>{navIcon(item.id, staffIcons)}</ListItemIcon>
              <ListItemText primary={item.label} slotProps={textProps} />
            </ListItemButton>
          ))}
        </List>

        <List
          component="div"
          dense
          disablePadding
          sx={{ mt: 2 }}
          subheader={
            <ListSubheader component="div" sx={subheaderSx}>
              Community
            </ListSubheader>
          }
        >
          {showApplyToUpgrade(user) && (
            <ExternalItem href={links.upgradeUrl} icon={<RocketLaunchRounded />} label="Apply To Upgrade" />
          )}
          <ExternalItem href={links.communityUrl} icon={<ForumRounded />} label="Community Group" />
          <ExternalItem href={links.supportUrl} icon={<SupportAgentRounded />} label="Support" />
          <ListItemButton
            component={RouterLink}
            to="/profile"
            selected={isActive('/profile', pathname)}
            aria-current={isActive('/profile', pathname) ? 'page' : undefined}
            sx={itemSx}
          >
            <ListItemIcon>
              <SettingsRounded />
            </ListItemIcon>
            <ListItemText primary="Settings" slotProps={textProps} />
          </ListItemButton>
        </List>
      </Box>

      <Box sx={{ borderTop: `1px solid ${sidebarColors.divider}`, p: 2 }}>
        {user.can.switchRole &&
          (switcherReady ? (
            <Suspense fallback={SWITCHER_PLACE}>
              <RoleSwitcher />
            </Suspense>
          ) : (
            SWITCHER_PLACE
          ))}
        <UserCard />
      </Box>
    </Box>
  );
}
