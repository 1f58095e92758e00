import { formatMoney, skuKey, texts, type QuickOrderEntry } from '@tools-factory/contract';
import { CardLabel, DataTable, cardRow, labelledCell } from '../../../components/ui/data-table';
import { formatCount } from '../../../lib/format';
import { BAD_TEXT, GOOD_TEXT } from './verdict-colours';

/**
 * A refusal of the cart belongs to a SKU and the quantity sent: once the buyer changes either,
 * the row is checked afresh and the old refusal no longer shows.
 */
export function refusalKey(entry: QuickOrderEntry): string {
  return `${skuKey(entry.sku)} ${entry.quantity}`;
}

/** Rows shown at most: a file of thousands of lines is still checked and sent whole. */
export const MAX_SHOWN_ROWS = 1000;

/** A SKU shown in a cell: a pasted paragraph is cut, its length is in the verdict. */
const SHOWN_SKU_LENGTH = 40;

const columns = texts.quickOrder.columns;

function shownSku(sku: string): string {
  return sku.length > SHOWN_SKU_LENGTH ? `${sku.slice(0, SHOWN_SKU_LENGTH)}…` : sku;
}

/** The quantity as summed, or as written when it is no whole number. */
function shownQuantity(entry: QuickOrderEntry): string {
  if (entry.quantity === null) return entry.lines[0]?.quantity ?? '';
  return Number.isFinite(entry.quantity)
    ? formatCount(entry.quantity)
    : shownSku(entry.lines.map((line) => line.quantity).join(' + '));
}

interface QuickOrderRowProps {
  entry: QuickOrderEntry;
  /** Why the cart refused this SKU and quantity at the last Add, if it did. */
  refusal: string | undefined;
  /** What the cart holds of the row's tool already, if any. */
  heldInCart: number | undefined;
  /** The row's quantity replaces what the cart holds, rather than adding to it. */
  replace: boolean;
}

/**
 * One row: green when the cart should take it, red with the reason in words otherwise (a
 * refusal of the cart too); merged lines say which they were.
 */
function QuickOrderRow({ entry, refusal, heldInCart, replace }: QuickOrderRowProps) {
  const { verdict } = entry;
  const good = verdict.ok && !refusal;
  const lineNumbers = entry.lines.map((line) => line.lineNumber);
  const cell = labelledCell('xl');
  return (
    <tr className={`${cardRow('xl')} ${good ? 'bg-success/10' : 'bg-error/10'}`}>
      <td className={`${cell} text-base-content/70 whitespace-nowrap`}>
        <CardLabel below="xl">{columns.line}</CardLabel>
        <span>{texts.quickOrder.lineLabel(lineNumbers)}</span>
      </td>
      <th scope="row" className={`${cell} font-mono font-semibold break-all xl:whitespace-nowrap`}>
        <CardLabel below="xl">{columns.sku}</CardLabel>
        <span>{verdict.ok ? verdict.sku : shownSku(entry.sku) || '—'}</span>
      </th>
      <td className={cell}>
        <CardLabel below="xl">{columns.tool}</CardLabel>
        <span className="text-right xl:text-left">{verdict.name ?? '—'}</span>
      </td>
      <td className={`${cell} xl:text-right`}>
        <CardLabel below="xl">{columns.quantity}</CardLabel>
        <span className="break-all">{shownQuantity(entry)}</span>
      </td>
      <td className={`${cell} xl:text-right`}>
        <CardLabel below="xl">{columns.unitPrice}</CardLabel>
        <span>{verdict.ok ? formatMoney(verdict.unitPrice) : '—'}</span>
      </td>
      <td className={`${cell} xl:text-right`}>
        <CardLabel below="xl">{columns.lineTotal}</CardLabel>
        <span className="font-semibold">{verdict.ok ? formatMoney(verdict.lineTotal) : '—'}</span>
      </td>
      <td className="md:max-xl:col-span-2">
        <p className={`font-semibold ${good ? GOOD_TEXT : BAD_TEXT}`}>
          {!verdict.ok
            ? verdict.message
            : refusal
              ? `${texts.quickOrder.refusedBy} ${refusal}`
              : texts.quickOrder.good}
        </p>
        {entry.lines.length > 1 && entry.quantity !== null ? (
          <p className="text-base-content/70 text-sm">
            {texts.quickOrder.merged(lineNumbers, entry.quantity)}
          </p>
        ) : null}
        {verdict.ok && heldInCart !== undefined && entry.quantity !== null ? (
          <p className="text-base-content/70 text-sm">
            {texts.cart.inCart(heldInCart, replace ? entry.quantity : heldInCart + entry.quantity)}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

interface QuickOrderTableProps {
  entries: readonly QuickOrderEntry[];
  /** The cart's refusals at the last Add, by refusalKey. */
  refusals: ReadonlyMap<string, string>;
  /** What the cart holds, by tool id. */
  held: ReadonlyMap<string, number>;
  /** The rows' quantities replace what the cart holds, rather than adding to it. */
  replace: boolean;
}

/**
 * The checked lines, each row with its verdict (as cards below xl: beside the dashboard's menu
 * seven columns need the width). At most MAX_SHOWN_ROWS rows, the count said above them.
 */
export function QuickOrderTable({ entries, refusals, held, replace }: QuickOrderTableProps) {
  const shown = entries.slice(0, MAX_SHOWN_ROWS);
  return (
    <>
      {entries.length > shown.length ? (
        <p className="text-base-content/70 mb-2 text-sm">
          {texts.quickOrder.shownOnly(shown.length, entries.length)}
        </p>
      ) : null}
      <DataTable
        cardsBelow="xl"
        columns={[
          { label: columns.line },
          { label: columns.sku },
          { label: columns.tool },
          { label: columns.quantity, numeric: true },
          { label: columns.unitPrice, numeric: true },
          { label: columns.lineTotal, numeric: true },
          { label: columns.verdict },
        ]}
      >
        {shown.map((entry) => (
          <QuickOrderRow
            key={entry.lines[0]?.lineNumber}
            entry={entry}
            refusal={refusals.get(refusalKey(entry))}
            heldInCart={entry.verdict.ok ? held.get(entry.verdict.toolId) : undefined}
            replace={replace}
          />
        ))}
      </DataTable>
    </>
  );
}
