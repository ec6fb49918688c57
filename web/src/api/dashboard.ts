/**
 * The dashboard's data (GET /api/dashboard, one answer for every card, fetched early by index.html's script) and
 * the community search (GET /api/user/read-many as a member: basic and premium people, 15 per page).
 */
import type { CommunityUser, DashboardAnswer } from '@rainmakers/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DASHBOARD_URL } from '../early/requests';
import { useCurrentUser } from '../session/context';
import { api } from './client';

export type { CommunityUser, DashboardAnswer };

/** Community search page size (spec part 2 §9). */
export const COMMUNITY_PAGE_SIZE = 15;

interface CommunityPage {
  users: CommunityUser[];
  totalCount: number;
}

export const dashboardApi = {
  read: (signal?: AbortSignal) => api<DashboardAnswer>(DASHBOARD_URL, { signal }),
  community: (cityOrState: string, page: number, signal?: AbortSignal) =>
    api<CommunityPage>('/api/user/read-many', {
      query: {
        page,
        usersPerPage: COMMUNITY_PAGE_SIZE,
        role: ['basic', 'premium'],
        cityOrState: cityOrState || undefined,
      },
      signal,
    }),
  addTags: (email: string, tags: number[]) =>
    api<unknown>('/api/v2/user/add-tags', { method: 'POST', body: { email, tags } }),
};

export function useDashboard() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['dashboard', user.id, user.role],
    queryFn: ({ signal }) => dashboardApi.read(signal),
  });
}

export function useCommunitySearch(cityOrState: string) {
  const user = useCurrentUser();
  return useInfiniteQuery({
    queryKey: ['community', user.id, cityOrState],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => dashboardApi.community(cityOrState, pageParam, signal),
    getNextPageParam: (last, pages) =>
      pages.reduce((sum, page) => sum + page.users.length, 0) < last.totalCount && last.users.length > 0
        ? pages.length + 1
        : undefined,
  });
}
