import { describe, expect, it } from 'vitest';
import { toolQueryOptions } from './get-tool';
import { toolsQueryKey, toolsQueryOptions } from './tools-query';

// The catalog's key is written once (tools-query.ts): the list is asked for under it, and each
// tool under it too, so that invalidating it after Add Product, Remove, new price breaks or a
// returned stock refreshes the home grid, Manage Tools and every purchase page alike.
describe('the catalog cache key', () => {
  it('is the one key of the list and the root of every tool', () => {
    expect(toolsQueryOptions().queryKey).toEqual(toolsQueryKey);
    expect(toolQueryOptions('a-tool').queryKey.slice(0, toolsQueryKey.length)).toEqual([
      ...toolsQueryKey,
    ]);
  });
});
