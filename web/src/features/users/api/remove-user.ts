import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type DeletedCountSchema } from '@tools-factory/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

type DeletedCount = z.infer<typeof DeletedCountSchema>;

/**
 * Whose account goes, and, when it is the only admin of a company with other members (issue 44),
 * the account id of the member who takes over as its admin.
 */
export interface UserRemoval {
  email: string;
  successor?: string | undefined;
}

/**
 * DELETE /api/user/{email} (bearer, admins only): the account, its sessions and access tokens
 * go; its orders stay. 409 on one's own account, 404 when it is gone already; 409 too for a
 * company's only admin without `successor`, 400 for a successor who is no member of it.
 */
export function removeUser({ email, successor }: UserRemoval): Promise<DeletedCount> {
  const query = successor ? `?${new URLSearchParams({ successor }).toString()}` : '';
  return api.delete<DeletedCount>(`${apiPaths.removeUser(email)}${query}`);
}

/** Remove User; the list is asked for again whatever the answer (it may have changed meanwhile). */
export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
