import type { ComponentType } from 'react';
import { texts } from '@tools-factory/contract';

/** SPEC.md section 9: a script part that has not arrived after 120 s counts as failed. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page's script part (chunk) could not be loaded: offline, a deploy replaced it, or it timed out. */
class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(texts.loadingChunkFailed, { cause });
    this.name = 'ChunkLoadError';
  }
}

// What browsers say when a dynamic import fails (Chromium, Firefox, Safari) and what Vite's
// preload helper says when a chunk's CSS fails: caught too in case an import escapes lazyPage.
const CHUNK_FAILURE_MESSAGES = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading chunk .* failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return CHUNK_FAILURE_MESSAGES.some((pattern) => pattern.test(error.message));
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A route's `lazy` for a page module whose default export is the page: the page becomes its own
 * chunk, and any failure to load it becomes a ChunkLoadError for the route's error boundary.
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      const module = await withTimeout(load(), timeoutMs);
      return { Component: module.default };
    } catch (error) {
      throw new ChunkLoadError(error);
    }
  };
}
