import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type UsersPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The root of the users list's query: Make Admin and Remove User invalidate it. */
export const usersQueryKey = ['users'] as const;

/** What ALL USERS asks for (issue 43): words, and where the page starts (none: the first). */
export type UsersSearch = { q: string; after: string | undefined };

/** GET /api/users/search (bearer, admins only): a page of the accounts, oldest first. */
function searchUsers(search: UsersSearch, signal?: AbortSignal): Promise<UsersPage> {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q.trim());
  if (search.after) params.set('after', search.after);
  const query = params.toString();
  return api.get<UsersPage>(`${apiPaths.usersSearch}${query ? `?${query}` : ''}`, signal);
}

/**
 * ALL USERS a page at a time: under the users list's key (Make Admin and Remove User ask for it
 * again); the page shown stays while the next one loads.
 */
export function useUsersPage(search: UsersSearch) {
  return useQuery(
    queryOptions({
      queryKey: [...usersQueryKey, 'search', search],
      queryFn: ({ signal }) => searchUsers(search, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
