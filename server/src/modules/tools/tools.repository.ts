import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { MANAGE_TOOLS_COUNT_CAP } from '@tools-factory/contract';
import { cappedCount, cappedCountQuery, type CappedCount } from '../../db/capped-count.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  cursorTime,
  keysetPage,
  keysetPageLimit,
  pastNamedCursor,
  type NamedKeysetCursor,
} from '../../db/keyset-cursor.ts';
import { idsHoldingEveryWord } from './tool-search.repository.ts';
import { tools } from './tools.table.ts';

// The catalog's tools as Manage Tools keeps them: list, add, edit, archive and restore. Their
// stock is in tool-stock.repository.ts, their price breaks in price-breaks.repository.ts.

export type ToolRow = typeof tools.$inferSelect;
export type NewToolRow = typeof tools.$inferInsert;

/** The tools on sale (not archived), oldest first, as the catalog lists them. */
export function selectLiveTools(executor: Executor, ids?: readonly string[]): Promise<ToolRow[]> {
  return executor
    .select()
    .from(tools)
    .where(and(isNull(tools.archivedAt), ids ? inArray(tools.id, [...ids]) : undefined))
    .orderBy(asc(tools.createdAt), asc(tools.name));
}

/** A page of Manage Tools (issue 43): the words searched, its size and where it starts. */
export type ManageToolsPageRequest = {
  /** Lower-case words every tool of the page holds (name, SKU or description); none: all. */
  words: readonly string[];
  limit: number;
  after?: NamedKeysetCursor | undefined;
  /** How many matching tools are counted at most: MANAGE_TOOLS_COUNT_CAP, unless a test says. */
  countCap?: number;
};

/** The tools on sale, or those holding every word (through tool_search's trigrams). */
function liveToolsHolding(executor: Executor, words: readonly string[]) {
  return and(
    isNull(tools.archivedAt),
    words.length > 0 ? inArray(tools.id, idsHoldingEveryWord(executor, words)) : undefined,
  );
}

/**
 * Manage Tools' page and the tool after it (keysetPage): the tools on sale in the catalog's order
 * (selectLiveTools': oldest first, then by name; the id settles what nothing else would), read
 * forwards off tools_live_created_at_name_id_idx from `after`, never a sort of the whole
 * catalog. Apart, so that a test reads its plan.
 */
export function manageToolsPageQuery(executor: Executor, page: ManageToolsPageRequest) {
  const { after } = page;
  return executor
    .select({ tool: tools, cursorDate: cursorTime(tools.createdAt) })
    .from(tools)
    .where(
      and(
        liveToolsHolding(executor, page.words),
        after
          ? pastNamedCursor({ time: tools.createdAt, name: tools.name, id: tools.id }, '>', after)
          : undefined,
      ),
    )
    .orderBy(asc(tools.createdAt), asc(tools.name), asc(tools.id))
    .limit(keysetPageLimit(page.limit));
}

/**
 * How many tools Manage Tools' pages hold, `cap` at most (cappedCountQuery): every tool on sale,
 * or those the words find.
 */
export function manageToolsCountQuery(executor: Executor, words: readonly string[], cap: number) {
  return cappedCountQuery(executor, tools, liveToolsHolding(executor, words), cap);
}

/** One page of Manage Tools, how many tools match (up to a cap), where the next page starts. */
export async function selectManageToolsPage(
  executor: Executor,
  page: ManageToolsPageRequest,
): Promise<CappedCount & { rows: ToolRow[]; next: NamedKeysetCursor | undefined }> {
  const cap = page.countCap ?? MANAGE_TOOLS_COUNT_CAP;
  const [found, [counted]] = await Promise.all([
    manageToolsPageQuery(executor, page),
    manageToolsCountQuery(executor, page.words, cap),
  ]);
  const { rows, next } = keysetPage(found, page.limit, (last) => ({
    createdAt: last.cursorDate,
    name: last.tool.name,
    id: last.tool.id,
  }));
  return { rows: rows.map(({ tool }) => tool), ...cappedCount(counted?.counted ?? 0, cap), next };
}

export async function insertTool(executor: Executor, values: NewToolRow): Promise<ToolRow> {
  const [row] = await executor.insert(tools).values(values).returning();
  if (!row) throw new Error('insert into tools returned no row');
  return row;
}

/**
 * Locks a tool on sale until `tx` ends (an order's stock reservation on it waits, and waits for
 * it), marking it updated; undefined when no tool on sale has this id.
 */
export async function lockLiveTool(tx: Transaction, id: string): Promise<ToolRow | undefined> {
  const [row] = await tx
    .update(tools)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(tools.id, id), isNull(tools.archivedAt)))
    .returning();
  return row;
}

/** Archives a live tool; resolves to the number of tools archived (0 or 1). */
export async function archiveToolById(executor: Executor, id: string): Promise<number> {
  const archived = await executor
    .update(tools)
    .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(tools.id, id), isNull(tools.archivedAt)))
    .returning({ id: tools.id });
  return archived.length;
}

/** The five fields Edit Tool changes (issue 25), and its category and attributes (issue 43). */
export type ToolFields = Pick<
  NewToolRow,
  'name' | 'description' | 'image' | 'priceCents' | 'minOrderQuantity'
> &
  Partial<Pick<NewToolRow, 'categoryId' | 'brandLine' | 'size' | 'material'>> & {
    /** Left as it is when undefined (an older client's edit sends no SKU). */
    sku?: string | undefined;
  };

/** Writes a tool on sale's editable fields; the tool after it, or undefined when none is on sale. */
export async function updateToolFields(
  executor: Executor,
  id: string,
  fields: ToolFields,
): Promise<ToolRow | undefined> {
  const [row] = await executor
    .update(tools)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(tools.id, id), isNull(tools.archivedAt)))
    .returning();
  return row;
}

/** How many tools on sale are in the category (not in those under it). */
export async function countToolsOnSaleInCategory(
  executor: Executor,
  categoryId: string,
): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(tools)
    .where(and(eq(tools.categoryId, categoryId), isNull(tools.archivedAt)));
  return row?.count ?? 0;
}

/** A tool by id, on sale or archived. */
export async function selectToolById(executor: Executor, id: string): Promise<ToolRow | undefined> {
  const [row] = await executor.select().from(tools).where(eq(tools.id, id));
  return row;
}

/** The archived tools, the most recently removed first. */
export function selectArchivedTools(executor: Executor): Promise<ToolRow[]> {
  return executor
    .select()
    .from(tools)
    .where(isNotNull(tools.archivedAt))
    .orderBy(desc(tools.archivedAt), asc(tools.name));
}

/**
 * Tools no longer on sale named by id or by SKU (compared in lower case, as tools_sku_unique
 * does): what a cart line, or a line sent to the cart, may still name. One query.
 */
export function selectArchivedToolsNamed(
  executor: Executor,
  named: { ids: readonly string[]; skuKeys: readonly string[] },
): Promise<ToolRow[]> {
  const { ids, skuKeys } = named;
  if (ids.length === 0 && skuKeys.length === 0) return Promise.resolve([]);
  const which = [
    ...(ids.length > 0 ? [inArray(tools.id, [...ids])] : []),
    ...(skuKeys.length > 0 ? [inArray(sql`lower(${tools.sku})`, [...skuKeys])] : []),
  ];
  return executor
    .select()
    .from(tools)
    .where(and(isNotNull(tools.archivedAt), or(...which)));
}

/** Puts an archived tool back on sale; the tool after it, or undefined when none was archived. */
export async function unarchiveTool(executor: Executor, id: string): Promise<ToolRow | undefined> {
  const [row] = await executor
    .update(tools)
    .set({ archivedAt: null, updatedAt: sql`now()` })
    .where(and(eq(tools.id, id), isNotNull(tools.archivedAt)))
    .returning();
  return row;
}

/** A tool's SKU, archived or not ('' when there is no such tool). */
export async function selectToolSku(executor: Executor, id: string): Promise<string> {
  const [row] = await executor.select({ sku: tools.sku }).from(tools).where(eq(tools.id, id));
  return row?.sku ?? '';
}
