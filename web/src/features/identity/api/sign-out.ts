import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/sign-out: ends the identity session (the server clears its cookie). A plain
 * call rather than the identity client's signOut(), which would bring that client (12 kB) into
 * every page for the sake of one request.
 */
export async function signOutOfIdentity(): Promise<void> {
  await api.post('/auth/sign-out', {}, { bearer: false });
}
