import { routes } from '@tools-factory/contract';
import { loadIdentityClient } from './load-identity-client';

/** E-mails a reset link; the link lands on /reset-password?token=... */
export async function requestPasswordReset(email: string): Promise<void> {
  const { authClient, identityCall } = await loadIdentityClient();
  await identityCall(() =>
    authClient.requestPasswordReset({ email, redirectTo: routes.resetPassword }),
  );
}
