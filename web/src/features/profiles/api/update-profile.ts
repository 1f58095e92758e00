import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type SaveProfile, type UpdateProfileResponse } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { profilesQueryKey } from './get-profiles';

interface UpdateProfileVariables {
  /** The signed-in user's own e-mail: the server refuses anyone else's. */
  email: string;
  profile: SaveProfile;
}

/** PATCH /api/userinfo/{email} (bearer): replaces the four fields (404 before any add). */
export function updateProfile({
  email,
  profile,
}: UpdateProfileVariables): Promise<UpdateProfileResponse> {
  return api.patch<UpdateProfileResponse>(apiPaths.updateUserInfo(email), profile);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // Returned, so the mutation stays pending until the details show the new values.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profilesQueryKey }),
  });
}
