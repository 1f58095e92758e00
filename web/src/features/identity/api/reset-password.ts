import { authClient, identityCall } from '../../../lib/auth-client';

/** Sets a new password with the e-mailed link's token (the old password stops working). */
export async function resetPassword({
  token,
  newPassword,
}: {
  token: string;
  newPassword: string;
}) {
  await identityCall(() => authClient.resetPassword({ token, newPassword }));
}
