/**
 * GET /api/move-the-needle/review-queue: the cards members put in FOR REVIEW on the boards the coach (or admin) may
 * review, oldest waiting first, paged. Types only (no zod in the download).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../session/context';
import { api } from './client';
import type { ApiAnswer } from './types';

export const REVIEW_CARDS_PER_PAGE = 20;

export interface ReviewQueueCard {
  id: number;
  title: string;
  boardId: number;
  /** The member whose board the card is on (the board's address is /move-the-needle/{ownerId}). */
  ownerId: number;
  memberName: string;
  listId: number;
  listName: string;
  enteredListAt: string;
  latestComment: { id: number; text: string; authorName: string; createdAt: string } | null;
}

export interface ReviewQueuePage {
  cards: ReviewQueueCard[];
  total: number;
}

export const reviewQueueApi = {
  page(page: number, signal?: AbortSignal): Promise<ReviewQueuePage> {
    return api<ApiAnswer<'/api/move-the-needle/review-queue', 'get'>>('/api/move-the-needle/review-queue', {
      query: { page, cardsPerPage: REVIEW_CARDS_PER_PAGE },
      signal,
    });
  },
};

/** One page of the queue; the previous page stays on screen while the next loads. */
export function useReviewQueue(page: number) {
  const user = useCurrentUser();
  return useQuery({
    queryKey: ['review-queue', user.id, user.role, page],
    queryFn: ({ signal }) => reviewQueueApi.page(page, signal),
    placeholderData: keepPreviousData,
  });
}
