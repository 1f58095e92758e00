import {
  MAX_SEARCH_LENGTH,
  routes,
  searchTools,
  texts,
  type Category,
  type Tool,
} from '@tools-factory/contract';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { useConfirmedRemoval } from '../../../lib/use-confirmed-removal';
import { useDeleteTool } from '../api/delete-tool';
import { useTools } from '../api/tools-query';
import { useToolStock } from '../api/get-tool-stock';
import { EditLowStockDialog, type LowStockEdit } from './edit-low-stock-dialog';
import { ArchivedTools } from './archived-tools';
import { EditPriceBreaksDialog } from './edit-price-breaks-dialog';
import { EditToolDialog } from './edit-tool-dialog';
import { StockDialog } from './stock-dialog';
import { RemoveToolDialog } from './remove-tool-dialog';
import { ToolsTable } from './tools-table';

/**
 * Manage Tools: the tools on sale, each with Remove, which asks first (a modal with the name and
 * image). Delete archives the tool: 'Delete success', the modal closes and the list (the home
 * page's too) is asked for again. 'Price breaks' opens the tool's breaks in a dialog, saved as a
 * whole. The low-stock column comes from GET /manageTools/stock, asked for each time the page
 * opens; 'Low stock' sets a tool's threshold in a dialog.
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
  const tools = useTools();
  const removal = useConfirmedRemoval({
    mutation: useDeleteTool(),
    keyOf: (tool: Tool) => tool._id,
    removedText: texts.orders.deleteSuccess,
    alreadyGoneText: texts.manageTools.alreadyRemoved,
  });
  const [editingBreaksOf, setEditingBreaksOf] = useState<Tool | null>(null);
  const stock = useToolStock();
  const stockById = useMemo(
    () => stock.data && new Map(stock.data.map((entry) => [entry.toolId, entry])),
    [stock.data],
  );
  const [editingLowStock, setEditingLowStock] = useState<LowStockEdit | null>(null);
  const [editing, setEditing] = useState<Tool | null>(null);
  const [movingStockOf, setMovingStockOf] = useState<Tool | null>(null);
  const [query, setQuery] = useState('');
  // Deferred: typing stays quick however many tools there are.
  const searched = useDeferredValue(query);
  const searchId = useId();

  return (
    <>
      <QueryBoundary query={tools}>
        {(list) => {
          const found = searched.trim() ? searchTools(list, { q: searched }) : list;
          return list.length === 0 ? (
            <EmptyState message={texts.manageTools.empty}>
              <Link to={routes.dashboardAddProducts} className="btn btn-primary">
                {texts.dashboard.addProducts}
              </Link>
            </EmptyState>
          ) : (
            <>
              {stock.isError && !stock.data ? (
                <div className="mb-4">
                  <ErrorState message={stock.error.message} onRetry={() => void stock.refetch()} />
                </div>
              ) : null}
              <ManageToolsSearch
                id={searchId}
                query={query}
                onQuery={setQuery}
                shown={found.length}
                all={list.length}
              />
              {found.length === 0 ? (
                <p className="text-base-content/70 py-6">
                  {texts.manageTools.noMatch(searched.trim())}
                </p>
              ) : null}
              <ToolsTable
                tools={found}
                stockById={stockById}
                onRemove={removal.ask}
                onEditPriceBreaks={setEditingBreaksOf}
                onEditLowStock={(tool, toolStock) => setEditingLowStock({ tool, stock: toolStock })}
                onEdit={setEditing}
                onMoveStock={setMovingStockOf}
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
          );
        }}
      </QueryBoundary>
      <ArchivedTools />
    </>
  );
}

/** The search above Manage Tools' table, and how many tools it shows of all. */
function ManageToolsSearch({
  id,
  query,
  onQuery,
  shown,
  all,
}: {
  id: string;
  query: string;
  onQuery: (query: string) => void;
  shown: number;
  all: number;
}) {
  const words = texts.manageTools;
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
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
        {words.shown(shown, all)}
      </p>
    </div>
  );
}
