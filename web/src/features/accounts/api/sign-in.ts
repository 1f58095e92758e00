import type { LoginForm } from '@tools-factory/contract';
import { authClient, identityCall } from '../../../lib/auth-client';

/** Signs in with e-mail and password (the identity service sets the session cookie). */
export async function signInWithEmail({ email, password }: LoginForm) {
  const { user } = await identityCall(() => authClient.signIn.email({ email, password }));
  return { email: user.email, name: user.name };
}
