/**
 * GET /api/certificates/mine for the catalogue: the member's certificate of a completed course, for its card's
 * 'View Certificate'. Part of the catalogue's file (vite.config.ts), so the first load of /courses gains no file.
 */
import type { MyCertificatesResponse, OwnCertificate } from '@rainmakers/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useCurrentUser } from '../../../session/context';

/** How often a completed course's card asks again while its certificate is being issued, and how many times. */
const ISSUE_POLL_MS = 1_500;
const ISSUE_POLL_TIMES = 8;

/**
 * One shared list of the member's certificates (one request for the whole catalogue, made only when a completed
 * course's card asks). Certificates are issued from the completion events a moment after the last lesson: while a
 * completed course has none yet, the list is asked again a few times.
 */
export function useMyCertificate(courseId: number, enabled: boolean): OwnCertificate | undefined {
  const user = useCurrentUser();
  const query = useQuery({
    queryKey: ['certificates', 'mine', user.id],
    queryFn: ({ signal }) =>
      api<MyCertificatesResponse>('/api/certificates/mine', { signal }).then((r) => r.certificates),
    enabled,
    refetchInterval: (q) => {
      const list = q.state.data;
      if (!list || list.some((c) => c.courseId === courseId)) return false;
      return q.state.dataUpdateCount < ISSUE_POLL_TIMES ? ISSUE_POLL_MS : false;
    },
  });
  return query.data?.find((c) => c.courseId === courseId);
}
