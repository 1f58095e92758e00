import { routes } from '@tools-factory/contract';
import { authClient, identityCall } from '../../../lib/auth-client';

/** E-mails a reset link; the link lands on /reset-password?token=... */
export async function requestPasswordReset(email: string): Promise<void> {
  await identityCall(() =>
    authClient.requestPasswordReset({ email, redirectTo: routes.resetPassword }),
  );
}
