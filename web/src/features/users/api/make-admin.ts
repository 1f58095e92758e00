import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ModifiedCountSchema } from '@tools-factory/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

type ModifiedCount = z.infer<typeof ModifiedCountSchema>;

/** PUT /api/user/admin/{email} (bearer, admins only): `modifiedCount` 0 when an admin already. */
export function makeAdmin(email: string): Promise<ModifiedCount> {
  return api.put<ModifiedCount>(apiPaths.makeAdmin(email));
}

/**
 * Make Admin. The list is asked for again whatever the answer (SPEC.md section 4: the list
 * refreshes), so a failure also shows the roles as they are now.
 */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
