import { texts, type SignupForm } from '@tools-factory/contract';
import { ApiError } from '../../../lib/api-client';
import { verificationCallbackURL } from '../email-verification';
import { loadIdentityClient } from './load-identity-client';

/**
 * The sign-up sequence of SPEC.md section 4: create the account (which signs it in), send the
 * e-mail verification (its link comes back to '/', which says the address is verified), then set the display name on the current
 * user ('No user is logged in' when there is none).
 */
export async function signUpWithEmail({ name, email, password }: SignupForm) {
  const { authClient, identityCall } = await loadIdentityClient();
  await identityCall(() => authClient.signUp.email({ name, email, password }));
  await identityCall(() =>
    authClient.sendVerificationEmail({ email, callbackURL: verificationCallbackURL }),
  );
  const current = await identityCall(() => authClient.getSession());
  if (!current?.user) throw new ApiError(texts.signup.noUserLoggedIn, 401);
  await identityCall(() => authClient.updateUser({ name }));
  return { email: current.user.email, name };
}
