/** GET /api/course/insights/{id} (admins): a course's members started and completed, its funnel and its days. */
import type { CourseInsights } from '@rainmakers/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../session/context';
import { api } from './client';
import type { ApiAnswer } from './types';

export type { CourseInsights };

/** The ranges the screen offers, in days (the server takes 1 to 365). */
export const INSIGHT_RANGES = [7, 30, 90] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];

export function useCourseInsights(courseId: number | null, days: InsightRange) {
  const user = useCurrentUser();
  return useQuery({
    // Under the courses' key (['courses', userId, role]) so course changes refresh it and a role switch never
    // shows another view's data.
    queryKey: ['courses', user.id, user.role, 'insights', courseId, days],
    queryFn: async ({ signal }) =>
      (
        await api<ApiAnswer<'/api/course/insights/{id}', 'get'>>(`/api/course/insights/${courseId}`, {
          query: { days },
          signal,
        })
      ).insights,
    enabled: courseId !== null,
    placeholderData: keepPreviousData,
  });
}
