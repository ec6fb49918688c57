/**
 * The dashboard's data (GET /api/dashboard, one answer for every card, fetched early by index.html's script) and
 * the community search (GET /api/user/read-many as a member: basic and premium people, 15 per page).
 */
import type { CommunityUser, DashboardAnswer } from '@rainmakers/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DASHBOARD_URL } from '../early/requests';
import { useCurrentUser } from '../session/context';
import { api } from './client';
import type { ApiAnswer, ListedPerson } from './types';

export type { CommunityUser, DashboardAnswer };

/** Community search page size (spec part 2 §9). */
export const COMMUNITY_PAGE_SIZE = 15;

/** What the community search shows of a person, from whichever view of people the caller was given. */
const communityCard = (person: ListedPerson): CommunityUser => ({
  id: person.id,
  fullName: person.fullName,
  photoUrl: 'photoUrl' in person ? person.photoUrl : null,
  city: 'city' in person ? person.city : null,
  state: 'state' in person ? person.state : null,
});

export const dashboardApi = {
  read: (signal?: AbortSignal) => api<ApiAnswer<'/api/dashboard', 'get'>>(DASHBOARD_URL, { signal }),
  community: async (
    cityOrState: string,
    page: number,
    signal?: AbortSignal,
  ): Promise<{ users: CommunityUser[]; totalCount: number }> => {
    const body = await api<ApiAnswer<'/api/user/read-many', 'get'>>('/api/user/read-many', {
      query: {
        page,
        usersPerPage: COMMUNITY_PAGE_SIZE,
        // The contract's filters object as written (userListQuerySchema.filters), not flat parameters.
        filters: JSON.stringify({ role: ['basic', 'premium'], ...(cityOrState ? { cityOrState } : {}) }),
      },
      signal,
    });
    return { users: body.users.map(communityCard), totalCount: body.totalCount };
  },
  addTags: (email: string, tags: number[]) =>
    api<unknown>('/api/v2/user/add-tags', { method: 'POST', body: { email, tags } }),
};

/** How often, and how many times, an answer with a card whose service failed is asked again. */
export const DASHBOARD_PARTIAL_RETRY_MS = 4000;
export const DASHBOARD_PARTIAL_RETRIES = 5;

/**
 * Whether to ask the dashboard again, and when: a card whose service failed (`unavailable`) shows the spec's
 * "Oops!" and is asked for again a few times, so a moment's hiccup heals by itself; a service that stays down leaves
 * its card as it is after about 20 seconds.
 */
export function dashboardRefetchInterval(answer: DashboardAnswer | undefined, answersSoFar: number): number | false {
  return answer && answer.unavailable.length > 0 && answersSoFar <= DASHBOARD_PARTIAL_RETRIES
    ? DASHBOARD_PARTIAL_RETRY_MS
    : false;
}

export function useDashboard() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['dashboard', user.id, user.role],
    queryFn: ({ signal }) => dashboardApi.read(signal),
    refetchInterval: (query) => dashboardRefetchInterval(query.state.data, query.state.dataUpdateCount),
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
