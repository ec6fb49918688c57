/**
 * GET /api/user/overview/{id} (the member page, gathered by the gateway), the tag change made there (POST
 * /api/user/upsert with Tags, the call the user form makes) and the invitation resend (POST /api/user/invite/{id}).
 * Keys sit under ['users'], so every user change reads the page again.
 */
import type { MemberOverview, MemberOverviewPart } from '@rainmakers/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { ApiAnswer } from './types';

export type { MemberOverview, MemberOverviewPart };

export const memberOverviewKey = (id: number) => ['users', 'overview', id] as const;

export function useMemberOverview(id: number) {
  return useQuery({
    queryKey: memberOverviewKey(id),
    queryFn: ({ signal }) => api<ApiAnswer<'/api/user/overview/{id}', 'get'>>(`/api/user/overview/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useSaveMemberTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; Tags: number[] }) =>
      api<ApiAnswer<'/api/user/upsert', 'post'>>('/api/user/upsert', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/user/invite/${id}`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

/** An admin resets a person's second factor (a lost phone): POST /api/auth/second-factor/reset/{id}, audited, e-mailed. */
export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/auth/second-factor/reset/${id}`, { method: 'POST' }),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: memberOverviewKey(id) }),
  });
}
