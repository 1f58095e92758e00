import { useSyncExternalStore } from 'react';
import { ACCESS_TOKEN_KEY, readAccessToken } from './access-token-storage';

export { ACCESS_TOKEN_KEY, readAccessToken };

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
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

const noToken = () => null;

/**
 * The stored access token, re-rendering when it is stored or removed (here or in another tab).
 * Not read (null, as on the server and while hydrating) when `wanted` is false: a part that does
 * not need it yet is then not rendered again once hydrated because storage holds one.
 */
export function useAccessToken(wanted = true): string | null {
  return useSyncExternalStore(subscribe, wanted ? readAccessToken : noToken, noToken);
}
