import { apiPaths, type MyCompany } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { useCompanyChange } from './get-my-company';

/**
 * POST /api/company/invitations/accept (bearer, its addressee, verified): joins the company with
 * the invitation's role. The link works once; 409 for a member of a company already.
 */
export function acceptInvitation(token: string): Promise<MyCompany> {
  return api.post<MyCompany>(apiPaths.companyInvitationAccept, { token });
}

/** Joins; the Company page then shows the company at once, from the answer. */
export function useAcceptInvitation() {
  return useCompanyChange(acceptInvitation);
}
