import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedCompany } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedCompaniesQueryKey } from './get-managed-companies';

/**
 * GET /api/manageCompanies/{id} (bearer, shop admins): the company, its members with their
 * limits and spending, its addresses, the checkouts awaiting approval; 404 for no such company.
 */
function getManagedCompany(id: string, signal?: AbortSignal): Promise<ManagedCompany> {
  return api.get<ManagedCompany>(apiPaths.manageCompany(id), signal);
}

/** The one key of a company's page: a change of the company replaces what it holds. */
export const managedCompanyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...managedCompaniesQueryKey, 'company', id],
    queryFn: ({ signal }) => getManagedCompany(id, signal),
  });

/** One company as the shop's admins see it. */
export function useManagedCompany(id: string) {
  return useQuery(managedCompanyQueryOptions(id));
}
