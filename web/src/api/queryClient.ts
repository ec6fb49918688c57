import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';
import { type ReadFailure, readRetryDelay } from './retry';

function failureOf(error: unknown): ReadFailure {
  return error instanceof ApiError ? { status: error.status, retryAfter: error.retryAfter } : { status: 0 };
}

/**
 * Reads (retry.ts readRetryDelay): a busy answer (503/429 with Retry-After) is retried after the advised delay a
 * few times, network and other 5xx failures twice; other client errors (4xx) are answers, never retried.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => readRetryDelay(failureOf(error), failures) !== null,
      retryDelay: (failures, error) => readRetryDelay(failureOf(error), failures) ?? 0,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
