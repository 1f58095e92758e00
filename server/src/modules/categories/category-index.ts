import {
  ALL_TOOLS_SLUG,
  CATEGORY_PAGE_SIZE,
  FACET_ATTRIBUTES,
  facetKey,
  lowestUnitPrice,
  texts,
  type Category,
  type CategorySort,
  type CategoryToolsPage,
  type FacetAttribute,
  type FacetValue,
  type Tool,
} from '@tools-factory/contract';
import { chainOf, type CategoryNode, type CategoryTree } from './category-tree.ts';

// The category pages' reads, answered in memory from the catalog snapshot's tools
// (docs/decisions/056): what depends only on the catalog's shape (which tools are in which
// category, their names, prices and attributes) is worked out once per shape, and a request
// walks the tools of its category once, in the order asked, counting the facets as it goes.

/** The scope of every tool, in a category or not (/category/all). */
const ALL = '';

/** Names and facet labels compared as a person reads them: 'Size 8' before 'Size 10'. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** What of a tool the index depends on: a stock patch changes none of it. */
function sameShape(a: Tool, b: Tool): boolean {
  return (
    a._id === b._id &&
    a.name === b.name &&
    a.category === b.category &&
    a.attributes?.brandLine === b.attributes?.brandLine &&
    a.attributes?.size === b.attributes?.size &&
    a.attributes?.material === b.attributes?.material &&
    lowestUnitPrice(a) === lowestUnitPrice(b)
  );
}

/** The facets' keys of one tool, by attribute (undefined: the tool has no such attribute). */
type ToolKeys = Record<FacetAttribute, string | undefined>;

/**
 * What the pages need of one shape of the catalog, by position in its tools: the positions in
 * each scope (a category's, with every category under it, and ALL), each tool's facet keys, the
 * label of each key (as the first tool in the catalog order spells it), and the positions of
 * each scope in each sort, made on first use.
 */
type Shape = {
  tree: CategoryTree;
  tools: readonly Tool[];
  scopes: Map<string, number[]>;
  keys: ToolKeys[];
  labels: Record<FacetAttribute, Map<string, string>>;
  sorted: Map<CategorySort, Map<string, number[]>>;
};

function shapeOf(tools: readonly Tool[], tree: CategoryTree): Shape {
  const scopes = new Map<string, number[]>([[ALL, []]]);
  for (const node of tree.ordered) scopes.set(node.id, []);
  const labels = { brandLine: new Map(), size: new Map(), material: new Map() } as Shape['labels'];
  const keys: ToolKeys[] = [];
  tools.forEach((tool, position) => {
    for (const scope of scopesOf(tree, tool)) scopes.get(scope)?.push(position);
    const toolKeys = {} as ToolKeys;
    for (const attribute of FACET_ATTRIBUTES) {
      const value = tool.attributes?.[attribute];
      const key = value === undefined ? undefined : facetKey(value);
      toolKeys[attribute] = key;
      if (value !== undefined && key !== undefined && !labels[attribute].has(key)) {
        labels[attribute].set(key, value);
      }
    }
    keys.push(toolKeys);
  });
  return { tree, tools, scopes, keys, labels, sorted: new Map() };
}

/** ALL, the tool's category and every category above it. */
function scopesOf(tree: CategoryTree, tool: Tool): string[] {
  const node = tool.category === undefined ? undefined : tree.bySlug.get(tool.category);
  return [ALL, ...(node ? chainOf(tree, node).map((each) => each.id) : [])];
}

const COMPARE: Record<CategorySort, (a: Tool, b: Tool) => number> = {
  name: (a, b) => collator.compare(a.name, b.name),
  price: (a, b) => lowestUnitPrice(a) - lowestUnitPrice(b) || collator.compare(a.name, b.name),
  '-price': (a, b) => lowestUnitPrice(b) - lowestUnitPrice(a) || collator.compare(a.name, b.name),
};

/**
 * A scope's positions in `sort`'s order: the whole catalog is sorted once per sort and shape,
 * and every scope's list is read off it in one pass.
 */
function sortedScope(shape: Shape, sort: CategorySort, scope: string): readonly number[] {
  let byScope = shape.sorted.get(sort);
  if (!byScope) {
    const { tools, tree } = shape;
    const order = tools.map((_, position) => position);
    const compare = COMPARE[sort];
    order.sort((a, b) => compare(tools[a] as Tool, tools[b] as Tool) || a - b);
    byScope = new Map([...shape.scopes.keys()].map((key) => [key, []]));
    for (const position of order) {
      for (const each of scopesOf(tree, tools[position] as Tool)) byScope.get(each)?.push(position);
    }
    shape.sorted.set(sort, byScope);
  }
  return byScope.get(scope) ?? [];
}

/** The index of one catalog version: its tools, and the shape they share with earlier ones. */
export type CategoryIndex = { tools: readonly Tool[]; shape: Shape; toolsOnSale: number };

/**
 * The index of `tools` under `tree`: the shape of `previous` when the catalog's shape has not
 * changed (a stock patch: the same tools, other quantities), checked in one pass; a new one
 * otherwise.
 */
export function categoryIndexOf(
  tools: readonly Tool[],
  tree: CategoryTree,
  previous: CategoryIndex | undefined,
): CategoryIndex {
  const old = previous?.shape;
  const reusable =
    old !== undefined &&
    old.tree === tree &&
    old.tools.length === tools.length &&
    tools.every((tool, position) => {
      const before = old.tools[position] as Tool;
      return tool === before || sameShape(tool, before);
    });
  return {
    tools,
    shape: reusable ? old : shapeOf(tools, tree),
    toolsOnSale: tools.length,
  };
}

/** Every category of the tree, depth first, each with its tools on sale. */
export function categoriesOf(index: CategoryIndex): Category[] {
  const { tree, scopes } = index.shape;
  return tree.ordered.map((node) => ({
    _id: node.id,
    slug: node.slug,
    name: node.name,
    parent: node.parentSlug,
    position: node.position,
    depth: node.depth,
    toolCount: scopes.get(node.id)?.length ?? 0,
  }));
}

/** What a category page asks: the facets' chosen keys, the order and the page. */
export type ToolsPageQuery = {
  filters: Record<FacetAttribute, readonly string[]>;
  sort: CategorySort;
  page: number;
};

/** Why a page cannot be answered, in words: no such category, or a page past the last. */
export type ToolsPageRefusal = { statusCode: 404; message: string };

/**
 * One page of a category's tools (with every category under it; `all`: every tool), in the
 * order asked, with each facet's values counted under the other facets' filters: one pass over
 * the category's tools. A value chosen that no tool of the category has is listed too (count
 * 0), so that it can be left out again.
 */
export function toolsPageOf(
  index: CategoryIndex,
  slug: string,
  query: ToolsPageQuery,
): CategoryToolsPage | ToolsPageRefusal {
  const { shape } = index;
  const node = slug === ALL_TOOLS_SLUG ? undefined : shape.tree.bySlug.get(slug);
  if (slug !== ALL_TOOLS_SLUG && !node) {
    return { statusCode: 404, message: texts.categories.errors.noSuchCategory };
  }
  const chosen = FACET_ATTRIBUTES.map((attribute) => new Set(query.filters[attribute]));
  const counts = FACET_ATTRIBUTES.map(() => new Map<string, number>());
  const first = (query.page - 1) * CATEGORY_PAGE_SIZE;
  const onPage: Tool[] = [];
  let total = 0;
  const passes = [true, true, true];
  for (const position of sortedScope(shape, query.sort, node?.id ?? ALL)) {
    const keys = shape.keys[position] as ToolKeys;
    let failing = 0;
    FACET_ATTRIBUTES.forEach((attribute, which) => {
      const key = keys[attribute];
      const wanted = chosen[which] as Set<string>;
      passes[which] = wanted.size === 0 || (key !== undefined && wanted.has(key));
      if (!passes[which]) failing += 1;
    });
    FACET_ATTRIBUTES.forEach((attribute, which) => {
      const key = keys[attribute];
      if (key === undefined) return;
      const count = counts[which] as Map<string, number>;
      // Counted when every other facet lets the tool through (its own may not).
      const othersPass = failing === 0 || (failing === 1 && !passes[which]);
      count.set(key, (count.get(key) ?? 0) + (othersPass ? 1 : 0));
    });
    if (failing > 0) continue;
    if (total >= first && onPage.length < CATEGORY_PAGE_SIZE) {
      onPage.push(index.tools[position] as Tool);
    }
    total += 1;
  }
  const pageCount = Math.max(1, Math.ceil(total / CATEGORY_PAGE_SIZE));
  if (query.page > pageCount) {
    return { statusCode: 404, message: texts.categories.errors.noSuchPage(query.page, pageCount) };
  }
  const facets = {} as CategoryToolsPage['facets'];
  FACET_ATTRIBUTES.forEach((attribute, which) => {
    const count = counts[which] as Map<string, number>;
    const wanted = chosen[which] as Set<string>;
    for (const key of wanted) if (!count.has(key)) count.set(key, 0);
    facets[attribute] = [...count]
      .map(([value, tools]): FacetValue => ({
        value,
        label: shape.labels[attribute].get(value) ?? value,
        count: tools,
        selected: wanted.has(value),
      }))
      .sort((a, b) => collator.compare(a.label, b.label));
  });
  const children = shape.tree.children.get(node?.id ?? null) ?? [];
  return {
    category: node
      ? { slug: node.slug, name: node.name }
      : { slug: ALL_TOOLS_SLUG, name: texts.categories.browse.allTools },
    breadcrumb: node ? chainOf(shape.tree, node).slice(1).reverse().map(linkOf) : [],
    subcategories: children.map((child) => ({
      ...linkOf(child),
      toolCount: shape.scopes.get(child.id)?.length ?? 0,
    })),
    tools: onPage,
    total,
    page: query.page,
    pageCount,
    pageSize: CATEGORY_PAGE_SIZE,
    sort: query.sort,
    facets,
  };
}

function linkOf(node: CategoryNode) {
  return { slug: node.slug, name: node.name };
}
