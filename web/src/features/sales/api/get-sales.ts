import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiPaths, type SalesOverview } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The days asked for ('YYYY-MM-DD', both included); none: the server's last 30 days. */
export type SalesRange = { from: string; to: string } | null;

export const salesOverviewQueryKey = ['manageSales'] as const;

/** `?from=...&to=...` for a range, nothing for the default window. */
function rangeQuery(range: SalesRange): string {
  return range ? `?${new URLSearchParams({ from: range.from, to: range.to }).toString()}` : '';
}

/** GET /api/manageSales (bearer, admins): the Sales page's figures, summed by the server. */
function getSalesOverview(range: SalesRange, signal?: AbortSignal): Promise<SalesOverview> {
  return api.get<SalesOverview>(`${apiPaths.sales}${rangeQuery(range)}`, signal);
}

const salesOverviewQueryOptions = (range: SalesRange) =>
  queryOptions({
    queryKey: [...salesOverviewQueryKey, range],
    queryFn: ({ signal }) => getSalesOverview(range, signal),
    // The figures of the last range stay while another one loads: the form stays as typed.
    placeholderData: keepPreviousData,
  });

export function useSalesOverview(range: SalesRange = null) {
  return useQuery(salesOverviewQueryOptions(range));
}

/**
 * GET /api/manageSales.csv (bearer, admins): the same figures as a CSV file, saved under the
 * name the server gives (sales-2026-01-01-to-2026-01-31.csv).
 */
export function useDownloadSalesCsv() {
  return useMutation({
    mutationFn: async (range: { from: string; to: string }) =>
      saveFile(await api.download(`${apiPaths.salesCsv}${rangeQuery(range)}`), 'sales.csv'),
  });
}
