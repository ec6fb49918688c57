import AlternateEmailRounded from '@mui/icons-material/AlternateEmailRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import LockOpenRounded from '@mui/icons-material/LockOpenRounded';
import RateReviewRounded from '@mui/icons-material/RateReviewRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import {
  type AppNotification,
  type NotificationKind,
  notificationsApi,
  setUnreadCount,
  useNotifications,
  useNotificationsKey,
} from '../../api/notifications';
import { excerpt } from '../../components/excerpt';
import { toast } from '../../components/toast';
import { timeAgo } from '../../lib/timeAgo';
import { VISUALLY_HIDDEN } from '../../lib/visuallyHidden';
import { notificationHeadline, notificationHref } from './notificationText';

const ICONS: Record<NotificationKind, typeof AlternateEmailRounded> = {
  mention: AlternateEmailRounded,
  reply: ChatBubbleOutlineRounded,
  review: RateReviewRounded,
  'due-soon': ScheduleRounded,
  overdue: WarningAmberRounded,
  reviewed: TaskAltRounded,
  'module-opened': LockOpenRounded,
  'lesson-reply': ForumRounded,
  'lesson-mention': AlternateEmailRounded,
};

function Row({ notification, onOpen }: { notification: AppNotification; onOpen: () => void }) {
  const unread = notification.readAt === null;
  const Icon = ICONS[notification.kind] ?? ChatBubbleOutlineRounded;
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={notificationHref(notification)}
        onClick={onOpen}
        data-notification-id={notification.id}
        sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, bgcolor: unread ? 'action.hover' : undefined }}
      >
        <Icon fontSize="small" color={unread ? 'primary' : 'action'} sx={{ mt: 0.25 }} aria-hidden />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 500 }}>
            {unread && (
              <Box component="span" sx={VISUALLY_HIDDEN}>
                Unread:{' '}
              </Box>
            )}
            {notificationHeadline(notification)}
          </Typography>
          {notification.text && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {excerpt(notification.text, 100)}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {timeAgo(notification.createdAt)}
          </Typography>
        </Box>
        {unread && (
          <Box
            aria-hidden
            sx={{ width: 8, height: 8, mt: 0.75, borderRadius: '50%', bgcolor: 'primary.main', flex: '0 0 auto' }}
          />
        )}
      </ListItemButton>
    </li>
  );
}

/**
 * The bell's list: the newest notifications (unread ones marked), each leading to its card; opening one marks it
 * read, 'Mark all as read' marks them all. Both answers carry the new unread count for the badge.
 */
export default function NotificationsMenu({
  anchor,
  onClose,
  align,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  /** Which edge of the bell the list lines up with: 'left' in the desktop sidebar, 'right' in the phone's app bar. */
  align: 'left' | 'right';
}) {
  const notifications = useNotifications();
  const key = useNotificationsKey();
  const queryClient = useQueryClient();
  const [marking, setMarking] = useState(false);
  const data = notifications.data;

  const markRead = async (body: { ids: number[] } | { all: true }) => {
    const { unreadCount } = await notificationsApi.markRead(body);
    setUnreadCount(queryClient, key, unreadCount);
    await queryClient.invalidateQueries({ queryKey: [...key, 'list'] });
  };

  const markAll = async () => {
    setMarking(true);
    try {
      await markRead({ all: true });
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setMarking(false);
    }
  };

  return (
    <Popover
      open={!!anchor}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: align }}
      transformOrigin={{ vertical: 'top', horizontal: align }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'notifications-title',
          sx: { width: 380, maxWidth: 'calc(100vw - 24px)', maxHeight: 'min(560px, calc(100dvh - 96px))', mt: 1 },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.25 }}>
        <Typography id="notifications-title" component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
          Notifications
        </Typography>
        <Button
          size="small"
          onClick={() => void markAll()}
          loading={marking}
          disabled={!data || data.unreadCount === 0}
        >
          Mark all as read
        </Button>
      </Box>
      <Divider />
      {notifications.isPending ? (
        <Box role="status" aria-label="Loading notifications" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress size={28} />
        </Box>
      ) : notifications.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(notifications.error)}
        </Alert>
      ) : data && data.notifications.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, py: 4, textAlign: 'center' }}>
          No notifications yet
        </Typography>
      ) : (
        <List disablePadding aria-label="Notifications">
          {data?.notifications.map((notification) => (
            <Row
              key={notification.id}
              notification={notification}
              onOpen={() => {
                onClose();
                if (notification.readAt === null) {
                  markRead({ ids: [notification.id] }).catch((error: unknown) => toast(errorMessage(error), 'error'));
                }
              }}
            />
          ))}
        </List>
      )}
    </Popover>
  );
}
