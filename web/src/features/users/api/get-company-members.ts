import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedCompany } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** GET /api/manageCompanies/{id} (bearer, shop admins): the company with its members. */
function getCompany(companyId: string, signal?: AbortSignal): Promise<ManagedCompany> {
  return api.get<ManagedCompany>(apiPaths.manageCompany(companyId), signal);
}

/**
 * The members of the company of an account about to be removed (issue 44): who could take over
 * from its only admin. Under the users list's key, so that every removal asks for them again (a
 * successor has become its admin since).
 */
export function useCompanyMembers(companyId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...usersQueryKey, 'company', companyId],
      queryFn: ({ signal }) => getCompany(companyId ?? '', signal),
      enabled: companyId !== null,
      select: (company) => company.members,
    }),
  );
}
