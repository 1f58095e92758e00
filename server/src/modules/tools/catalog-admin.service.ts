import {
  centsToDollars,
  dollarsToCents,
  priceBreaksProblems,
  searchWords,
  serverTexts,
  texts,
  type ArchivedTool,
  type CreateTool,
  type CreateToolResponse,
  type ManageToolsPage,
  type Tool,
  type UpdateTool,
} from '@tools-factory/contract';
import { randomUUID } from 'node:crypto';
import type { CatalogChanged, VersionedTool } from '../../catalog/catalog-snapshot.ts';
import type { Database, Executor } from '../../db/client.ts';
import { namedKeysetCursorAfter, namedKeysetCursorText } from '../../db/keyset-cursor.ts';
import { isUniqueViolation, violatedUniqueConstraint } from '../../db/errors.ts';
import { badRequest, badRequestOfFields, conflict, notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import {
  replacePriceBreaks,
  selectLivePriceBreaks,
  selectPriceBreaks,
  selectPriceBreaksOfTools,
  type PriceBreakRow,
} from './price-breaks.repository.ts';
import { toPriceBreakRows, toToolDto, toToolStock, type ToolCategories } from './tool-dto.ts';
import {
  archiveToolById,
  countToolsOnSaleInCategory,
  insertTool,
  lockLiveTool,
  selectArchivedTools,
  selectArchivedToolsNamed,
  selectLiveTools,
  selectManageToolsPage,
  selectToolById,
  unarchiveTool,
  updateToolFields,
  type ToolRow,
} from './tools.repository.ts';

/** A tool no longer on sale, as a cart line that still names it shows it. */
export type WithdrawnTool = Pick<Tool, '_id' | 'name' | 'sku' | 'img' | 'minOrderQuantity'>;

/**
 * The SKU of a tool added without one (a client that sends only the spec's fields): 'TL-' and the
 * first eight characters of its id, in capitals.
 */
function madeUpSku(id: string): string {
  return `TL-${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

/**
 * The 409 for a tool that Add Product or Edit Tool could not write because another tool holds
 * its SKU (any case, removed tools too) or, on sale, its name: the index that refused it says
 * which. Any other error is handed back as it is.
 */
function toolTakenConflict(error: unknown, tool: { name: string; sku: string }): unknown {
  if (!isUniqueViolation(error)) return error;
  if (violatedUniqueConstraint(error) === 'tools_sku_unique') {
    return conflict(texts.sku.errors.taken(tool.sku));
  }
  return conflict(texts.adminErrors.toolNameTaken(tool.name));
}

export type CatalogAdminServiceOptions = {
  /** Catalog writes commit on their own. */
  db: Database;
  /** Told after every committed catalog write, so GET /parts shows it at once. */
  catalog: CatalogChanged;
  /** A tool's category is named by its slug (issue 43). */
  categories: ToolCategories;
};

/** A tool's category and attributes as Add Product and Edit Tool send them (issue 43). */
type CategoryAndAttributes = Pick<CreateTool, 'category' | 'attributes'>;

/** An attribute as stored: null for none ('' or null sent, or left out of `attributes`). */
const storedAttribute = (value: string | null | undefined) => (value ? value : null);

/**
 * The catalog's tools as the admins keep them (Manage Tools: add, edit, archive, restore) and as
 * the catalog lists them. Their stock is tool-stock.service.ts's, their breaks price-breaks'.
 */
export function createCatalogAdminService(options: CatalogAdminServiceOptions) {
  const { db, catalog, categories } = options;

  /**
   * The columns of a tool's category and attributes from what was sent: the category's id
   * (400 in words for a slug no category has; null for none), the three attributes when sent.
   * What is left out is left out here too, so Edit Tool keeps it.
   */
  async function categoryColumns(executor: Executor, input: CategoryAndAttributes) {
    const columns: Partial<Pick<ToolRow, 'categoryId' | 'brandLine' | 'size' | 'material'>> = {};
    if (input.category !== undefined) {
      const slug = input.category;
      const categoryId = slug ? await categories.idOfSlug(executor, slug) : null;
      if (categoryId === undefined) {
        throw badRequest(texts.categories.errors.toolCategoryUnknown(slug ?? ''));
      }
      columns.categoryId = categoryId;
    }
    if (input.attributes !== undefined) {
      columns.brandLine = storedAttribute(input.attributes.brandLine);
      columns.size = storedAttribute(input.attributes.size);
      columns.material = storedAttribute(input.attributes.material);
    }
    return columns;
  }

  /** The tools on sale (those of `ids` only, when given) with their stock versions. */
  async function listVersionedCatalog(ids?: readonly string[]): Promise<VersionedTool[]> {
    const rows = await selectLiveTools(db, ids);
    const slugs = await categories.slugsById(db);
    const breaksByTool = new Map<string, PriceBreakRow[]>();
    for (const { toolId, ...priceBreak } of await selectLivePriceBreaks(db, ids)) {
      const breaks = breaksByTool.get(toolId) ?? [];
      breaks.push(priceBreak);
      breaksByTool.set(toolId, breaks);
    }
    return rows.map((row) => ({
      tool: toToolDto(row, breaksByTool.get(row.id) ?? [], slugs),
      stockVersion: row.stockVersion,
    }));
  }

  return {
    /** The tools on sale, as GET /parts shows them. */
    async listCatalog(): Promise<Tool[]> {
      return (await listVersionedCatalog()).map(({ tool }) => tool);
    },

    /**
     * Those of `ids` still on sale, as GET /parts shows them: what a page of a list beside the
     * catalog (the admins' Quotes, issue 43) reads, rather than the whole catalog.
     */
    async toolsOnSale(ids: readonly string[]): Promise<Tool[]> {
      if (ids.length === 0) return [];
      return (await listVersionedCatalog(ids)).map(({ tool }) => tool);
    },

    /**
     * The tools on sale with their stock versions: what the catalog snapshot reads, so that it
     * can tell a stock patch older than what it read from a newer one.
     */
    listVersionedCatalog: () => listVersionedCatalog(),

    /**
     * GET /manageTools/page (admins, issue 43): Manage Tools a page at a time, in the catalog's
     * order, each tool with its stock, read from the database (the page's tools and their breaks
     * only), never the whole catalog.
     */
    async pageManagedTools(query: {
      q?: string | undefined;
      pageSize: number;
      after?: string | undefined;
    }): Promise<ManageToolsPage> {
      const found = await selectManageToolsPage(db, {
        words: searchWords(query.q),
        limit: query.pageSize,
        after: namedKeysetCursorAfter(query.after),
      });
      const [breaksByTool, slugs] = await Promise.all([
        selectPriceBreaksOfTools(
          db,
          found.rows.map((row) => row.id),
        ),
        categories.slugsById(db),
      ]);
      return {
        tools: found.rows.map((row) => toToolDto(row, breaksByTool.get(row.id) ?? [], slugs)),
        stock: found.rows.map(toToolStock),
        total: found.total,
        capped: found.capped,
        next: found.next ? namedKeysetCursorText(found.next) : null,
      };
    },

    /** For the categories: how many tools on sale the category holds itself. */
    toolsOnSaleIn: (executor: Executor, categoryId: string) =>
      countToolsOnSaleInCategory(executor, categoryId),

    /**
     * POST /tool (Add Product): names are unique among tools on sale. The tool and its price
     * breaks (checked against it by CreateToolSchema) are written in one transaction. The new
     * tool is on sale, and in GET /parts, once this resolves.
     */
    async addTool(input: CreateTool): Promise<CreateToolResponse> {
      const breaks = toPriceBreakRows(input.priceBreaks);
      let row: ToolRow;
      const id = randomUUID();
      const sku = input.sku ?? madeUpSku(id);
      try {
        row = await db.transaction(async (tx) => {
          const inserted = await insertTool(tx, {
            id,
            name: input.name,
            sku,
            description: input.desc,
            image: input.img,
            priceCents: dollarsToCents(input.price),
            minOrderQuantity: input.minOrderQuantity,
            availableQuantity: input.availableQuantity,
            ...(await categoryColumns(tx, input)),
          });
          await replacePriceBreaks(tx, inserted.id, breaks);
          return inserted;
        });
      } catch (error) {
        throw toolTakenConflict(error, { name: input.name, sku });
      }
      await catalog.invalidate();
      const tool = toToolDto(row, breaks, await categories.slugsById(db));
      return { acknowledged: true, insertedId: tool._id, tool };
    },

    /**
     * PUT /manageTools/{id} (Edit Tool): the five fields of a tool on sale and its SKU (kept
     * when not sent), by Add Product's rules (the schema) and with its price breaks still
     * fitting the new list price and minimum (400 naming every problem otherwise). The row is
     * locked first, as setPriceBreaks does, so an order is priced from the tool before the edit
     * or after it. Names stay unique among the tools on sale, SKUs among all tools (409). In
     * GET /parts once this resolves; orders keep their snapshot (their SKU included).
     */
    async updateTool(id: string, input: UpdateTool): Promise<Tool> {
      const toolId = parseId(id);
      if (!toolId) throw notFound(serverTexts.apiErrors.toolNotFound);
      let updated: { row: ToolRow; breaks: PriceBreakRow[] };
      try {
        updated = await db.transaction(async (tx) => {
          const locked = await lockLiveTool(tx, toolId);
          if (!locked) throw notFound(serverTexts.apiErrors.toolNotFound);
          const breaks = await selectPriceBreaks(tx, toolId);
          const problems = priceBreaksProblems(
            breaks.map((priceBreak) => ({
              minQuantity: priceBreak.minQuantity,
              price: centsToDollars(priceBreak.priceCents),
            })),
            input,
          );
          if (problems.length > 0) {
            throw badRequestOfFields(
              problems.map((problem) => ({
                field: 'priceBreaks',
                message: texts.adminErrors.editBreaksNoLongerFit(problem),
              })),
            );
          }
          const row = await updateToolFields(tx, toolId, {
            name: input.name,
            description: input.desc,
            image: input.img,
            priceCents: dollarsToCents(input.price),
            minOrderQuantity: input.minOrderQuantity,
            sku: input.sku,
            ...(await categoryColumns(tx, input)),
          });
          if (!row) throw notFound(serverTexts.apiErrors.toolNotFound);
          return { row, breaks };
        });
      } catch (error) {
        throw toolTakenConflict(error, { name: input.name, sku: input.sku ?? '' });
      }
      await catalog.invalidate();
      return toToolDto(updated.row, updated.breaks, await categories.slugsById(db));
    },

    /**
     * For the cart: the tools no longer on sale that these ids or SKU keys (skuKey) name, as a
     * line shows them (the catalog snapshot holds only the tools on sale). One query.
     */
    async findWithdrawn(named: {
      ids: readonly string[];
      skuKeys: readonly string[];
    }): Promise<WithdrawnTool[]> {
      return (await selectArchivedToolsNamed(db, named)).map((row) => ({
        _id: row.id,
        name: row.name,
        sku: row.sku,
        img: row.image,
        minOrderQuantity: row.minOrderQuantity,
      }));
    },

    /** GET /manageTools/archived: the removed tools, the most recently removed first. */
    async listArchived(): Promise<ArchivedTool[]> {
      const rows = await selectArchivedTools(db);
      const slugs = await categories.slugsById(db);
      return Promise.all(
        rows.map(async (row) => ({
          ...toToolDto(row, await selectPriceBreaks(db, row.id), slugs),
          archivedAt: (row.archivedAt ?? new Date()).toISOString(),
        })),
      );
    },

    /**
     * POST /manageTools/{id}/restore: a removed tool on sale again, with its stock, breaks and
     * threshold as they were. 404 for an unknown tool or one on sale; 409 when another tool on
     * sale took its name meanwhile.
     */
    async restoreTool(id: string): Promise<Tool> {
      const toolId = parseId(id);
      if (!toolId) throw notFound(serverTexts.apiErrors.toolNotFound);
      let row: ToolRow | undefined;
      try {
        row = await unarchiveTool(db, toolId);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const tool = await selectToolById(db, toolId);
        throw conflict(texts.adminErrors.restoreNameTaken(tool?.name ?? ''));
      }
      if (!row) throw notFound(serverTexts.apiErrors.toolNotFound);
      await catalog.invalidate();
      return toToolDto(row, await selectPriceBreaks(db, row.id), await categories.slugsById(db));
    },

    /**
     * DELETE /deleteTols/{id} (Manage Tools): archives the tool (its orders keep their snapshot).
     * The spec's `deletedCount`: 1 when a tool on sale was removed, 0 otherwise (malformed ids
     * too).
     */
    async removeTool(id: string): Promise<{ deletedCount: number }> {
      const toolId = parseId(id);
      if (!toolId) return { deletedCount: 0 };
      const archived = await archiveToolById(db, toolId);
      if (archived > 0) await catalog.invalidate();
      return { deletedCount: archived };
    },
  };
}
