import { apiPaths, type MyCompany, type UpdateCompanyInput } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { useCompanyChange } from './get-my-company';

/** PATCH /api/company (bearer, its admins): the legal name, tax number and billing address. */
export function updateCompany(details: UpdateCompanyInput): Promise<MyCompany> {
  return api.patch<MyCompany>(apiPaths.company, details);
}

export function useUpdateCompany() {
  return useCompanyChange(updateCompany);
}
