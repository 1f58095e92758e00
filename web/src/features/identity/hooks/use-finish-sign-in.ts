import { useQueryClient } from '@tanstack/react-query';
import { texts } from '@tools-factory/contract';
import { useCallback } from 'react';
import { ApiError } from '../../../lib/api-client';
import { sessionQueryOptions } from '../api/get-session';
import { obtainAccessToken } from '../api/upsert-user';

/**
 * After the identity service has signed the user in: PUT /user, keep the token, and read the
 * new session, so that every component (top bar, protected routes, the page's own redirect)
 * sees the user signed in.
 */
export function useFinishSignIn(): (user: { email: string; name: string }) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (user) => {
      await obtainAccessToken(user);
      const session = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
      // The identity service said yes but no session came with it (cookies blocked?).
      if (!session) throw new ApiError(texts.signup.noUserLoggedIn, 401);
    },
    [queryClient],
  );
}
