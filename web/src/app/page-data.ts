import type { QueryClient } from '@tanstack/react-query';
import {
  ALL_TOOLS_SLUG,
  categoryToolsSearch,
  readCategoryToolsQuery,
  type PageData,
  type Tool,
} from '@tools-factory/contract';
import { matchPath } from 'react-router';
import { paths } from '../config/paths';
import { identitySettingsQueryOptions } from '../features/identity/api/get-identity-settings';
import { toolQueryOptions } from '../features/tools/api/get-tool';
import { toolsQueryOptions } from '../features/tools/api/tools-query';
import { galleryQueryOptions } from '../features/gallery/api/get-gallery';
import { reviewsPageQueryOptions } from '../features/reviews/api/get-reviews';
import { categoriesQueryOptions } from '../features/categories/api/get-categories';
import { categoryToolsQueryOptions } from '../features/categories/api/get-category-tools';

/** The tool id of a /purchase/{id} path, else undefined. */
export function purchasedToolId(pathname: string): string | undefined {
  return matchPath(paths.purchasePattern, pathname)?.params.id;
}

/** The category slug of a /category/{slug} path, else undefined. */
export function browsedCategory(pathname: string): string | undefined {
  return matchPath(paths.categoryPattern, pathname)?.params.slug;
}

/**
 * Puts a public page's data into the query cache under the very keys its sections ask for, so
 * that they render with it at once: on the server (nothing is fetched there) and in the browser's
 * first render, which must match the server's HTML. (The tool search filters the list in the
 * page, so `/?q=..&sort=..` needs no key of its own.)
 */
export function seedPageData(queryClient: QueryClient, data: PageData, url: string): void {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (data.tools) queryClient.setQueryData(toolsQueryOptions().queryKey, data.tools);
  if (data.reviewsPage) {
    queryClient.setQueryData(reviewsPageQueryOptions(1).queryKey, data.reviewsPage);
  }
  queryClient.setQueryData(galleryQueryOptions().queryKey, data.gallery);
  queryClient.setQueryData(identitySettingsQueryOptions().queryKey, data.identitySettings);
  const tool = pageTool(data, pathname);
  if (tool) queryClient.setQueryData(toolQueryOptions(tool._id).queryKey, tool);
  if (data.categories) {
    queryClient.setQueryData(categoriesQueryOptions().queryKey, data.categories);
  }
  // A category page's tools under its URL's key; the home page's first page (above
  // HOME_PAGE_TOOLS_LIMIT) under the first page of every tool's.
  const slug = browsedCategory(pathname);
  if (data.categoryTools) {
    const search =
      slug === undefined ? '' : categoryToolsSearch(readCategoryToolsQuery(searchParams));
    queryClient.setQueryData(
      categoryToolsQueryOptions(slug ?? ALL_TOOLS_SLUG, search).queryKey,
      data.categoryTools,
    );
  }
}

/** The tool of a /purchase/{id} page, when the page's data holds it. */
export function pageTool(data: PageData, pathname: string): Tool | undefined {
  const toolId = purchasedToolId(pathname);
  if (toolId === undefined) return undefined;
  if (data.tool?._id === toolId) return data.tool;
  return data.tools?.find(({ _id }) => _id === toolId);
}
