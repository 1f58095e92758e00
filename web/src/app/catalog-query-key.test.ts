import { describe, expect, it } from 'vitest';
import {
  catalogQueryKey as adminCatalogKey,
  catalogToolsQueryOptions,
} from '../features/admin/api/get-catalog-tools';
import { catalogQueryKey } from '../features/catalog/api/get-tool';
import { toolsQueryOptions } from '../features/catalog/api/get-tools';

// Features never import each other, so the admin pages spell the catalog's cache key out. Only
// app/ sees both: this proves that Add Product and Remove refresh what the home page shows.
describe('the catalog cache key', () => {
  it('is spelt the same by the catalog and the admin pages', () => {
    expect(adminCatalogKey).toEqual(catalogQueryKey);
    expect(catalogToolsQueryOptions().queryKey).toEqual(toolsQueryOptions().queryKey);
  });
});
