import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type MyCompany } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The one key of the caller's company: every change below replaces what it holds. */
export const companyQueryKey = ['company'] as const;

/**
 * GET /api/company (bearer): the caller's company, their role, its members, their own spending
 * against their monthly limit and (its admins) the invitations and the checkouts waiting;
 * `company` null when the account belongs to none.
 */
function getMyCompany(signal?: AbortSignal): Promise<MyCompany> {
  return api.get<MyCompany>(apiPaths.company, signal);
}

export const myCompanyQueryOptions = () =>
  queryOptions({ queryKey: companyQueryKey, queryFn: ({ signal }) => getMyCompany(signal) });

export function useMyCompany() {
  return useQuery(myCompanyQueryOptions());
}

/**
 * What the caller may still spend this month before a checkout waits for approval (null without
 * a limit), read from the same answer as the Company page (the cart shows it); `enabled` false
 * (an admin of the shop) asks for nothing.
 */
export function useMySpending({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myCompanyQueryOptions(), select: (view) => view.spending, enabled });
}

/**
 * The caller's company's terms with the shop and its credit on account (issue 45; null without a
 * company), from the same answer as the Company page: the cart's checkout offers to pay on
 * account with them; `enabled` false (an admin of the shop) asks for nothing.
 */
export function useMyPaymentTerms({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...myCompanyQueryOptions(),
    select: (view) => (view.company ? { terms: view.company.terms, credit: view.credit } : null),
    enabled,
  });
}

/**
 * A change of the company (create, edit, invite, revoke, a role or a limit, a removal, joining,
 * an approval or a rejection): each call answers the whole view as it stands after it, which
 * replaces the one shown. A refusal asks for the view again: it may have changed meanwhile (a
 * member removed in another tab).
 */
export function useCompanyChange<Variables>(send: (variables: Variables) => Promise<MyCompany>) {
  const queryClient = useQueryClient();
  const { queryKey } = myCompanyQueryOptions();
  return useMutation({
    mutationFn: send,
    onSuccess: (view) => queryClient.setQueryData(queryKey, view),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
