/**
 * /api/notifications/*: the bell (list, unread count, marking read, the live stream) and the e-mail setting on
 * /profile. Part of the app frame's download (the bell is in the top bar), so it stays small: no zod, types only.
 *
 * Keys start with ['notifications', viewerId]: a sign-in-as never shows another person's notifications.
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../session/context';
import { api } from './client';
import type { ApiAnswer } from './types';

const BASE = '/api/notifications';

/** How many the bell lists (the newest). */
export const NOTIFICATIONS_PER_PAGE = 20;

export type NotificationKind =
  | 'mention'
  | 'reply'
  | 'review'
  | 'reviewed'
  | 'due-soon'
  | 'overdue'
  | 'module-opened'
  | 'lesson-reply'
  | 'lesson-mention';

export interface AppNotification {
  id: number;
  kind: NotificationKind;
  /** The card it is about; null for learning notices (a module opened, a lesson discussion). */
  cardId: number | null;
  /** The card's title, or the module's or lesson's. */
  cardTitle: string;
  /** The user id of the board's owner; null without a card. */
  boardOwnerId: number | null;
  /** Where opening it leads: the card on its board, or the lesson. */
  link: string;
  actorName: string;
  text: string;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationsPage {
  notifications: AppNotification[];
  unreadCount: number;
}

export interface NotificationSettings {
  emailMentions: boolean;
  emailDueDates: boolean;
  emailReviews: boolean;
  emailDigest: boolean;
  emailLessons: boolean;
}

export const notificationsApi = {
  list(signal?: AbortSignal): Promise<NotificationsPage> {
    return api<ApiAnswer<'/api/notifications', 'get'>>(BASE, {
      query: { notificationsPerPage: NOTIFICATIONS_PER_PAGE },
      signal,
    });
  },
  markRead(body: { ids: number[] } | { all: true }): Promise<{ unreadCount: number }> {
    return api<ApiAnswer<'/api/notifications/read', 'post'>>(`${BASE}/read`, { method: 'POST', body });
  },
  settings(signal?: AbortSignal): Promise<NotificationSettings> {
    return api<ApiAnswer<'/api/notifications/settings', 'get'>>(`${BASE}/settings`, { signal });
  },
  /** Changes the settings named; the answer holds all of them. */
  saveSettings(body: Partial<NotificationSettings>): Promise<NotificationSettings> {
    return api<ApiAnswer<'/api/notifications/settings', 'put'>>(`${BASE}/settings`, { method: 'PUT', body });
  },
  eventsUrl: `${BASE}/events`,
};

export function useNotificationsKey(): readonly ['notifications', number] {
  const user = useCurrentUser();
  return ['notifications', user.id] as const;
}

/** The bell's list and unread count (one call answers both). */
export function useNotifications() {
  const key = useNotificationsKey();
  return useQuery({ queryKey: [...key, 'list'], queryFn: ({ signal }) => notificationsApi.list(signal) });
}

/** Writes a new unread count into the cached answer (marking read, the live stream). */
export function setUnreadCount(queryClient: QueryClient, key: readonly unknown[], unreadCount: number): void {
  queryClient.setQueryData<NotificationsPage>([...key, 'list'], (old) => (old ? { ...old, unreadCount } : old));
}

export function useNotificationSettings() {
  const key = useNotificationsKey();
  return useQuery({ queryKey: [...key, 'settings'], queryFn: ({ signal }) => notificationsApi.settings(signal) });
}
