import { texts } from '@tools-factory/contract';
import { emailOTPClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { ApiError } from './api-client';

/** Where the server mounts the identity service (Better Auth). */
const AUTH_BASE_PATH = '/api/auth';

/**
 * The identity service's client. It weighs about as much as the rest of the home page, so only
 * the account pages import it; everything else reaches the session through plain API calls
 * (see features/identity/api/get-session.ts), and sign-out loads it on demand.
 */
export const authClient = createAuthClient({
  basePath: AUTH_BASE_PATH,
  // The e-mailed sign-in code, offered on the login page past the sign-in limit.
  plugins: [emailOTPClient()],
});

interface IdentityResult<T> {
  data: T | null;
  error: { message?: string | undefined; status: number } | null;
}

/**
 * The identity client answers `{ data, error }` instead of throwing; this turns an error into
 * an ApiError carrying the server's message (already in words a person understands).
 */
export async function identityCall<T>(call: () => Promise<IdentityResult<T>>): Promise<T> {
  let result: IdentityResult<T>;
  try {
    result = await call();
  } catch {
    throw new ApiError(texts.somethingWentWrong, 0);
  }
  if (result.error) {
    throw new ApiError(result.error.message || texts.somethingWentWrong, result.error.status);
  }
  return result.data as T;
}
