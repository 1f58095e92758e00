import { formatMoney, manageToolsTexts, type ArchivedTool } from '@tools-factory/contract';
import { useId, useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { RowButton } from '../../../components/ui/row-actions';
import { ItemTitle } from '../../../components/ui/item-title';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useArchivedTools, useRestoreTool } from '../api/archived-tools';

const words = manageToolsTexts.archived;

/**
 * One removed tool: its picture, name and SKU (which no other tool may take: Restore brings it
 * back with it), when it was removed, and Restore.
 */
function ArchivedRow({ tool }: { tool: ArchivedTool }) {
  const restore = useRestoreTool();
  const nameId = useId();
  async function restoreIt() {
    try {
      await restore.mutateAsync(tool._id);
      toast.success(words.restored(tool.name));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }
  return (
    <li className="flex items-center gap-3 p-3">
      <ItemTitle item={tool} nameId={nameId} className="min-w-0 grow items-center">
        <p className="text-base-content/70 text-xs">
          {formatMoney(tool.price)} · {formatCount(tool.availableQuantity)} ·{' '}
          <time dateTime={tool.archivedAt}>{formatDateTime(tool.archivedAt)}</time>
        </p>
      </ItemTitle>
      <RowButton
        rowNameId={nameId}
        className="btn-outline"
        disabled={restore.isPending}
        onClick={() => void restoreIt()}
      >
        {words.restore}
      </RowButton>
    </li>
  );
}

/**
 * Manage Tools' removed tools (issue 25), behind a toggle: asked for only once shown; each with
 * Restore, which puts it back on sale (and on the home page) at once.
 */
export function ArchivedTools() {
  const [shown, setShown] = useState(false);
  const archived = useArchivedTools(shown);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8 flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {words.title}
        </h2>
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="toggle toggle-sm"
            checked={shown}
            onChange={(event) => setShown(event.target.checked)}
          />
          {words.show}
        </label>
      </div>
      {!shown ? null : archived.isError ? (
        <ErrorState message={archived.error.message} onRetry={() => void archived.refetch()} />
      ) : !archived.data ? (
        <span className="loading loading-spinner loading-sm" aria-label={words.title} />
      ) : archived.data.length === 0 ? (
        <p className="text-base-content/70 text-sm italic">{words.empty}</p>
      ) : (
        <ul className="divide-base-300 border-base-300 rounded-box bg-base-100 divide-y border">
          {archived.data.map((tool) => (
            <ArchivedRow key={tool._id} tool={tool} />
          ))}
        </ul>
      )}
    </section>
  );
}
