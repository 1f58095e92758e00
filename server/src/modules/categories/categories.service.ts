import {
  ALL_TOOLS_SLUG,
  MAX_CATEGORY_DEPTH,
  slugOfName,
  texts,
  type Category,
  type CategoryToolsPage,
  type CategoryToolsQuery,
  type CategoryTree as CategoryTreeAnswer,
  type CreateCategory,
  type UpdateCategory,
} from '@tools-factory/contract';
import type {
  CatalogBodies,
  CatalogChanged,
  CatalogReader,
} from '../../catalog/catalog-snapshot.ts';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation, violatedUniqueConstraint } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import {
  deleteChildlessCategory,
  insertCategory,
  lockCategories,
  selectCategories,
  selectCategoryIdBySlug,
  selectNextPosition,
  selectSlugsById,
  updateCategory,
} from './categories.repository.ts';
import {
  categoriesOf,
  categoryIndexOf,
  toolsPageOf,
  type CategoryIndex,
  type ToolsPageRefusal,
} from './category-index.ts';
import {
  categoryTreeOf,
  chainOf,
  heightOf,
  type CategoryNode,
  type CategoryTree,
} from './category-tree.ts';

const errors = texts.categories.errors;

/**
 * What the categories ask of the tools module (wired in app.ts, so that this module does not
 * import it): how many tools on sale a category holds itself, read in `executor`.
 */
export type CategoryContents = {
  toolsOnSaleIn(executor: Executor, categoryId: string): Promise<number>;
};

export type CategoriesServiceOptions = {
  db: Database;
  /** Told after every committed change of the tree; its tools are what the pages count. */
  catalog: CatalogChanged & CatalogReader;
  contents: CategoryContents;
  /** HOME_PAGE_TOOLS_LIMIT: above it the home page shows the categories and a first page. */
  homePageToolsLimit: number;
};

/** The 409 for a category the unique indexes refused; any other error is handed back. */
function takenConflict(error: unknown, category: { slug: string; name: string }): unknown {
  if (!isUniqueViolation(error)) return error;
  return violatedUniqueConstraint(error) === 'categories_slug_unique'
    ? conflict(errors.slugTaken(category.slug))
    : conflict(errors.nameTaken(category.name));
}

/**
 * The category tree (issue 43): the admins' writes (add, rename, move, delete when empty) and
 * the public reads, answered in memory from the catalog snapshot's tools and the tree read with
 * them (category-index.ts, docs/decisions/056).
 */
export function createCategoriesService(options: CategoriesServiceOptions) {
  const { db, catalog, contents, homePageToolsLimit } = options;
  /** The tree the public reads use: read by every catalog build (reloadTree). */
  let tree: CategoryTree = categoryTreeOf([]);
  /** Each catalog version's index, by the bodies it was made from. */
  const indexes = new WeakMap<CatalogBodies, CategoryIndex>();
  /** The last index made, whose shape the next version may share. */
  let latest: CategoryIndex | undefined;

  function indexOf(bodies: CatalogBodies): CategoryIndex {
    const kept = indexes.get(bodies);
    if (kept && kept.shape.tree === tree) return kept;
    const index = categoryIndexOf(bodies.tools, tree, latest);
    indexes.set(bodies, index);
    latest = index;
    return index;
  }

  /**
   * Each shape's answer, made once: the same object for every catalog version of that shape (a
   * stock move keeps the shape), so that the pages rendered from it are kept across orders.
   */
  const treeAnswers = new WeakMap<CategoryIndex['shape'], CategoryTreeAnswer>();

  /** GET /api/categories's answer for a catalog version. */
  function treeOf(bodies: CatalogBodies): CategoryTreeAnswer {
    const index = indexOf(bodies);
    let answer = treeAnswers.get(index.shape);
    if (!answer) {
      answer = {
        categories: categoriesOf(index),
        toolsOnSale: index.toolsOnSale,
        homeShowsEveryTool: index.toolsOnSale <= homePageToolsLimit,
      };
      treeAnswers.set(index.shape, answer);
    }
    return answer;
  }

  /** The category as GET /api/categories lists it now. */
  function listed(slug: string): Category {
    const found = treeOf(catalog.current()).categories.find((each) => each.slug === slug);
    if (!found) throw notFound(errors.noSuchCategory);
    return found;
  }

  /** The category named by `slug` in `rows`' tree; 404 in words when none. */
  function nodeOf(current: CategoryTree, slug: string): CategoryNode {
    const node = current.bySlug.get(slug);
    if (!node) throw notFound(errors.noSuchCategory);
    return node;
  }

  /** The parent a write names: undefined for the top level; 400 in words when none has it. */
  function parentOf(current: CategoryTree, slug: string | null): CategoryNode | undefined {
    if (slug === null) return undefined;
    const parent = current.bySlug.get(slug);
    if (!parent) throw badRequest(errors.noSuchParent(slug));
    return parent;
  }

  return {
    /**
     * Reads the tree and keeps it as the one the public reads use: each catalog build calls it
     * (app.ts), so every instance sees a change once its catalog is rebuilt (NOTIFY included).
     */
    async reloadTree(): Promise<void> {
      tree = categoryTreeOf(await selectCategories(db));
    },

    /** Every category's slug by id, read in `executor` (the tools' answers name their slug). */
    slugsById: (executor: Executor) => selectSlugsById(executor),

    /** The id of the category `slug` names, read in `executor`; undefined when none. */
    idOfSlug: (executor: Executor, slug: string) => selectCategoryIdBySlug(executor, slug),

    /** GET /api/categories. */
    tree: (bodies: CatalogBodies) => treeOf(bodies),

    /** GET /api/categories/{slug}/tools: a page, or the refusal in words. */
    toolsPage(
      bodies: CatalogBodies,
      slug: string,
      query: CategoryToolsQuery,
    ): CategoryToolsPage | ToolsPageRefusal {
      const { brandLine, size, material, sort, page } = query;
      return toolsPageOf(indexOf(bodies), slug, {
        filters: { brandLine, size, material },
        sort,
        page,
      });
    },

    /**
     * POST /api/manageCategories: a slug made from the name when none is given (400 when the
     * name gives none), under an existing parent (400), at most MAX_CATEGORY_DEPTH deep (409),
     * after its siblings. Slugs are unique, and names among siblings (409).
     */
    async addCategory(input: CreateCategory): Promise<Category> {
      const slug = input.slug ?? slugOfName(input.name);
      if (slug === '') throw badRequest(errors.slugShape);
      if (slug === ALL_TOOLS_SLUG) throw badRequest(errors.slugReserved(slug));
      try {
        await db.transaction(async (tx) => {
          const current = categoryTreeOf(await lockCategories(tx));
          const parent = parentOf(current, input.parent);
          if ((parent?.depth ?? 0) + 1 > MAX_CATEGORY_DEPTH) {
            throw conflict(errors.tooDeep(MAX_CATEGORY_DEPTH));
          }
          const parentId = parent?.id ?? null;
          await insertCategory(tx, {
            slug,
            name: input.name,
            parentId,
            position: await selectNextPosition(tx, parentId),
          });
        });
      } catch (error) {
        throw takenConflict(error, { slug, name: input.name });
      }
      await catalog.invalidate();
      return listed(slug);
    },

    /**
     * PATCH /api/manageCategories/{slug}: a new name (the slug stays), a new parent (never the
     * category itself nor one under it, never deeper than MAX_CATEGORY_DEPTH: 409), a place
     * among its siblings. Moved without a place, it goes after its new siblings.
     */
    async updateCategory(slug: string, input: UpdateCategory): Promise<Category> {
      let name = input.name;
      try {
        await db.transaction(async (tx) => {
          const current = categoryTreeOf(await lockCategories(tx));
          const node = nodeOf(current, slug);
          name ??= node.name;
          const fields: Parameters<typeof updateCategory>[2] = {};
          if (input.name !== undefined) fields.name = input.name;
          if (input.parent !== undefined) {
            const parent = parentOf(current, input.parent);
            if (parent && chainOf(current, parent).some((above) => above.id === node.id)) {
              throw conflict(errors.moveUnderItself(node.name));
            }
            if ((parent?.depth ?? 0) + heightOf(current, node) > MAX_CATEGORY_DEPTH) {
              throw conflict(errors.tooDeep(MAX_CATEGORY_DEPTH));
            }
            const parentId = parent?.id ?? null;
            if (parentId !== node.parentId) {
              fields.parentId = parentId;
              fields.position = await selectNextPosition(tx, parentId);
            }
          }
          if (input.position !== undefined) fields.position = input.position;
          if (Object.keys(fields).length > 0) await updateCategory(tx, node.id, fields);
        });
      } catch (error) {
        throw takenConflict(error, { slug, name: name ?? '' });
      }
      await catalog.invalidate();
      return listed(slug);
    },

    /**
     * DELETE /api/manageCategories/{slug}: only an empty category (no tool on sale in it, no
     * sub-category: 409 saying what it holds); its archived tools lose their category.
     */
    async removeCategory(slug: string): Promise<{ deletedCount: number }> {
      await db.transaction(async (tx) => {
        const current = categoryTreeOf(await lockCategories(tx));
        const node = nodeOf(current, slug);
        const subcategories = current.children.get(node.id)?.length ?? 0;
        // A tool moved into it meanwhile waits for this lock (its foreign key's), then fails.
        const tools = await contents.toolsOnSaleIn(tx, node.id);
        if (tools > 0 || subcategories > 0) {
          throw conflict(errors.notEmpty(node.name, tools, subcategories));
        }
        await deleteChildlessCategory(tx, node.id);
      });
      await catalog.invalidate();
      return { deletedCount: 1 };
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
