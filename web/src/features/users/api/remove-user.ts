import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type DeletedCountSchema } from '@tools-factory/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

type DeletedCount = z.infer<typeof DeletedCountSchema>;

/**
 * DELETE /api/user/{email} (bearer, admins only): the account, its sessions and access tokens
 * go; its orders stay. 409 on one's own account, 404 when it is gone already.
 */
export function removeUser(email: string): Promise<DeletedCount> {
  return api.delete<DeletedCount>(apiPaths.removeUser(email));
}

/** Remove User; the list is asked for again whatever the answer (it may have changed meanwhile). */
export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
