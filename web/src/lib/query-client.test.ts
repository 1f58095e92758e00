import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { CACHE_TIME_MS, createQueryClient, retryDelay, shouldRetry } from './query-client';

describe('query client defaults', () => {
  it('keeps data for 5 minutes', () => {
    expect(CACHE_TIME_MS).toBe(300_000);
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(300_000);
  });

  it('retries 3 times', () => {
    const failure = new ApiError('down', 503);
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, failure))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it("does not ask again when the server's answer is final (404), but does after a timeout (408)", () => {
    expect(shouldRetry(0, new ApiError('not found', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('timeout', 408))).toBe(true);
    expect(shouldRetry(0, new ApiError('no answer', 0))).toBe(true);
  });
});
