import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type CategoryTree } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/**
 * The category tree's one cache key, and under it each category page's (get-category-tools.ts):
 * invalidating it refreshes the tree, its counts and every page of tools.
 */
export const categoriesQueryKey = ['categories'] as const;

/** GET /api/categories: the tree, each category with its tools on sale. */
function getCategories(signal?: AbortSignal): Promise<CategoryTree> {
  return api.get<CategoryTree>(apiPaths.categories, signal);
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => getCategories(signal),
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

/** Asks for the tree and the pages again: for a page whose change elsewhere moved tools. */
export function useRefreshCategories(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
}
