import { routes, texts, type Tool } from '@tools-factory/contract';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { useConfirmedRemoval } from '../../../lib/use-confirmed-removal';
import { useDeleteTool } from '../api/delete-tool';
import { useCatalogTools } from '../api/get-catalog-tools';
import { RemoveToolDialog } from './remove-tool-dialog';
import { ToolsTable } from './tools-table';

/**
 * Manage Tools: the tools on sale, each with Remove, which asks first (a modal with the name and
 * image). Delete archives the tool: 'Delete success', the modal closes and the list (the home
 * page's too) is asked for again.
 */
export function ManageTools() {
  const tools = useCatalogTools();
  const removal = useConfirmedRemoval({
    mutation: useDeleteTool(),
    keyOf: (tool: Tool) => tool._id,
    removedText: texts.orders.deleteSuccess,
    alreadyGoneText: texts.manageTools.alreadyRemoved,
  });

  return (
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
            <ToolsTable tools={list} onRemove={removal.ask} />
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
  );
}
