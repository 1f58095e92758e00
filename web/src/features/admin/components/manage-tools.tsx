import { routes, texts, type Tool } from '@tools-factory/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
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
  const deleteTool = useDeleteTool();
  const [toolToRemove, setToolToRemove] = useState<Tool | null>(null);

  function removeTool(tool: Tool) {
    deleteTool.mutate(tool._id, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(texts.orders.deleteSuccess);
        else toast.info(texts.manageTools.alreadyRemoved);
        setToolToRemove(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        // Refused (403) or gone: nothing left to confirm. Otherwise (no answer, 5xx) the admin
        // may try again from the same dialog.
        if (isApiError(error) && error.status >= 400 && error.status < 500) {
          setToolToRemove(null);
        }
      },
    });
  }

  if (tools.isPending) return <Spinner />;
  if (tools.isError) {
    return <ErrorState message={tools.error.message} onRetry={() => void tools.refetch()} />;
  }
  if (tools.data.length === 0) {
    return (
      <div className="card bg-base-100 border-base-300 border shadow-sm">
        <div className="card-body items-center gap-4 text-center">
          <p className="text-lg font-semibold">{texts.manageTools.empty}</p>
          <Link to={routes.dashboardAddProducts} className="btn btn-primary">
            {texts.dashboard.addProducts}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <>
      <ToolsTable tools={tools.data} onRemove={setToolToRemove} />
      <RemoveToolDialog
        tool={toolToRemove}
        busy={deleteTool.isPending}
        onConfirm={removeTool}
        onCancel={() => setToolToRemove(null)}
      />
    </>
  );
}
