import { apiPaths, type MyCompany } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { useCompanyChange } from './get-my-company';

/** DELETE /api/company/invitations/{id} (bearer, its admins): the link stops working at once. */
export function revokeInvitation(id: string): Promise<MyCompany> {
  return api.delete<MyCompany>(apiPaths.companyInvitation(id));
}

export function useRevokeInvitation() {
  return useCompanyChange(revokeInvitation);
}
