import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ModifiedCountSchema } from '@tools-factory/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

type ModifiedCount = z.infer<typeof ModifiedCountSchema>;

/**
 * DELETE /api/user/admin/{email} (bearer, admins only): the admin becomes a customer again;
 * `modifiedCount` 0 when no admin. 409 on one's own account, 403 on an ADMIN_EMAILS owner.
 */
export function removeAdmin(email: string): Promise<ModifiedCount> {
  return api.delete<ModifiedCount>(apiPaths.removeAdmin(email));
}

/** Remove Admin; the list is asked for again whatever the answer (it may have changed meanwhile). */
export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
