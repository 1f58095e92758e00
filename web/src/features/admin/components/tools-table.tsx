import { texts, type Tool } from '@tools-factory/contract';
import { useId } from 'react';

interface ToolsTableProps {
  tools: Tool[];
  onRemove: (tool: Tool) => void;
}

/** A figure's column name, shown beside it only while the row is a card (below lg). */
function CardLabel({ children }: { children: string }) {
  return <span className="text-base-content/70 lg:hidden">{children}</span>;
}

/**
 * Manage Tools: image, name, min order quantity, available quantity and Remove (SPEC.md section
 * 2). One table, a table from lg (its five columns need about 640 px beside the dashboard's
 * menu); below, each row is laid out as a card (header row hidden, each figure with its name), so
 * a phone needs no sideways scrolling, and the page still holds one Remove per tool.
 */
export function ToolsTable({ tools, onRemove }: ToolsTableProps) {
  const idPrefix = useId();
  const { columns } = texts.manageTools;
  return (
    <div className="card bg-base-100 border-base-300 border shadow-sm">
      {/* A very long tool name could still widen the table: it scrolls inside its card. */}
      <div className="lg:overflow-x-auto">
        <table className="table max-lg:block">
          <thead className="max-lg:hidden">
            <tr>
              <th scope="col">{columns.image}</th>
              <th scope="col">{columns.name}</th>
              <th scope="col" className="text-right">
                {columns.minOrderQuantity}
              </th>
              <th scope="col" className="text-right">
                {columns.availableQuantity}
              </th>
              <th scope="col">{columns.action}</th>
            </tr>
          </thead>
          {/* As cards, one line between cards, not daisyUI's line under each cell. */}
          <tbody className="max-lg:divide-base-content/10 max-lg:block max-lg:divide-y">
            {tools.map((tool) => {
              const nameId = `${idPrefix}-${tool._id}`;
              return (
                <tr
                  key={tool._id}
                  className="max-lg:grid max-lg:grid-cols-[auto_1fr] max-lg:items-center max-lg:gap-x-4 max-lg:gap-y-1 max-lg:p-4 max-lg:*:border-0 max-lg:*:p-0"
                >
                  <td className="max-lg:row-span-3 max-lg:self-start">
                    <img
                      src={tool.img}
                      alt=""
                      width={56}
                      height={56}
                      loading="lazy"
                      className="bg-base-200 rounded-box size-14 object-contain p-1"
                    />
                  </td>
                  <th scope="row" id={nameId} className="font-semibold break-words">
                    {tool.name}
                  </th>
                  <td className="text-right max-lg:flex max-lg:justify-between max-lg:gap-4">
                    <CardLabel>{columns.minOrderQuantity}</CardLabel>
                    <span className="font-semibold lg:font-normal">{tool.minOrderQuantity}</span>
                  </td>
                  <td className="text-right max-lg:flex max-lg:justify-between max-lg:gap-4">
                    <CardLabel>{columns.availableQuantity}</CardLabel>
                    <span className="font-semibold lg:font-normal">{tool.availableQuantity}</span>
                  </td>
                  <td className="max-lg:col-span-2 max-lg:pt-2!">
                    <button
                      type="button"
                      className="btn btn-error btn-outline btn-sm max-lg:w-full"
                      aria-describedby={nameId}
                      onClick={() => onRemove(tool)}
                    >
                      {texts.orders.remove}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
