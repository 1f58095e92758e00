import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type AddProfileResponse, type SaveProfile } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { profilesQueryKey } from './get-profiles';

/**
 * POST /api/userinfo (bearer): the signed-in user's information, once (409 with the server's
 * message when it was added already). Name and e-mail are the account's.
 */
export function addProfile(profile: SaveProfile): Promise<AddProfileResponse> {
  return api.post<AddProfileResponse>(apiPaths.userInfo, profile);
}

export function useAddProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProfile,
    // Returned, so the mutation stays pending until the details show what was saved. After a
    // refusal too: a 409 means the information was added (in another tab), so show it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: profilesQueryKey }),
  });
}
