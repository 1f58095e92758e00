import { loadIdentityClient } from './load-identity-client';

/**
 * The server's provider id for Google (generic OAuth, docs/architecture.md#identity-and-sessions).
 */
const GOOGLE_PROVIDER_ID = 'google';

interface GoogleSignInOptions {
  /** Where Google's round trip ends when it succeeds: a page of this app. */
  callbackURL: string;
  /** Where it ends when it fails; the identity service adds `?error=<code>`. */
  errorCallbackURL: string;
}

/**
 * Starts the redirect to Google. On success the identity client leaves the page for Google's;
 * a server without Google credentials answers an error instead (thrown as an ApiError).
 */
export async function signInWithGoogle({ callbackURL, errorCallbackURL }: GoogleSignInOptions) {
  const { authClient, identityCall } = await loadIdentityClient();
  await identityCall(() =>
    authClient.signIn.social({ provider: GOOGLE_PROVIDER_ID, callbackURL, errorCallbackURL }),
  );
}
