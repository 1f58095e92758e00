import { texts, type Tool } from '@tools-factory/contract';
import { useId } from 'react';
import { CardLabel, DataTable } from '../../../components/ui/data-table';
import { Thumbnail } from '../../../components/ui/thumbnail';

interface ToolsTableProps {
  tools: Tool[];
  onRemove: (tool: Tool) => void;
  onEditPriceBreaks: (tool: Tool) => void;
}

/**
 * Manage Tools: image, name, min order quantity, available quantity and Remove (SPEC.md section
 * 2), with 'Price breaks' beside Remove (DESIGN.md section 11). One table, a table from lg (its five columns need about 640 px beside the dashboard's
 * menu); below, each row is laid out as a card (header row hidden, each figure with its name), so
 * a phone needs no sideways scrolling, and the page still holds one Remove per tool.
 */
export function ToolsTable({ tools, onRemove, onEditPriceBreaks }: ToolsTableProps) {
  const idPrefix = useId();
  const { columns } = texts.manageTools;
  return (
    <DataTable
      cardsBelow="lg"
      columns={[
        { label: columns.image },
        { label: columns.name },
        { label: columns.minOrderQuantity, numeric: true },
        { label: columns.availableQuantity, numeric: true },
        { label: columns.action },
      ]}
    >
      {tools.map((tool) => {
        const nameId = `${idPrefix}-${tool._id}`;
        return (
          <tr
            key={tool._id}
            className="max-lg:grid max-lg:grid-cols-[auto_1fr] max-lg:items-center max-lg:gap-x-4 max-lg:gap-y-1 max-lg:p-4 max-lg:*:border-0 max-lg:*:p-0"
          >
            <td className="max-lg:row-span-3 max-lg:self-start">
              <Thumbnail src={tool.img} size="md" lazy />
            </td>
            <th scope="row" id={nameId} className="font-semibold break-words">
              {tool.name}
            </th>
            <td className="text-right max-lg:flex max-lg:justify-between max-lg:gap-4">
              <CardLabel below="lg">{columns.minOrderQuantity}</CardLabel>
              <span className="font-semibold lg:font-normal">{tool.minOrderQuantity}</span>
            </td>
            <td className="text-right max-lg:flex max-lg:justify-between max-lg:gap-4">
              <CardLabel below="lg">{columns.availableQuantity}</CardLabel>
              <span className="font-semibold lg:font-normal">{tool.availableQuantity}</span>
            </td>
            <td className="max-lg:col-span-2 max-lg:pt-2!">
              <div className="flex gap-2 max-lg:*:flex-1 lg:flex-col">
                <button
                  type="button"
                  className="btn btn-outline btn-sm whitespace-nowrap"
                  aria-describedby={nameId}
                  onClick={() => onEditPriceBreaks(tool)}
                >
                  {texts.priceBreaks.edit}
                </button>
                <button
                  type="button"
                  className="btn btn-error btn-outline btn-sm"
                  aria-describedby={nameId}
                  onClick={() => onRemove(tool)}
                >
                  {texts.orders.remove}
                </button>
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
