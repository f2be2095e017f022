import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** Spec §9: retryable statuses 429, 500, 502, 503 and 504; retry cap 3; backoff capped at 5 min. */
const RETRYABLE_STATUSES = [429, 500, 502, 503, 504];
const RETRY_CAP = 3;
const MAX_BACKOFF_MS = 5 * 60_000;

function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.isNetworkError || RETRYABLE_STATUSES.includes(error.status));
}

/** The one cache of server state in the browser (TanStack Query). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => failures < RETRY_CAP && isRetryable(error),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_BACKOFF_MS),
      refetchOnWindowFocus: false,
    },
  },
});
