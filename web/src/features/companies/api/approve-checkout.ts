import { apiPaths, type MyCompany } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { useCompanyChange } from './get-my-company';

/**
 * POST /api/company/approvals/{checkoutId}/approve (bearer, its admins): a buyer's checkout past
 * their monthly limit becomes payable. 404 for another company's, 409 once it waits no more.
 */
export function approveCheckout(checkoutId: string): Promise<MyCompany> {
  return api.post<MyCompany>(apiPaths.companyApprove(checkoutId));
}

export function useApproveCheckout() {
  return useCompanyChange(approveCheckout);
}
