import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  type SearchCorrection,
  type ToolSearchPage,
  type ToolSort,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { toolsQueryKey } from './tools-query';

/** What a search asks: its words, a sort (none: the best first) and a page from 1. */
export type ToolSearchRequest = { q: string; sort?: ToolSort | undefined; page?: number };

/** The query string of a search in its one spelling: two URLs asking the same share a cache entry. */
export function toolSearchParams({ q, sort, page }: ToolSearchRequest): URLSearchParams {
  const params = new URLSearchParams({ q: q.trim() });
  if (sort) params.set('sort', sort);
  if (page !== undefined && page > 1) params.set('page', String(page));
  return params;
}

/** GET /api/search: a page of the tools the server's search finds, with its corrections. */
function getToolSearch(request: ToolSearchRequest, signal?: AbortSignal): Promise<ToolSearchPage> {
  return api.get<ToolSearchPage>(`${apiPaths.search}?${toolSearchParams(request)}`, signal);
}

// Under the catalog's key: a change to the catalog refreshes the searches too.
export const toolSearchQueryOptions = (request: ToolSearchRequest) =>
  queryOptions({
    queryKey: [...toolsQueryKey, 'search', toolSearchParams(request).toString()],
    queryFn: ({ signal }) => getToolSearch(request, signal),
    // A refusal (a page past the last) says why at once: asking again would answer the same.
    retry: false,
  });

/** The page for a search; while the next one comes, the one shown stays. */
export function useSearchedTools(request: ToolSearchRequest, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...toolSearchQueryOptions(request),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** The words searched once the corrections are made ('hamer' -> 'hammer'). */
export function correctedWords(q: string, corrected: readonly SearchCorrection[]): string {
  return q
    .split(' ')
    .map((word) => corrected.find((correction) => correction.word === word)?.correction ?? word)
    .join(' ');
}
