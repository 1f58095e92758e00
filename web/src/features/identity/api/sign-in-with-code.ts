import { loadIdentityClient } from './load-identity-client';

/**
 * E-mails a sign-in code to the address (the server answers the same whether or not an account
 * uses it): the way in once the password sign-in answers 429.
 */
export async function sendSignInCode(email: string): Promise<void> {
  const { authClient, identityCall } = await loadIdentityClient();
  await identityCall(() => authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' }));
}

/** Signs in with the e-mailed code (the identity service sets the session cookie). */
export async function signInWithCode(email: string, otp: string) {
  const { authClient, identityCall } = await loadIdentityClient();
  const { user } = await identityCall(() => authClient.signIn.emailOtp({ email, otp }));
  return { email: user.email, name: user.name };
}
