import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** SPEC.md section 9: data is kept 5 minutes, failures are retried 3 times. */
export const CACHE_TIME_MS = 5 * 60 * 1000;
const MAX_RETRIES = 3;
const FIRST_RETRY_DELAY_MS = 1000;
const MAX_RETRY_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s, ... never more than 30 s: the back-off SPEC.md section 9 names. */
export function retryDelay(failureCount: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

/**
 * Retries what may pass on a second try (no answer, 5xx, 408, 429). A 4xx other than those is the
 * server's final word (unknown tool, not signed in): asking three more times would only keep the
 * spinner up for seven seconds before the same message.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

/**
 * TanStack Query's own defaults happen to be the spec's; they are written out here so that a
 * library upgrade cannot change the product's behaviour silently.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_TIME_MS,
        retry: shouldRetry,
        retryDelay,
      },
    },
  });
}
