import {
  formatMoney,
  manageToolsTexts,
  texts,
  type Tool,
  type ToolStock,
} from '@tools-factory/contract';
import { useId } from 'react';
import { CardLabel, DataTable } from '../../../components/ui/data-table';
import { RemoveRowButton, RowActionsMenu, RowMenuItem } from '../../../components/ui/row-actions';
import { SkuText } from '../../../components/ui/sku-text';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { formatCount } from '../../../lib/format';

interface ToolsTableProps {
  tools: Tool[];
  /** Each tool's low-stock threshold, by tool id; undefined while not known. */
  stockById: ReadonlyMap<string, ToolStock> | undefined;
  onRemove: (tool: Tool) => void;
  onEditPriceBreaks: (tool: Tool) => void;
  onEditLowStock: (tool: Tool, stock: ToolStock) => void;
  /** Edit Tool and Stock (issue 25). */
  onEdit: (tool: Tool) => void;
  onMoveStock: (tool: Tool) => void;
}

const lowStockWords = texts.manageTools.lowStock;

/** The threshold ('30 (default)' when it is not the tool's own), and 'low stock' when it is. */
function LowStockFigure({ stock }: { stock: ToolStock | undefined }) {
  if (!stock) {
    return (
      <span className="text-base-content/60">
        <span aria-hidden="true">…</span>
        <span className="sr-only">{lowStockWords.unknown}</span>
      </span>
    );
  }
  const threshold = stock.custom
    ? String(stock.lowStockThreshold)
    : lowStockWords.defaultThreshold(stock.lowStockThreshold);
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center justify-end gap-x-2 gap-y-1">
      <span className="font-semibold xl:font-normal xl:whitespace-nowrap">{threshold}</span>
      {stock.low ? (
        <span className="badge badge-warning badge-sm whitespace-nowrap">
          {lowStockWords.lowBadge}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Manage Tools: image, name, min order quantity, available quantity and Remove (SPEC.md section
 * 2), with the SKU under the name (issue 26), the list price with its price breaks counted, each
 * tool's low-stock threshold (issue 13), and the other actions (Edit, Stock, Price breaks, Low
 * stock) behind one Actions button beside Remove: stacked as buttons they made each row about
 * 250 px tall, three tools to a screen (issue 42). One table, a table from xl; below, each row is
 * laid out as a card (header row hidden, each figure with its name), so neither a phone nor a
 * small laptop scrolls sideways, and the page still holds one Remove per tool.
 */
export function ToolsTable({
  tools,
  stockById,
  onRemove,
  onEditPriceBreaks,
  onEditLowStock,
  onEdit,
  onMoveStock,
}: ToolsTableProps) {
  const idPrefix = useId();
  const { columns } = texts.manageTools;
  return (
    <DataTable
      cardsBelow="xl"
      // Seven columns beside the dashboard's menu at 1280 px: a little less padding in each.
      className="xl:[&_td]:px-3 xl:[&_th]:px-3"
      columns={[
        { label: columns.image },
        { label: columns.name },
        { label: columns.price, numeric: true },
        { label: columns.minOrderQuantity, numeric: true },
        { label: columns.availableQuantity, numeric: true },
        { label: lowStockWords.column, numeric: true },
        { label: columns.action },
      ]}
    >
      {tools.map((tool) => {
        const nameId = `${idPrefix}-${tool._id}`;
        const stock = stockById?.get(tool._id);
        return (
          <tr
            key={tool._id}
            className="max-xl:grid max-xl:grid-cols-[auto_1fr] max-xl:items-center max-xl:gap-x-4 max-xl:gap-y-1 max-xl:p-4 max-xl:*:border-0 max-xl:*:p-0"
          >
            <td className="max-xl:row-span-5 max-xl:self-start">
              <Thumbnail src={tool.img} size="md" lazy />
            </td>
            <th scope="row" className="font-semibold break-words">
              <span id={nameId}>{tool.name}</span>
              <SkuText sku={tool.sku} className="mt-0.5 text-xs font-normal" />
            </th>
            <td className="text-right max-xl:flex max-xl:justify-between max-xl:gap-4">
              <CardLabel below="xl">{columns.price}</CardLabel>
              <span className="whitespace-nowrap">
                <span className="font-semibold xl:font-normal">{formatMoney(tool.price)}</span>
                {tool.priceBreaks.length > 0 ? (
                  <span className="text-base-content/70 block text-xs">
                    {texts.manageTools.breaksCount(tool.priceBreaks.length)}
                  </span>
                ) : null}
              </span>
            </td>
            <td className="text-right max-xl:flex max-xl:justify-between max-xl:gap-4">
              <CardLabel below="xl">{columns.minOrderQuantity}</CardLabel>
              <span className="font-semibold xl:font-normal">
                {formatCount(tool.minOrderQuantity)}
              </span>
            </td>
            <td className="text-right max-xl:flex max-xl:justify-between max-xl:gap-4">
              <CardLabel below="xl">{columns.availableQuantity}</CardLabel>
              <span className="font-semibold xl:font-normal">
                {formatCount(tool.availableQuantity)}
              </span>
            </td>
            <td className="text-right max-xl:flex max-xl:justify-between max-xl:gap-4">
              {/* On a card the label keeps its line; the figure wraps ('(default)', the badge). */}
              <span className="shrink-0">
                <CardLabel below="xl">{lowStockWords.column}</CardLabel>
              </span>
              <LowStockFigure stock={stock} />
            </td>
            <td className="max-xl:col-span-2 max-xl:pt-2!">
              <div className="grid grid-cols-2 gap-2 xl:flex xl:flex-col">
                <RowActionsMenu rowNameId={nameId} label={texts.manageTools.actions}>
                  <RowMenuItem rowNameId={nameId} onClick={() => onEdit(tool)}>
                    {manageToolsTexts.edit.button}
                  </RowMenuItem>
                  <RowMenuItem rowNameId={nameId} onClick={() => onMoveStock(tool)}>
                    {manageToolsTexts.stock.button}
                  </RowMenuItem>
                  <RowMenuItem rowNameId={nameId} onClick={() => onEditPriceBreaks(tool)}>
                    {texts.priceBreaks.edit}
                  </RowMenuItem>
                  <RowMenuItem
                    rowNameId={nameId}
                    disabled={!stock}
                    onClick={() => stock && onEditLowStock(tool, stock)}
                  >
                    {lowStockWords.edit}
                  </RowMenuItem>
                </RowActionsMenu>
                <RemoveRowButton rowNameId={nameId} onClick={() => onRemove(tool)} />
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
