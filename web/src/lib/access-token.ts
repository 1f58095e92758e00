import { useSyncExternalStore } from 'react';

/** Where the access token lives (SPEC.md section 3: local storage, key accessToken). */
export const ACCESS_TOKEN_KEY = 'accessToken';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function readAccessToken(): string | null {
  try {
    return window.localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    // Storage can be disabled (privacy modes); calls then go out unauthenticated.
    return null;
  }
}

export function storeAccessToken(token: string): void {
  try {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, token);
  } catch {
    // Without storage the token cannot be kept; the next bearer call renews it (401 handler).
  }
  notify();
}

export function clearAccessToken(): void {
  try {
    window.localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Nothing was stored.
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes the same storage.
  const onStorage = (event: StorageEvent) => {
    if (event.key === ACCESS_TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored access token, re-rendering when it is stored or removed (here or in another tab). */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribe, readAccessToken, () => null);
}
