import { apiPaths, type InviteMemberInput, type MyCompany } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { useCompanyChange } from './get-my-company';

/**
 * POST /api/company/invitations (bearer, its admins): an invitation e-mailed to the address, as
 * a buyer or an admin. 409 for a member's address or a full company, 429 past the limits.
 */
export function inviteMember(invitation: InviteMemberInput): Promise<MyCompany> {
  return api.post<MyCompany>(apiPaths.companyInvitations, invitation);
}

export function useInviteMember() {
  return useCompanyChange(inviteMember);
}
