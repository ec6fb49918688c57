/**
 * The one way the screens follow a job (import, bulk update, bulk action, Stripe sync): its status at
 * GET /api/user/jobs/{id} (contracts jobStatusPath; a sync's `statusUrl`), asked again after a wait that grows
 * while the job runs and never again once it has ended (components/jobProgressRules.ts). When a job completes, the people
 * lists are read again (every job changes people).
 */
import type { JobStatus } from '@rainmakers/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { missingMeansPending, nextPollDelay } from '../components/jobProgressRules';
import { ApiError, api } from './client';
import type { ApiAnswer } from './types';

export type { JobStatus };

export interface JobProgressOptions {
  /**
   * A job whose row another service's event writes (a Stripe sync) may be asked for before it is recorded: a 404
   * within this many milliseconds of the first request means "not yet" (default 0: a 404 is an error).
   */
  missingGraceMs?: number;
}

/** Follows the job at `statusUrl` (null: none yet). `data` is its status; null while it is not recorded yet. */
export function useJobProgress(statusUrl: string | null, options: JobProgressOptions = {}) {
  const queryClient = useQueryClient();
  const grace = options.missingGraceMs ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new job (a new address) starts its grace anew.
  const startedAt = useMemo(() => Date.now(), [statusUrl]);
  return useQuery({
    queryKey: ['job', statusUrl],
    queryFn: async ({ signal }): Promise<JobStatus | null> => {
      try {
        const status = await api<ApiAnswer<'/api/user/jobs/{id}', 'get'>>(statusUrl ?? '', { signal });
        if (status.state === 'completed') await queryClient.invalidateQueries({ queryKey: ['users'] });
        return status;
      } catch (error) {
        if (error instanceof ApiError && missingMeansPending(error.status, startedAt, grace)) return null;
        throw error;
      }
    },
    enabled: statusUrl !== null,
    refetchInterval: (query) =>
      query.state.status === 'error' ? false : nextPollDelay(query.state.dataUpdateCount, query.state.data?.state),
  });
}
