/**
 * The community profile (GET /api/user/community/{id}, gathered by the gateway) and her own community choices
 * (GET/PUT /api/user/community-settings) on /profile.
 */
import type { CommunityProfile, CommunitySettings } from '@rainmakers/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../session/context';
import { api } from './client';
import type { ApiAnswer } from './types';

export type { CommunityProfile, CommunitySettings };

export function useCommunityProfile(id: number) {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['community', 'profile', user.id, id],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/user/community/{id}', 'get'>>(`/api/user/community/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useCommunitySettings() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['community', 'settings', user.id],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/user/community-settings', 'get'>>('/api/user/community-settings', { signal }),
  });
}

export function useSaveCommunitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CommunitySettings) =>
      api<ApiAnswer<'/api/user/community-settings', 'put'>>('/api/user/community-settings', {
        method: 'PUT',
        body: settings,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['community'] }),
  });
}
