import { afterEach, beforeEach, vi } from 'vitest';

/** Each test of the calling block runs signed in (token-0 stored) and leaves nothing behind. */
export function signedInForEachTest() {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}
