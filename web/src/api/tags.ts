/** /api/tag/*: the tag catalogue (tag management, the user form's tag picker), with its react-query hooks. */
import type { ManagedTag } from '@rainmakers/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { ApiAnswer } from './types';

/** A tag as the tag API shows it: id, name, and whether sign-up links may attach it. */
export type Tag = ManagedTag;

/** The sign-up link that attaches this tag: `<origin>/signup?signuptags=<id>` (only for tags allowed on sign-up). */
export const signupLink = (origin: string, tagId: number): string => `${origin}/signup?signuptags=${tagId}`;

/** The spec loads the tag list of the user page with 1000 items per page. */
export const TAGS_PER_PAGE = 1000;

export const tagsApi = {
  async list(signal?: AbortSignal): Promise<Tag[]> {
    const body = await api<ApiAnswer<'/api/tag/read-many', 'get'>>('/api/tag/read-many', {
      query: { itemsPerPage: TAGS_PER_PAGE },
      signal,
    });
    return body.tags;
  },
  save(input: { id?: number | null; name: string; signupAllowed?: boolean }): Promise<{ tag: Tag; isNew: boolean }> {
    return api<ApiAnswer<'/api/tag/upsert', 'post'>>('/api/tag/upsert', { method: 'POST', create: true, body: input });
  },
  remove(id: number): Promise<void> {
    return api<void>(`/api/tag/${id}`, { method: 'DELETE' });
  },
};

const TAGS_KEY = ['tags'] as const;

export function useTags(enabled = true) {
  return useQuery({ queryKey: TAGS_KEY, queryFn: ({ signal }) => tagsApi.list(signal), enabled, staleTime: 30_000 });
}

/** A tag change also renames or removes it in every person's Tags: the user lists are read again. */
function useTagChange<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TAGS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]);
    },
  });
}

export const useSaveTag = () => useTagChange(tagsApi.save);
export const useDeleteTag = () => useTagChange(tagsApi.remove);
