/**
 * /api/move-the-needle/*: every board call of spec part 1 §7, with react-query hooks and the live stream. Only types
 * come from @rainmakers/contracts (values would pull zod into the download).
 *
 * Keys start with ['board', viewerId, role, boardUserId]: what a person may do on a board depends on who they are and
 * the role they act in, so a role switch or a sign-in-as never shows another person's cache.
 */
import type {
  BoardActivity,
  BoardAttachment,
  BoardCard,
  BoardLabel,
  BoardList,
  BoardSummary,
  CardActivityEntry,
  CheckList,
  CheckListItem,
  LabelColor,
  ListReadManyResponse,
  PersonRef,
} from '@rainmakers/contracts';
import { type QueryClient, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '../session/context';
import { api } from './client';
import type { ApiAnswer } from './types';

export type {
  BoardActivity,
  BoardAttachment,
  BoardCard,
  BoardLabel,
  BoardList,
  BoardSummary,
  CardActivityEntry,
  CheckList,
  CheckListItem,
  LabelColor,
  PersonRef,
};

const BASE = '/api/move-the-needle';

/** Spec part 1 §7: the coach picker asks for 50 coaches. */
export const MENTION_PICKER_PAGE_SIZE = 50;

export interface CardInput {
  id?: number;
  title: string;
  description?: string;
  ListId: number;
  position?: number;
  coverPhotoUrl?: string | null;
  /** ISO 8601 with an offset; null clears; absent keeps. */
  dueAt?: string | null;
}

export interface CardMoveInput {
  cardId: number;
  sourceListId: number;
  destListId: number;
  positionOnSourceList: number;
  positionOnDestList: number;
}

export const boardApi = {
  lists(userId: number, signal?: AbortSignal): Promise<ListReadManyResponse> {
    return api(`${BASE}/list/read-many`, { query: { userId }, signal });
  },
  upsertList(input: { id?: number; name: string; position?: number; userId: number }) {
    return api<ApiAnswer<'/api/move-the-needle/list/upsert', 'post'>>(`${BASE}/list/upsert`, {
      method: 'POST',
      create: true,
      body: input,
    });
  },
  deleteList(id: number): Promise<void> {
    return api(`${BASE}/list/${id}`, { method: 'DELETE' });
  },
  reorderCards(input: { ListId: number; startPosition: number; endPosition: number }) {
    return api<ApiAnswer<'/api/move-the-needle/card/reorder', 'post'>>(`${BASE}/card/reorder`, {
      method: 'POST',
      body: input,
    });
  },
  moveCard(input: CardMoveInput) {
    return api<ApiAnswer<'/api/move-the-needle/card/move', 'post'>>(`${BASE}/card/move`, {
      method: 'POST',
      body: input,
    });
  },
  upsertCard(input: CardInput) {
    return api<ApiAnswer<'/api/move-the-needle/card/upsert', 'post'>>(`${BASE}/card/upsert`, {
      method: 'POST',
      create: true,
      body: input,
    });
  },
  /** Marks a card waiting in FOR REVIEW reviewed (coaches, admins); `comment` is posted as the reviewer's. */
  reviewCard(input: { cardId: number; comment?: string }) {
    return api<ApiAnswer<'/api/move-the-needle/card/review', 'post'>>(`${BASE}/card/review`, {
      method: 'POST',
      create: true,
      body: input,
    });
  },
  async cardActivity(cardId: number, signal?: AbortSignal): Promise<CardActivityEntry[]> {
    return (
      await api<ApiAnswer<'/api/move-the-needle/card/{id}/activity', 'get'>>(`${BASE}/card/${cardId}/activity`, {
        signal,
      })
    ).activity;
  },
  deleteCard(id: number): Promise<void> {
    return api(`${BASE}/card/${id}`, { method: 'DELETE' });
  },
  reset(userId: number): Promise<void> {
    return api(`${BASE}/reset`, { method: 'PUT', body: { id: userId } });
  },
  async labels(userId: number, signal?: AbortSignal): Promise<BoardLabel[]> {
    return (
      await api<ApiAnswer<'/api/move-the-needle/label/read-many', 'get'>>(`${BASE}/label/read-many`, {
        query: { userId },
        signal,
      })
    ).labels;
  },
  upsertLabel(input: { id?: number; name: string; color: LabelColor; userId: number }) {
    return api<ApiAnswer<'/api/move-the-needle/label/upsert', 'post'>>(`${BASE}/label/upsert`, {
      method: 'POST',
      create: true,
      body: input,
    });
  },
  setCardLabel(input: { LabelId: number; CardId: number; on: boolean }): Promise<void> {
    const body = { LabelId: input.LabelId, CardId: input.CardId };
    return api(`${BASE}/label/${input.on ? 'add' : 'remove'}`, { method: 'POST', body });
  },
  addAttachment(input: { fileUrl: string; fileName: string; CardId: number }) {
    return api<ApiAnswer<'/api/move-the-needle/attachment/upsert', 'post'>>(`${BASE}/attachment/upsert`, {
      method: 'POST',
      create: true,
      body: input,
    });
  },
  deleteAttachment(id: number): Promise<void> {
    return api(`${BASE}/attachment/${id}`, { method: 'DELETE' });
  },
  addComment(input: { comment: string; CardId: number; mentionedUsers: number[] }) {
    return api<ApiAnswer<'/api/move-the-needle/activity/upsert', 'post'>>(`${BASE}/activity/upsert`, {
      method: 'POST',
      create: true,
      body: input,
    });
  },
  /** One's own comment, new text (the same call with the comment's id). */
  updateComment(input: { id: number; comment: string; CardId: number; mentionedUsers: number[] }) {
    return api<ApiAnswer<'/api/move-the-needle/activity/upsert', 'post'>>(`${BASE}/activity/upsert`, {
      method: 'POST',
      body: input,
    });
  },
  /** One's own comment (admins: any). */
  deleteComment(id: number): Promise<void> {
    return api(`${BASE}/activity/${id}`, { method: 'DELETE' });
  },
  upsertChecklist(input: { id?: number; title: string; CardId: number }) {
    return api<ApiAnswer<'/api/move-the-needle/checkList/upsert', 'post'>>(`${BASE}/checkList/upsert`, {
      method: 'POST',
      create: true,
      body: input,
    });
  },
  deleteChecklist(id: number): Promise<void> {
    return api(`${BASE}/checkList`, { method: 'DELETE', body: { id } });
  },
  upsertChecklistItem(input: { id?: number; title: string; completed: boolean; CheckListId: number }) {
    return api<ApiAnswer<'/api/move-the-needle/checkListItem/upsert', 'post'>>(`${BASE}/checkListItem/upsert`, {
      method: 'POST',
      create: true,
      body: input,
    });
  },
  deleteChecklistItem(id: number): Promise<void> {
    return api(`${BASE}/checkListItem`, { method: 'DELETE', body: { id } });
  },
  /**
   * The mention picker's coaches (spec part 1: `GET /api/user/read-many`, usersPerPage 50, role filter coach): members
   * get the coaches' id, name and e-mail only.
   */
  async coaches(signal?: AbortSignal): Promise<PersonRef[]> {
    const body = await api<ApiAnswer<'/api/user/read-many', 'get'>>('/api/user/read-many', {
      query: { page: 1, usersPerPage: MENTION_PICKER_PAGE_SIZE, 'filters[role]': 'coach' },
      signal,
    });
    return body.users.map((u) => ({
      id: u.id,
      fullName: u.fullName,
      email: 'email' in u ? u.email : '',
      photoUrl: 'photoUrl' in u ? u.photoUrl : null,
    }));
  },
};

// ---------------------------------------------------------------------------------------------------------
// Keys and queries

export function useBoardScope(boardUserId: number): readonly ['board', number, string, number] {
  const user = useCurrentUser();
  return ['board', user.id, user.role, boardUserId] as const;
}

export const boardKey = (scope: readonly unknown[]): QueryKey => [...scope, 'lists'];
export const labelsKey = (scope: readonly unknown[]): QueryKey => [...scope, 'labels'];

/** The board: lists with their cards, and the summary (title, progress, abilities). */
export function useBoard(boardUserId: number) {
  const scope = useBoardScope(boardUserId);
  return useQuery({
    queryKey: boardKey(scope),
    queryFn: ({ signal }) => boardApi.lists(boardUserId, signal),
  });
}

export function useBoardLabels(boardUserId: number, enabled = true) {
  const scope = useBoardScope(boardUserId);
  return useQuery({
    queryKey: labelsKey(scope),
    queryFn: ({ signal }) => boardApi.labels(boardUserId, signal),
    enabled,
  });
}

/** A card's history, newest first: under the board's keys, so every change to the board refreshes it. */
export function useCardActivity(boardUserId: number, cardId: number) {
  const scope = useBoardScope(boardUserId);
  return useQuery({
    queryKey: [...scope, 'activity', cardId],
    queryFn: ({ signal }) => boardApi.cardActivity(cardId, signal),
  });
}

/** The mention picker: every coach (full name and e-mail). */
export function useCoaches(enabled: boolean) {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['board', user.id, user.role, 'coaches'],
    queryFn: ({ signal }) => boardApi.coaches(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Rewrites the cached board (optimistic changes and server answers). */
export function setBoardLists(
  queryClient: QueryClient,
  scope: readonly unknown[],
  update: (lists: BoardList[]) => BoardList[],
): void {
  queryClient.setQueryData<ListReadManyResponse>(boardKey(scope), (old) =>
    old ? { ...old, lists: update(old.lists) } : old,
  );
}

/** Refreshes everything about the board (lists, summary, labels). */
export function refreshBoard(queryClient: QueryClient, scope: readonly unknown[]): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: scope });
}

/** Every board mutation refreshes the board afterwards (its own change, and what others did meanwhile). */
export function useBoardMutation<TInput, TResult>(
  boardUserId: number,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const scope = useBoardScope(boardUserId);
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refreshBoard(queryClient, scope) });
}

// ---------------------------------------------------------------------------------------------------------
// Live

/** After a notice, wait this long for more before refetching (a move announces two changes at once). */
const LIVE_REFRESH_DELAY_MS = 150;

/** While a card is being dragged, live refetches wait (a board replaced under a drag would drop it in the wrong place). */
let dragInProgress = false;
export function setBoardDragInProgress(value: boolean): void {
  dragInProgress = value;
}

/**
 * Subscribes to the board's server-sent events while mounted: every "board changed" notice (another tab, a reviewing
 * coach, an admin) refetches the board through the ordinary calls. The stream closes on unmount.
 */
export function useBoardLive(boardUserId: number, enabled: boolean): void {
  const scope = useBoardScope(boardUserId);
  const queryClient = useQueryClient();
  const [, viewerId, role] = scope;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const liveScope = ['board', viewerId, role, boardUserId];
    const source = new EventSource(`${BASE}/events?userId=${encodeURIComponent(boardUserId)}`, {
      withCredentials: true,
    });
    let timer: ReturnType<typeof setTimeout> | null = null;
    let opened = false;
    const refresh = () => {
      if (timer) return;
      const fire = () => {
        if (dragInProgress) {
          timer = setTimeout(fire, LIVE_REFRESH_DELAY_MS);
          return;
        }
        timer = null;
        void refreshBoard(queryClient, liveScope);
      };
      timer = setTimeout(fire, LIVE_REFRESH_DELAY_MS);
    };
    source.addEventListener('board-changed', refresh);
    // The server caps a person's streams: a newer tab's stream closed this one. Stay closed instead of
    // reconnecting and pushing the newer one out in turn; this tab reads the board again when it is next opened.
    source.addEventListener('superseded', () => source.close());
    // After a reconnection, changes made while the stream was down are read once.
    source.addEventListener('ready', () => {
      if (opened) refresh();
      opened = true;
    });
    return () => {
      if (timer) clearTimeout(timer);
      source.close();
    };
  }, [enabled, boardUserId, viewerId, role, queryClient]);
}
