import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { notificationsApi, setUnreadCount, useNotifications, useNotificationsKey } from '../api/notifications';
import { sidebarColors } from '../theme';

/** The list (popover, rows, 'Mark all as read') is fetched the first time the bell is pressed. */
const NotificationsMenu = lazy(() => import('../features/notifications/NotificationsMenu'));

/**
 * Live unread count: an EventSource on /api/notifications/events (opened once the first answer arrived, so a
 * server without the stream is not asked again and again). `notifications` carries `{unreadCount}`: the badge
 * follows at once, the list is refetched when open (and read again whenever the bell is pressed); `ready` (sent
 * first on every connection) carries the count too.
 * `superseded` (the server's cap on a person's streams) closes it for good, like the board's stream.
 */
function useNotificationsLive(enabled: boolean, openRef: { current: boolean }): void {
  const key = useNotificationsKey();
  const queryClient = useQueryClient();
  const [, viewerId] = key;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const liveKey = ['notifications', viewerId] as const;
    const source = new EventSource(notificationsApi.eventsUrl, { withCredentials: true });
    const refresh = () => {
      if (openRef.current) void queryClient.invalidateQueries({ queryKey: [...liveKey, 'list'] });
    };
    const applyCount = (event: Event) => {
      try {
        const { unreadCount } = JSON.parse((event as MessageEvent<string>).data) as { unreadCount?: unknown };
        if (typeof unreadCount === 'number') setUnreadCount(queryClient, liveKey, unreadCount);
      } catch {
        // A malformed notice: the list is read again all the same when open.
      }
    };
    source.addEventListener('notifications', (event) => {
      applyCount(event);
      refresh();
    });
    source.addEventListener('superseded', () => source.close());
    // `ready` opens every (re)connection with the current count; after a reconnection the list is read again too.
    let opened = false;
    source.addEventListener('ready', (event) => {
      applyCount(event);
      if (opened) void queryClient.invalidateQueries({ queryKey: [...liveKey, 'list'] });
      opened = true;
    });
    return () => source.close();
  }, [enabled, viewerId, queryClient, openRef]);
}

/**
 * The bell of the top bar (desktop: the sidebar's head; phones: the app bar), for every signed-in person: the unread
 * count as a badge, live, and on press the list of notifications. Part of the app frame: kept to a button, a badge
 * and one call (no extra JS before a page's content).
 */
export function NotificationBell({ tone }: { tone: 'light' | 'dark' }) {
  const notifications = useNotifications();
  const queryClient = useQueryClient();
  const key = useNotificationsKey();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const openRef = useRef(false);
  openRef.current = !!anchor;
  useNotificationsLive(notifications.isSuccess, openRef);
  const unread = notifications.data?.unreadCount ?? 0;
  // The name carries the badge's own text ("99+" past 99), so what is read matches what is shown (WCAG 2.5.3).
  const shown = unread > 99 ? '99+' : String(unread);

  return (
    <>
      <IconButton
        aria-label={unread > 0 ? `Notifications, ${shown} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="notification-bell"
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setMenuLoaded(true);
          // The badge may have moved while closed: the list is read fresh on every open.
          void queryClient.invalidateQueries({ queryKey: [...key, 'list'] });
        }}
        sx={
          tone === 'dark'
            ? { color: sidebarColors.text, '&:hover': { color: '#FFFFFF', bgcolor: sidebarColors.hover } }
            : undefined
        }
      >
        <Badge badgeContent={unread > 0 ? shown : null} invisible={unread === 0} color="error" overlap="circular">
          <NotificationsRounded />
        </Badge>
      </IconButton>
      {menuLoaded && (
        <Suspense fallback={null}>
          <NotificationsMenu
            anchor={anchor}
            onClose={() => setAnchor(null)}
            align={tone === 'dark' ? 'left' : 'right'}
          />
        </Suspense>
      )}
    </>
  );
}
