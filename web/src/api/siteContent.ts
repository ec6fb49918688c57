/**
 * Site content set by admins: every video of the product and the links outside it. Members read
 * GET /api/site-content; visitors (sign-up, the blocked page) GET /api/site-content/public; admins PUT it.
 */
import type { PublicSiteContent, SiteContent, SiteContentResponse } from '@rainmakers/contracts';
import type { SiteVideoKey } from '@rainmakers/contracts/site-content-constants';
import { SITE_LINK_DEFAULTS } from '@rainmakers/contracts/site-links';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../session/context';
import { api } from './client';
import type { ApiAnswer } from './types';

export type { SiteContent, SiteContentResponse };

const KEY = ['site-content'] as const;

export const siteContentApi = {
  async read(signal?: AbortSignal): Promise<SiteContentResponse> {
    return api<ApiAnswer<'/api/site-content', 'get'>>('/api/site-content', { signal });
  },
  async readPublic(signal?: AbortSignal): Promise<PublicSiteContent> {
    return api<ApiAnswer<'/api/site-content/public', 'get'>>('/api/site-content/public', { signal });
  },
  async save(content: SiteContent): Promise<SiteContentResponse> {
    return api<ApiAnswer<'/api/site-content', 'put'>>('/api/site-content', { method: 'PUT', body: content });
  },
};

/** The whole content for the signed-in person (cached for the session: it changes rarely). */
export function useSiteContent() {
  const { currentUser } = useSession();
  return useQuery({
    queryKey: [...KEY, currentUser?.id ?? 0, currentUser?.role ?? ''],
    queryFn: ({ signal }) => siteContentApi.read(signal),
    enabled: currentUser !== null && currentUser !== undefined,
    staleTime: 5 * 60_000,
  });
}

/** A video's address, or null while loading or when none is set (the screen then shows no frame at all). */
export function useSiteVideo(key: SiteVideoKey): string | null {
  return useSiteContent().data?.content.videos[key] ?? null;
}

/** The outside links with their defaults (support must always work); the booking link is null until one is set. */
export function useSiteLinks() {
  const data = useSiteContent().data;
  const links = data?.content.links;
  const supportEmail = links?.supportEmail ?? SITE_LINK_DEFAULTS.supportEmail;
  return {
    loaded: data !== undefined,
    bookingUrl: data?.bookingUrl ?? null,
    supportEmail,
    supportMailto: `mailto:${supportEmail}`,
    supportUrl: links?.supportUrl ?? SITE_LINK_DEFAULTS.supportUrl,
    communityUrl: links?.communityUrl ?? SITE_LINK_DEFAULTS.communityUrl,
    upgradeUrl: links?.upgradeUrl ?? SITE_LINK_DEFAULTS.upgradeUrl,
  };
}

/** What a visitor's screens need: the sign-up welcome video and the support links. */
export function usePublicSiteContent() {
  return useQuery({
    queryKey: [...KEY, 'public'],
    queryFn: ({ signal }) => siteContentApi.readPublic(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSaveSiteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: siteContentApi.save,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
