import { apiPaths, type CreateCompanyInput, type MyCompany } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { useCompanyChange } from './get-my-company';

/**
 * POST /api/company (bearer, a verified customer): a new company, its creator its admin. 403 for
 * an unverified account or a shop admin, 409 for a member of a company already.
 */
export function createCompany(details: CreateCompanyInput): Promise<MyCompany> {
  return api.post<MyCompany>(apiPaths.company, details);
}

export function useCreateCompany() {
  return useCompanyChange(createCompany);
}
