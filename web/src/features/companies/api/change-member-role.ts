import { apiPaths, type CompanyRole, type MyCompany } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { useCompanyChange } from './get-my-company';

interface ChangeMemberRoleVariables {
  userId: string;
  role: CompanyRole;
}

/**
 * PATCH /api/company/members/{userId} (bearer, its admins): the member becomes an admin or a
 * buyer; 409 when the company would be left without an admin.
 */
export function changeMemberRole({ userId, role }: ChangeMemberRoleVariables): Promise<MyCompany> {
  return api.patch<MyCompany>(apiPaths.companyMember(userId), { role });
}

export function useChangeMemberRole() {
  return useCompanyChange(changeMemberRole);
}
