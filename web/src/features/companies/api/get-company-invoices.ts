import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type CompanyInvoices } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The key of the company's open invoices, under the company's own (issue 45). */
export const companyInvoicesQueryKey = ['company', 'invoices'] as const;

/**
 * GET /api/company/invoices (bearer, company members): the company's open invoices on account,
 * due date first: every one for its admins, those of the caller's own checkouts for a buyer.
 */
function getCompanyInvoices(signal?: AbortSignal): Promise<CompanyInvoices> {
  return api.get<CompanyInvoices>(apiPaths.companyInvoices, signal);
}

export function useCompanyInvoices() {
  return useQuery(
    queryOptions({
      queryKey: companyInvoicesQueryKey,
      queryFn: ({ signal }) => getCompanyInvoices(signal),
    }),
  );
}
