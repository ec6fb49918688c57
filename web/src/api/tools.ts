/**
 * /api/product/* (the Power Profit Tool) with its react-query hooks. Only types come from @rainmakers/contracts'
 * index (values would pull zod into the download); numbers and texts come from its zod-free subpaths.
 *
 * Keys start with ['tools', userId, role]: the abilities (the fee lock) depend on the displayed role.
 */
import type {
  AdditionalFeesType,
  ProductBody,
  ProductUpsertResponse,
  QualifierHistoryResponse,
  QualifierRatingBody,
} from '@rainmakers/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../session/context';
import { api } from './client';
import type { ApiAnswer } from './types';

export type { AdditionalFeesType, ProductBody, QualifierRatingBody };

/** What the forms send: the product's fields (numbers may still be the text of an input). */
export type ProductInput = Partial<Record<keyof ProductBody, unknown>> & { id?: number | null };

export const toolsApi = {
  async products(signal?: AbortSignal): Promise<ProductBody[]> {
    return (await api<ApiAnswer<'/api/product/read-many', 'get'>>('/api/product/read-many', { signal })).products;
  },
  async count(signal?: AbortSignal): Promise<number> {
    return (await api<ApiAnswer<'/api/product/count', 'get'>>('/api/product/count', { signal })).total;
  },
  upsert(product: ProductInput, typeAdditionalFees: AdditionalFeesType): Promise<ProductUpsertResponse> {
    return api<ApiAnswer<'/api/product/upsert', 'post'>>('/api/product/upsert', {
      method: 'POST',
      create: true,
      body: { product, typeAdditionalFees },
    });
  },
  async remove(id: number): Promise<void> {
    await api(`/api/product/${id}`, { method: 'DELETE' });
  },
};

export function useToolsScope(): readonly ['tools', number, string] {
  const user = useCurrentUser();
  return ['tools', user.id, user.role] as const;
}

export function useProducts() {
  const scope = useToolsScope();
  return useQuery({ queryKey: [...scope, 'products'], queryFn: ({ signal }) => toolsApi.products(signal) });
}

export function useProductCount() {
  const scope = useToolsScope();
  return useQuery({ queryKey: [...scope, 'count'], queryFn: ({ signal }) => toolsApi.count(signal) });
}

/**
 * POST /api/product/upsert: a new product goes to the top of the cached list, a saved one replaces its entry
 * (spec §4); the count refreshes.
 */
export function useUpsertProduct() {
  const scope = useToolsScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, typeAdditionalFees }: { product: ProductInput; typeAdditionalFees: AdditionalFeesType }) =>
      toolsApi.upsert(product, typeAdditionalFees),
    onSuccess: ({ product, isNew }) => {
      queryClient.setQueryData<ProductBody[]>([...scope, 'products'], (list = []) =>
        isNew ? [product, ...list] : list.map((p) => (p.id === product.id ? product : p)),
      );
      void queryClient.invalidateQueries({ queryKey: [...scope, 'count'] });
    },
  });
}

export function useDeleteProduct() {
  const scope = useToolsScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => toolsApi.remove(id),
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<ProductBody[]>([...scope, 'products'], (list = []) => list.filter((p) => p.id !== id));
      void queryClient.invalidateQueries({ queryKey: [...scope, 'count'] });
    },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Product Qualifier

export interface QualifierSendInput {
  score: number;
  answers: unknown;
  result: string;
  email: string;
  keywords: string;
}

export const qualifierApi = {
  save(score: number, answers: unknown): Promise<unknown> {
    return api('/api/product-qualifier/save', { method: 'POST', body: { score, answers } });
  },
  send(input: QualifierSendInput): Promise<unknown> {
    return api('/api/product-qualifier/send', { method: 'POST', body: input });
  },
  history(before: number | null, signal?: AbortSignal): Promise<QualifierHistoryResponse> {
    const query = before === null ? '' : `?before=${before}`;
    return api<ApiAnswer<'/api/product-qualifier/history', 'get'>>(`/api/product-qualifier/history${query}`, {
      signal,
    });
  },
};

/** Her past ratings, newest first, a page at a time (GET /api/product-qualifier/history). */
export function useQualifierHistory() {
  const scope = useToolsScope();
  return useInfiniteQuery({
    queryKey: [...scope, 'qualifier-history'],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => qualifierApi.history(pageParam, signal),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** Saves a rating (the page does not wait for it: spec §4) and then shows it in her past ratings. */
export function useSaveQualifierRating() {
  const scope = useToolsScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ score, answers }: { score: number; answers: unknown }) => qualifierApi.save(score, answers),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...scope, 'qualifier-history'] }),
  });
}

export const useSendQualifierResult = () => useMutation({ mutationFn: qualifierApi.send });
