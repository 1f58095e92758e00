import { routes, texts, type Tool } from '@tools-factory/contract';
import { useMemo, useState } from 'react';
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
export function ManageTools() {
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

  return (
    <>
      <QueryBoundary query={tools}>
        {(list) =>
          list.length === 0 ? (
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
              <ToolsTable
                tools={list}
                stockById={stockById}
                onRemove={removal.ask}
                onEditPriceBreaks={setEditingBreaksOf}
                onEditLowStock={(tool, toolStock) => setEditingLowStock({ tool, stock: toolStock })}
                onEdit={setEditing}
                onMoveStock={setMovingStockOf}
              />
              <EditToolDialog tool={editing} onClose={() => setEditing(null)} />
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
