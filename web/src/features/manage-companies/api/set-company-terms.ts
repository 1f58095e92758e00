import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ManagedCompany, type UpdateCompanyTerms } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { managedCompanyQueryOptions } from './get-managed-company';

/**
 * PUT /api/manageCompanies/{id}/terms (bearer, shop admins): all of the company's terms at once
 * (payment terms, credit limit, PO rule, tax exemption); answers the company's page as it stands
 * after. 409 for a tax exemption without the company's tax number.
 */
function setCompanyTerms(id: string, terms: UpdateCompanyTerms): Promise<ManagedCompany> {
  return api.put<ManagedCompany>(apiPaths.manageCompanyTerms(id), terms);
}

/**
 * The company's terms saved: the answer replaces the page shown. A refusal asks for the page
 * again: the company may have changed meanwhile (its tax number cleared by its admin).
 */
export function useSetCompanyTerms(id: string) {
  const queryClient = useQueryClient();
  const { queryKey } = managedCompanyQueryOptions(id);
  return useMutation({
    mutationFn: (terms: UpdateCompanyTerms) => setCompanyTerms(id, terms),
    onSuccess: (managed) => queryClient.setQueryData(queryKey, managed),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
