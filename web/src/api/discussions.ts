/**
 * A lesson's discussion: GET/POST /api/lesson/{id}/comments, PATCH/DELETE of one's own comment, and the coaches' and
 * admins' answer and hide. Pages of threads (newest first) are one infinite query per lesson; every change reads the
 * loaded pages again, so the answer's place, hidden comments and the count always come from the server. Only types
 * come from @rainmakers/contracts.
 */
import type { LessonComment, LessonCommentResponse, LessonCommentsResponse, LessonReply } from '@rainmakers/contracts';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { type CoursePage, useScope } from './courses';

export type { LessonComment, LessonCommentsResponse, LessonReply };

/** Threads per page in the lesson panel. */
export const DISCUSSION_PAGE_SIZE = 20;

const commentsPath = (lessonId: number) => `/api/lesson/${lessonId}/comments`;

export const discussionApi = {
  page: (lessonId: number, before: number | undefined, signal?: AbortSignal) =>
    api<LessonCommentsResponse>(commentsPath(lessonId), {
      query: { limit: DISCUSSION_PAGE_SIZE, ...(before ? { before } : {}) },
      signal,
    }),
  post: (lessonId: number, body: string, parentId: number | null) =>
    api<LessonCommentResponse>(commentsPath(lessonId), {
      method: 'POST',
      create: true,
      body: { body, ...(parentId ? { parentId } : {}) },
    }),
  edit: (lessonId: number, commentId: number, body: string) =>
    api<LessonCommentResponse>(`${commentsPath(lessonId)}/${commentId}`, { method: 'PATCH', body: { body } }),
  remove: (lessonId: number, commentId: number) =>
    api<void>(`${commentsPath(lessonId)}/${commentId}`, { method: 'DELETE' }),
  answer: (lessonId: number, commentId: number, answer: boolean) =>
    api<LessonCommentResponse>(`${commentsPath(lessonId)}/${commentId}/answer`, { method: 'POST', body: { answer } }),
  hide: (lessonId: number, commentId: number, hidden: boolean) =>
    api<LessonCommentResponse>(`${commentsPath(lessonId)}/${commentId}/hide`, { method: 'POST', body: { hidden } }),
};

function useDiscussionKey(lessonId: number) {
  const scope = useScope();
  return [...scope, 'discussion', lessonId] as const;
}

/** The lesson's threads, a page at a time ("Show older questions" asks for the next). */
export function useLessonDiscussion(lessonId: number) {
  const queryKey = useDiscussionKey(lessonId);
  return useInfiniteQuery<
    LessonCommentsResponse,
    Error,
    InfiniteData<LessonCommentsResponse, number | undefined>,
    typeof queryKey,
    number | undefined
  >({
    queryKey,
    queryFn: ({ signal, pageParam }) => discussionApi.page(lessonId, pageParam, signal),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

export type DiscussionChange =
  | { kind: 'post'; body: string; parentId: number | null }
  | { kind: 'edit'; commentId: number; body: string }
  | { kind: 'delete'; commentId: number }
  | { kind: 'answer'; commentId: number; answer: boolean }
  | { kind: 'hide'; commentId: number; hidden: boolean };

function send(lessonId: number, change: DiscussionChange): Promise<unknown> {
  switch (change.kind) {
    case 'post':
      return discussionApi.post(lessonId, change.body, change.parentId);
    case 'edit':
      return discussionApi.edit(lessonId, change.commentId, change.body);
    case 'delete':
      return discussionApi.remove(lessonId, change.commentId);
    case 'answer':
      return discussionApi.answer(lessonId, change.commentId, change.answer);
    case 'hide':
      return discussionApi.hide(lessonId, change.commentId, change.hidden);
  }
}

/**
 * Every change to the discussion; on success the loaded pages are read again, and the course outline's count beside
 * the lesson takes the discussion's new count (no second read of the whole outline).
 */
export function useDiscussionChange(lessonId: number) {
  const queryClient = useQueryClient();
  const scope = useScope();
  const queryKey = useDiscussionKey(lessonId);
  return useMutation({
    mutationFn: (change: DiscussionChange) => send(lessonId, change),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey });
      const count = queryClient.getQueryData<InfiniteData<LessonCommentsResponse>>(queryKey)?.pages[0]?.count;
      if (count === undefined) return;
      queryClient.setQueriesData<CoursePage>({ queryKey: [...scope, 'page'] }, (page) =>
        page ? withCommentCount(page, lessonId, count) : page,
      );
    },
  });
}

/** The course page with one lesson's discussion count replaced (absent at 0, as the service sends it). */
function withCommentCount(page: CoursePage, lessonId: number, count: number): CoursePage {
  return {
    ...page,
    Modules: page.Modules.map((m) =>
      m.Lessons.some((l) => l.id === lessonId)
        ? {
            ...m,
            Lessons: m.Lessons.map((l) => {
              if (l.id !== lessonId) return l;
              const { commentCount: _old, ...rest } = l;
              return count > 0 ? { ...rest, commentCount: count } : rest;
            }),
          }
        : m,
    ),
  };
}
