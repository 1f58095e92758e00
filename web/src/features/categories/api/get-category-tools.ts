import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type CategoryToolsPage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { categoriesQueryKey } from './get-categories';

/**
 * GET /api/categories/{slug}/tools?{search}: a page of a category's tools with its facets;
 * `search` is the query in its one spelling (categoryToolsSearch), so that two URLs asking the
 * same share one cache entry.
 */
function getCategoryTools(
  slug: string,
  search: string,
  signal?: AbortSignal,
): Promise<CategoryToolsPage> {
  return api.get<CategoryToolsPage>(
    `${apiPaths.categoryTools(slug)}${search ? `?${search}` : ''}`,
    signal,
  );
}

export const categoryToolsQueryOptions = (slug: string, search: string) =>
  queryOptions({
    queryKey: [...categoriesQueryKey, slug, 'tools', search],
    queryFn: ({ signal }) => getCategoryTools(slug, search, signal),
    // A refusal (404, 400) says why at once: asking again would answer the same.
    retry: false,
  });

/** The page for a URL; while the next filter's page comes, the one shown stays. */
export function useCategoryTools(slug: string, search: string) {
  return useQuery({
    ...categoryToolsQueryOptions(slug, search),
    placeholderData: keepPreviousData,
  });
}
