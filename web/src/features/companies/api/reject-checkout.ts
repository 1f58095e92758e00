import { apiPaths, type MyCompany, type RejectCheckoutInput } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { useCompanyChange } from './get-my-company';

/** Which checkout is turned down, and why (the buyer reads it in their e-mail). */
export type RejectCheckoutVariables = { checkoutId: string } & RejectCheckoutInput;

/**
 * POST /api/company/approvals/{checkoutId}/reject (bearer, its admins): a buyer's checkout past
 * their monthly limit is rejected with a reason; its stock goes back on sale. 404 for another
 * company's, 409 once it waits no more.
 */
export function rejectCheckout({
  checkoutId,
  reason,
}: RejectCheckoutVariables): Promise<MyCompany> {
  return api.post<MyCompany>(apiPaths.companyReject(checkoutId), { reason });
}

export function useRejectCheckout() {
  return useCompanyChange(rejectCheckout);
}
