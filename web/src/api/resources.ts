/**
 * /api/resource/* and /api/dashboard-banner/*, with their react-query hooks. Only types come from
 * @rainmakers/contracts (values would pull zod into the download); constants from its zod-free
 * resources-constants module.
 *
 * Every key starts with ['resources', userId, role]: what a person sees depends on their (displayed) role, so a role
 * switch or a sign-in-as reads fresh data.
 */
import type {
  Banner,
  BannerList,
  BannerType,
  Resource,
  ResourceCategory,
  ResourceList,
  ResourceListType,
  ResourceType,
  ResourceVisibility,
} from '@rainmakers/contracts';
import { RESOURCES_PER_PAGE } from '@rainmakers/contracts/resources-constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../session/context';
import { api } from './client';
import type { ApiAnswer } from './types';

export type { Banner, BannerList, BannerType, Resource, ResourceCategory, ResourceListType };

export interface ResourceQuery {
  categories: number[];
  type: ResourceListType;
  search: string;
}

export interface ResourceInput {
  id: number | null;
  title: string;
  description: string;
  coverPhotoUrl: string | null;
  type: ResourceType;
  visibility: ResourceVisibility;
  content: string | null;
  url: string | null;
  purchaseUrl: string | null;
  price: string | null;
  hidden: boolean;
  ResourceCategories: number[];
  Tags: { id: number; name: string }[];
}

export interface BannerInput {
  title: string;
  content: string;
  video_url: string | null;
  button_text: string;
  button_url: string;
  type: BannerType;
  average_shipping_rate: string | null;
}

export const resourcesApi = {
  list(query: ResourceQuery, signal?: AbortSignal): Promise<ResourceList> {
    return api<ApiAnswer<'/api/resource/read-many', 'get'>>('/api/resource/read-many', {
      query: {
        categories: query.categories,
        type: query.type,
        search: query.search,
        itemsPerPage: RESOURCES_PER_PAGE,
      },
      signal,
    });
  },
  async one(id: number, signal?: AbortSignal): Promise<Resource> {
    return (await api<ApiAnswer<'/api/resource/{id}', 'get'>>(`/api/resource/${id}`, { signal })).resource;
  },
  async categories(signal?: AbortSignal): Promise<ResourceCategory[]> {
    return (
      await api<ApiAnswer<'/api/resource/category/read-many', 'get'>>('/api/resource/category/read-many', { signal })
    ).resourceCategories;
  },
  save(input: ResourceInput): Promise<{ resource: Resource; isNew: boolean }> {
    return api('/api/resource/upsert', { method: 'POST', create: true, body: input });
  },
  remove(id: number): Promise<void> {
    return api<void>(`/api/resource/${id}`, { method: 'DELETE' });
  },
  saveCategory(input: {
    id: number | null;
    name: string;
  }): Promise<{ resourceCategory: ResourceCategory; isNew: boolean }> {
    return api('/api/resource/category/upsert', { method: 'POST', create: true, body: input });
  },
  removeCategory(id: number): Promise<void> {
    return api<void>(`/api/resource/category/${id}`, { method: 'DELETE' });
  },
  banners(signal?: AbortSignal): Promise<BannerList> {
    return api<ApiAnswer<'/api/dashboard-banner/read-many', 'get'>>('/api/dashboard-banner/read-many', { signal });
  },
  saveBanner(input: BannerInput): Promise<{ banner: Banner; isNew: boolean }> {
    return api('/api/dashboard-banner', { method: 'POST', body: input });
  },
  removeBanner(type: BannerType): Promise<void> {
    return api<void>(`/api/dashboard-banner/${encodeURIComponent(type)}`, { method: 'DELETE' });
  },
};

function useScope(): readonly ['resources', number, string] {
  const user = useCurrentUser();
  return ['resources', user.id, user.role] as const;
}

export function useResources(query: ResourceQuery) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'list', query],
    queryFn: ({ signal }) => resourcesApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useResource(id: number | null) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'one', id],
    queryFn: ({ signal }) => resourcesApi.one(id ?? 0, signal),
    enabled: id !== null,
    retry: false,
  });
}

export function useResourceCategories() {
  const scope = useScope();
  return useQuery({ queryKey: [...scope, 'categories'], queryFn: ({ signal }) => resourcesApi.categories(signal) });
}

/** A change reloads every resource list, resource and category (§4: lists reload after save, delete, purchase). */
function useResourceChange<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['resources'] }),
  });
}

export const useSaveResource = () => useResourceChange(resourcesApi.save);
export const useDeleteResource = () => useResourceChange(resourcesApi.remove);
export const useSaveCategory = () => useResourceChange(resourcesApi.saveCategory);
export const useDeleteCategory = () => useResourceChange(resourcesApi.removeCategory);

/** After a purchase: the lists and the resource read again. */
export function useReloadResources() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['resources'] });
}

export function useBanners() {
  const scope = useScope();
  return useQuery({ queryKey: [...scope, 'banners'], queryFn: ({ signal }) => resourcesApi.banners(signal) });
}

function useBannerChange<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['resources'] }),
  });
}

export const useSaveBanner = () => useBannerChange(resourcesApi.saveBanner);
export const useDeleteBanner = () => useBannerChange(resourcesApi.removeBanner);
