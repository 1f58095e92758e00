import type { CategoryRow } from './categories.repository.ts';

/** A category as the tree holds it in memory: its row, its depth and its parent's slug. */
export type CategoryNode = {
  id: string;
  slug: string;
  name: string;
  parentId: string | null;
  parentSlug: string | null;
  position: number;
  /** 1 at the top level. */
  depth: number;
};

/** The category tree read at once, made once per read (never changed afterwards). */
export type CategoryTree = {
  /** Depth first: each category right after its parent, siblings by position, then name. */
  ordered: readonly CategoryNode[];
  bySlug: ReadonlyMap<string, CategoryNode>;
  byId: ReadonlyMap<string, CategoryNode>;
  /** The children of each category by id, the top level under null, in order. */
  children: ReadonlyMap<string | null, readonly CategoryNode[]>;
};

/** The tree of these rows (siblings in the rows' order). */
export function categoryTreeOf(rows: readonly CategoryRow[]): CategoryTree {
  const rowsByParent = new Map<string | null, CategoryRow[]>();
  for (const row of rows) {
    const siblings = rowsByParent.get(row.parentId) ?? [];
    siblings.push(row);
    rowsByParent.set(row.parentId, siblings);
  }
  const ordered: CategoryNode[] = [];
  const children = new Map<string | null, CategoryNode[]>();
  const visit = (parent: CategoryNode | null) => {
    const nodes: CategoryNode[] = [];
    for (const row of rowsByParent.get(parent?.id ?? null) ?? []) {
      const node: CategoryNode = {
        id: row.id,
        slug: row.slug,
        name: row.name,
        parentId: row.parentId,
        parentSlug: parent?.slug ?? null,
        position: row.position,
        depth: (parent?.depth ?? 0) + 1,
      };
      nodes.push(node);
      ordered.push(node);
      visit(node);
    }
    children.set(parent?.id ?? null, nodes);
  };
  visit(null);
  return {
    ordered,
    bySlug: new Map(ordered.map((node) => [node.slug, node])),
    byId: new Map(ordered.map((node) => [node.id, node])),
    children,
  };
}

/** The category and its ancestors, the category first. */
export function chainOf(tree: CategoryTree, node: CategoryNode): CategoryNode[] {
  const chain = [node];
  let parent = node.parentId === null ? undefined : tree.byId.get(node.parentId);
  while (parent) {
    chain.push(parent);
    parent = parent.parentId === null ? undefined : tree.byId.get(parent.parentId);
  }
  return chain;
}

/** How many levels the category and those under it take (1 for one without children). */
export function heightOf(tree: CategoryTree, node: CategoryNode): number {
  const below = (tree.children.get(node.id) ?? []).map((child) => heightOf(tree, child));
  return 1 + Math.max(0, ...below);
}
