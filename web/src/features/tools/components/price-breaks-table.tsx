import {
  dollarsToCents,
  formatMoney,
  reachedPriceBreak,
  sortPriceBreaks,
  texts,
  type Tool,
} from '@tools-factory/contract';
import { useId } from 'react';
import { ColumnHeads } from '../../../components/ui/column-heads';
import { formatCount } from '../../../lib/format';

interface PriceBreaksTableProps {
  tool: Tool;
  /** The quantity the customer has typed (null: none yet, or not a number): its row stands out. */
  quantity?: number | null;
}

interface PriceRow {
  /** The row's first quantity: the list price's starts at the smallest order allowed. */
  from: number;
  range: string;
  price: number;
  /** '12% off'; none on the list price's row. */
  saving: string | null;
}

/** The saving of a unit price against the list price, in whole percent. */
function percentOff(price: number, listPrice: number): number {
  return Math.round((1 - dollarsToCents(price) / dollarsToCents(listPrice)) * 100);
}

/**
 * The rows as a buyer reads them: the list price from the smallest order allowed up to the first
 * break, then each break up to the next ('500 to 999'), the last one open ('1,000 or more').
 */
function priceRows(tool: Tool): PriceRow[] {
  const breaks = sortPriceBreaks(tool.priceBreaks);
  const starts = [
    { minQuantity: tool.minOrderQuantity + 1, price: tool.price, isList: true },
    ...breaks.map((priceBreak) => ({ ...priceBreak, isList: false })),
  ];
  return starts.map(({ minQuantity, price, isList }, index) => {
    const next = starts[index + 1];
    return {
      from: minQuantity,
      range: next
        ? texts.priceBreaks.range(formatCount(minQuantity), formatCount(next.minQuantity - 1))
        : texts.priceBreaks.orMore(formatCount(minQuantity)),
      price,
      saving: isList ? null : texts.priceBreaks.percentOff(percentOff(price, tool.price)),
    };
  });
}

/**
 * The purchase page's volume pricing, under the price (docs/architecture.md#business-buyers): one
 * row per quantity range with its unit price and saving; the row the typed quantity reaches is
 * marked. Nothing at all for a tool without breaks.
 */
export function PriceBreaksTable({ tool, quantity = null }: PriceBreaksTableProps) {
  const titleId = useId();
  if (tool.priceBreaks.length === 0) return null;
  const rows = priceRows(tool);
  const reached =
    quantity === null || quantity <= tool.minOrderQuantity
      ? undefined
      : (reachedPriceBreak(tool.priceBreaks, quantity)?.minQuantity ?? tool.minOrderQuantity + 1);
  // Narrow cells, so the three columns fit a 360 px phone; wider still, the table scrolls in place.
  return (
    <div>
      <h3 id={titleId} className="mb-1 font-semibold">
        {texts.priceBreaks.title}
      </h3>
      <div className="overflow-x-auto">
        <table
          aria-labelledby={titleId}
          className="table-sm table text-sm [&_td]:px-2 [&_th]:px-2 [&_thead_th]:text-xs"
        >
          <ColumnHeads
            columns={[
              { label: texts.priceBreaks.quantity },
              { label: texts.priceBreaks.unitPrice, numeric: true },
              { label: texts.priceBreaks.saving, numeric: true },
            ]}
          />
          <tbody>
            {rows.map((row) => {
              const current = row.from === reached;
              return (
                <tr
                  key={row.from}
                  aria-current={current ? 'true' : undefined}
                  className={current ? 'bg-primary/20 font-semibold' : undefined}
                >
                  <th
                    scope="row"
                    className={`whitespace-nowrap ${current ? 'font-semibold' : 'font-normal'}`}
                  >
                    {row.range}
                  </th>
                  <td className="text-right whitespace-nowrap">{formatMoney(row.price)}</td>
                  <td className="text-right whitespace-nowrap">{row.saving ?? '-'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
