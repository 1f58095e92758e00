import {
  MANAGE_TOOLS_PAGE_SIZE,
  manageToolsTexts,
  MAX_SEARCH_LENGTH,
  routes,
  texts,
  type Category,
  type Tool,
} from '@tools-factory/contract';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { useConfirmedRemoval } from '../../../lib/use-confirmed-removal';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useKeysetPages } from '../../../lib/use-keyset-pages';
import { useDeleteTool } from '../api/delete-tool';
import { useManagedToolsPage } from '../api/get-managed-tools';
import { EditLowStockDialog, type LowStockEdit } from './edit-low-stock-dialog';
import { ArchivedTools } from './archived-tools';
import { EditPriceBreaksDialog } from './edit-price-breaks-dialog';
import { EditToolDialog } from './edit-tool-dialog';
import { StockDialog } from './stock-dialog';
import { RemoveToolDialog } from './remove-tool-dialog';
import { ToolsTable } from './tools-table';

/** How long the typing pauses before the search is asked for. */
const SEARCH_PAUSE_MS = 300;

/**
 * Manage Tools: the tools on sale, each with Remove, which asks first (a modal with the name and
 * image). Delete archives the tool: 'Delete success', the modal closes and the list (the home
 * page's too) is asked for again. 'Price breaks' opens the tool's breaks in a dialog, saved as a
 * whole; 'Low stock' sets a tool's threshold in a dialog. Issue 43: a page of 50 tools at a time
 * (GET /manageTools/page, each tool with its stock), in the catalog's order, searched on the
 * server by name, SKU or description as the typing pauses, never the whole catalog.
 */
export function ManageTools({
  categories = [],
  onToolChanged,
}: {
  /** The category tree to choose a tool's from (issue 43). */
  categories?: readonly Category[];
  /** After an edit: what else shows the tool (the categories' counts) is asked for again. */
  onToolChanged?: () => void;
}) {
  const pages = useKeysetPages({ q: '' });
  const [typed, setTyped] = useState('');
  const settled = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const { search } = pages;
  const searched = pages.filters.q;
  useEffect(() => {
    if (settled !== searched) search({ q: settled });
  }, [settled, searched, search]);
  const tools = useManagedToolsPage({ q: searched, after: pages.after });
  const removal = useConfirmedRemoval({
    mutation: useDeleteTool(),
    keyOf: (tool: Tool) => tool._id,
    removedText: texts.orders.deleteSuccess,
    alreadyGoneText: texts.manageTools.alreadyRemoved,
  });
  const [editingBreaksOf, setEditingBreaksOf] = useState<Tool | null>(null);
  const stock = tools.data?.stock;
  const stockById = useMemo(
    () => stock && new Map(stock.map((entry) => [entry.toolId, entry])),
    [stock],
  );
  const [editingLowStock, setEditingLowStock] = useState<LowStockEdit | null>(null);
  const [editing, setEditing] = useState<Tool | null>(null);
  const [movingStockOf, setMovingStockOf] = useState<Tool | null>(null);
  const searchId = useId();

  return (
    <>
      {/* A page already shown stays when a later refresh fails: it is still the best known. */}
      <QueryBoundary query={tools} keepDataOnError>
        {({ tools: list, total, capped, next }) =>
          total === 0 && searched === '' && pages.page === 1 ? (
            <EmptyState message={texts.manageTools.empty}>
              <Link to={routes.dashboardAddProducts} className="btn btn-primary">
                {texts.dashboard.addProducts}
              </Link>
            </EmptyState>
          ) : (
            <>
              <ManageToolsSearch
                id={searchId}
                query={typed}
                onQuery={setTyped}
                onSubmit={() => search({ q: typed.trim() })}
                status={toolsCountText(searched !== '', total, capped)}
              />
              {list.length === 0 ? (
                <p className="text-base-content/70 py-6">{texts.manageTools.noMatch(searched)}</p>
              ) : (
                <ToolsTable
                  tools={list}
                  stockById={stockById}
                  onRemove={removal.ask}
                  onEditPriceBreaks={setEditingBreaksOf}
                  onEditLowStock={(tool, toolStock) =>
                    setEditingLowStock({ tool, stock: toolStock })
                  }
                  onEdit={setEditing}
                  onMoveStock={setMovingStockOf}
                />
              )}
              <Pager
                page={pages.page}
                pages={capped ? undefined : Math.max(1, Math.ceil(total / MANAGE_TOOLS_PAGE_SIZE))}
                hasNext={next !== null}
                onNext={() => next !== null && pages.next(next)}
                onPrevious={pages.previous}
              />
              <EditToolDialog
                tool={editing}
                categories={categories}
                onClose={() => {
                  setEditing(null);
                  onToolChanged?.();
                }}
              />
              <StockDialog tool={movingStockOf} onClose={() => setMovingStockOf(null)} />
              <EditLowStockDialog
                editing={editingLowStock}
                onClose={() => setEditingLowStock(null)}
              />
              <EditPriceBreaksDialog
                tool={editingBreaksOf}
                onClose={() => setEditingBreaksOf(null)}
              />
              <RemoveToolDialog
                tool={removal.itemToRemove}
                busy={removal.busy}
                onConfirm={removal.confirm}
                onCancel={removal.cancel}
              />
            </>
          )
        }
      </QueryBoundary>
      <ArchivedTools />
    </>
  );
}

/**
 * How many tools are on sale or match the search, or more than the count when the server's count
 * stopped at its cap (MANAGE_TOOLS_COUNT_CAP), as Manage Orders says it.
 */
function toolsCountText(searched: boolean, total: number, capped: boolean): string {
  const words = manageToolsTexts.page;
  if (searched) return capped ? words.foundAtLeast(total) : words.found(total);
  return capped ? words.onSaleAtLeast(total) : words.onSale(total);
}

/** The search above Manage Tools' table, and how many tools are on sale or match. */
function ManageToolsSearch({
  id,
  query,
  onQuery,
  onSubmit,
  status,
}: {
  id: string;
  query: string;
  onQuery: (query: string) => void;
  /** Enter: the search at once, without waiting for the pause. */
  onSubmit: () => void;
  status: string;
}) {
  const words = texts.manageTools;
  return (
    <form
      role="search"
      className="mb-4 flex flex-wrap items-end justify-between gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="flex w-full max-w-sm flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold">
          {words.search}
        </label>
        <input
          id={id}
          type="search"
          className="input w-full"
          placeholder={words.searchHint}
          maxLength={MAX_SEARCH_LENGTH}
          value={query}
          onChange={(event) => onQuery(event.target.value)}
        />
      </div>
      <p role="status" className="text-base-content/70 text-sm">
        {status}
      </p>
    </form>
  );
}
