/** GET /api/analytics/overview (admins): the community's numbers over time, and its CSV's address. */

import type { AnalyticsInterval, AnalyticsOverview } from '@rainmakers/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { displayTimeZone } from '../lib/dates';
import { useCurrentUser } from '../session/context';
import { api } from './client';

export type { AnalyticsInterval, AnalyticsOverview };

export interface AnalyticsRange {
  from: string;
  to: string;
  interval: AnalyticsInterval;
}

// The periods are cut where the admin is: her profile's zone (the browser's while she has none); the server
// defaults to UTC for other callers (decisions.md, "Analytics from events").
const queryOf = (range: AnalyticsRange) => ({ ...range, timeZone: displayTimeZone() });

export function useAnalyticsOverview(range: AnalyticsRange, enabled: boolean) {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['analytics', user.id, user.role, range.from, range.to, range.interval],
    queryFn: ({ signal }) => api<AnalyticsOverview>('/api/analytics/overview', { query: queryOf(range), signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const analyticsCsvUrl = (range: AnalyticsRange) =>
  `/api/analytics/overview.csv?${new URLSearchParams(queryOf(range)).toString()}`;
