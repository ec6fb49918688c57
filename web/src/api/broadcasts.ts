/** /api/broadcast (admins), /api/unsubscribe (anyone with a link) and her broadcast settings, with their hooks. */
import type { BroadcastAudience, BroadcastList, BroadcastStatus } from '@rainmakers/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import type { ApiAnswer } from './types';

export type { BroadcastAudience, BroadcastList, BroadcastStatus };

export const broadcastsApi = {
  count(audience: BroadcastAudience, signal?: AbortSignal): Promise<{ recipients: number }> {
    return api<ApiAnswer<'/api/broadcast/count', 'post'>>('/api/broadcast/count', {
      method: 'POST',
      body: { audience },
      signal,
    });
  },
  send(input: {
    subject: string;
    body: string;
    audience: BroadcastAudience;
  }): Promise<{ jobId: string; recipients: number }> {
    return api<{ jobId: string; recipients: number }>('/api/broadcast', { method: 'POST', body: input });
  },
  status(jobId: string, signal?: AbortSignal): Promise<BroadcastStatus> {
    return api<ApiAnswer<'/api/broadcast/{jobId}', 'get'>>(`/api/broadcast/${encodeURIComponent(jobId)}`, { signal });
  },
  history(page: number, signal?: AbortSignal): Promise<BroadcastList> {
    return api<ApiAnswer<'/api/broadcast', 'get'>>('/api/broadcast', { query: { page, perPage: 20 }, signal });
  },
  unsubscribe(token: string, subscribe = false): Promise<{ subscribed: boolean }> {
    return api<ApiAnswer<'/api/unsubscribe', 'post'>>('/api/unsubscribe', {
      method: 'POST',
      body: subscribe ? { token, subscribe: true } : { token },
    });
  },
  settings(signal?: AbortSignal): Promise<{ subscribed: boolean }> {
    return api<ApiAnswer<'/api/user/broadcast-settings', 'get'>>('/api/user/broadcast-settings', { signal });
  },
  saveSettings(subscribed: boolean): Promise<{ subscribed: boolean }> {
    return api<ApiAnswer<'/api/user/broadcast-settings', 'put'>>('/api/user/broadcast-settings', {
      method: 'PUT',
      body: { subscribed },
    });
  },
};

export const BROADCASTS_KEY = ['broadcasts'] as const;

export function useBroadcastHistory(page: number) {
  return useQuery({
    queryKey: [...BROADCASTS_KEY, 'history', page],
    queryFn: ({ signal }) => broadcastsApi.history(page, signal),
  });
}

/** A broadcast's progress, polled every second while it is queued or sending. */
export function useBroadcastStatus(jobId: string | null) {
  return useQuery({
    queryKey: [...BROADCASTS_KEY, 'status', jobId],
    queryFn: ({ signal }) => broadcastsApi.status(jobId ?? '', signal),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 1_000;
    },
  });
}

export function useAudienceCount(audience: BroadcastAudience) {
  return useQuery({
    queryKey: [...BROADCASTS_KEY, 'count', audience],
    queryFn: ({ signal }) => broadcastsApi.count(audience, signal),
    staleTime: 10_000,
  });
}

export const BROADCAST_SETTINGS_KEY = ['broadcast-settings'] as const;

export function useBroadcastSettings() {
  return useQuery({ queryKey: BROADCAST_SETTINGS_KEY, queryFn: ({ signal }) => broadcastsApi.settings(signal) });
}
