import { apiPaths, type MyCompany } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { useCompanyChange } from './get-my-company';

/**
 * DELETE /api/company/members/{userId} (bearer): an admin removes a member, or a member leaves
 * (their own id: the answer is then a view without a company). 409 when no admin would be left.
 */
export function removeMember(userId: string): Promise<MyCompany> {
  return api.delete<MyCompany>(apiPaths.companyMember(userId));
}

export function useRemoveMember() {
  return useCompanyChange(removeMember);
}
