/**
 * The app's toasts without the toast library on the first page: react-toastify (its script and
 * the styles it injects) is imported on the first toast, and the app's container
 * (app/provider.tsx) mounts once it has arrived. The library keeps a toast asked for before any
 * container is mounted and shows it as soon as one is.
 */

import type * as ReactToastify from 'react-toastify';

type ToastLibrary = typeof ReactToastify;
type ToastKind = 'success' | 'error' | 'info';

interface ToastOptions {
  /** Toasts with the same id show once at a time (a repeated click, a re-run effect). */
  toastId?: string;
}

let library: ToastLibrary | null = null;
let loading: Promise<ToastLibrary> | null = null;
const listeners = new Set<() => void>();

function loadLibrary(): Promise<ToastLibrary> {
  loading ??= import('react-toastify').then(
    (loaded) => {
      library = loaded;
      listeners.forEach((listener) => listener());
      return loaded;
    },
    (error: unknown) => {
      // Offline, or a deploy replaced the chunk: the next toast tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

function show(kind: ToastKind, message: string, options?: ToastOptions): void {
  loadLibrary().then(
    (loaded) => {
      loaded.toast[kind](message, options);
    },
    (error: unknown) => {
      // Nowhere to show it: at least the console says what the person missed.
      console.error(message, error);
    },
  );
}

/** Shows a toast: `toast.success(text)`, `toast.error(text)`, `toast.info(text)`. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};

/** For useSyncExternalStore: the container renders once the library has been loaded. */
export function subscribeToToastLibrary(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The loaded library, or null while no toast has been asked for. */
export function getToastLibrary(): ToastLibrary | null {
  return library;
}

/** Always null on the server: no toast is ever rendered into the HTML. */
export function getServerToastLibrary(): null {
  return null;
}
