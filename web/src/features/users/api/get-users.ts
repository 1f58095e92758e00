import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type User } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The root of the users list's query: Make Admin and Remove User invalidate it. */
export const usersQueryKey = ['users'] as const;

/** GET /api/user (bearer, admins only): every account, oldest first. */
function getUsers(signal?: AbortSignal): Promise<User[]> {
  return api.get<User[]>(apiPaths.users, signal);
}

const usersQueryOptions = () =>
  queryOptions({
    queryKey: usersQueryKey,
    queryFn: ({ signal }) => getUsers(signal),
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
