import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedCompaniesPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The root of the Companies page's queries: the list, a company, a company's checkouts. */
export const managedCompaniesQueryKey = ['manageCompanies'] as const;

/** What the Companies page asks for: words, and where the page starts (none: the first). */
export type CompaniesSearch = { q: string; after: string | undefined };

/** GET /api/manageCompanies (bearer, shop admins): a page of the companies, newest first. */
function searchCompanies(
  search: CompaniesSearch,
  signal?: AbortSignal,
): Promise<ManagedCompaniesPage> {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q.trim());
  if (search.after) params.set('after', search.after);
  const query = params.toString();
  return api.get<ManagedCompaniesPage>(
    `${apiPaths.manageCompanies}${query ? `?${query}` : ''}`,
    signal,
  );
}

/** The companies a page at a time; the page shown stays while the next one loads. */
export function useManagedCompaniesPage(search: CompaniesSearch) {
  return useQuery(
    queryOptions({
      queryKey: [...managedCompaniesQueryKey, 'search', search],
      queryFn: ({ signal }) => searchCompanies(search, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
