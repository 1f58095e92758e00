import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Receivables } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The Receivables page's list: recording a payment asks for it again. */
export const receivablesQueryKey = ['manageReceivables'] as const;

/**
 * GET /api/manageReceivables (bearer, shop admins): every open invoice on account by company,
 * each with the payments recorded against it, and the totals.
 */
function getReceivables(signal?: AbortSignal): Promise<Receivables> {
  return api.get<Receivables>(apiPaths.manageReceivables, signal);
}

export const receivablesQueryOptions = () =>
  queryOptions({
    queryKey: receivablesQueryKey,
    queryFn: ({ signal }) => getReceivables(signal),
  });

/** The open invoices on account, by company. */
export function useReceivables() {
  return useQuery(receivablesQueryOptions());
}
