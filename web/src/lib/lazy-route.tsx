import { lazy, useState, type ComponentType } from 'react';
import { shellTexts } from '@tools-factory/contract';

/** SPEC.md section 9: a script part that has not arrived after 120 s counts as failed. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page's script part (chunk) could not be loaded: offline, a deploy replaced it, or it timed out. */
class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(shellTexts.loadingChunkFailed, { cause });
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

/** A page loaded when first shown; `preload` loads it ahead (before hydrating the server's HTML). */
export type LazyPage = ComponentType & { preload(): Promise<void> };

/**
 * A page module whose default export is the page, as a lazy component (React.lazy): the page
 * becomes its own chunk, and any failure to load it becomes a ChunkLoadError for the error
 * boundary around the pages (RouteErrorBoundary, in layouts/page-outlet.tsx).
 *
 * Once loaded (by `preload` or a first render), a page mounted later renders the module at once
 * instead of suspending: main.tsx preloads the page the server rendered before hydrating, so that
 * hydration never meets a suspended page. (A page still suspended when the session arrives and
 * the shell re-renders would be dropped for its fallback, the server's HTML and all: a jump.)
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    loading ??= withTimeout(load(), timeoutMs).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw new ChunkLoadError(error);
      },
    );
    return loading;
  };
  const Lazy = lazy(start);
  function Page() {
    // Chosen once per mount: switching from the lazy wrapper to the module itself would remount.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  Page.preload = () => start().then(() => undefined);
  return Page;
}
