/** Where the access token lives (SPEC.md section 3: local storage, key accessToken). */
export const ACCESS_TOKEN_KEY = 'accessToken';

/**
 * The stored access token, or null. Its own module, importing nothing: the entry reads it
 * (main.tsx) to start the app at once for someone signed in, before any of the app has loaded.
 */
export function readAccessToken(): string | null {
  try {
    return window.localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    // Storage can be disabled (privacy modes); calls then go out unauthenticated.
    return null;
  }
}
