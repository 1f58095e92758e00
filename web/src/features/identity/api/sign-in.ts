import type { LoginForm } from '@tools-factory/contract';
import { loadIdentityClient } from './load-identity-client';

/** Signs in with e-mail and password (the identity service sets the session cookie). */
export async function signInWithEmail({ email, password }: LoginForm) {
  const { authClient, identityCall } = await loadIdentityClient();
  const { user } = await identityCall(() => authClient.signIn.email({ email, password }));
  return { email: user.email, name: user.name };
}
