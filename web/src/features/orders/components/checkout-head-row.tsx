import {
  checkoutStatusOf,
  type CheckoutStatus,
  formatMoney,
  shippedCount,
  texts,
  type Order,
} from '@tools-factory/contract';
import type { ReactNode } from 'react';
import { cardRow } from '../../../components/ui/data-table';
import { formatShipping } from '../../../lib/format';
import { addedTaxFigure, taxNote } from '../../../lib/tax';
import type { CheckoutGroup } from './checkout-groups';
import { chargesShipping, checkoutAmounts, type ShippingCharge } from './refund-amounts';

const words = texts.checkout.group;

/** Nothing of such a checkout can have shipped yet: its head says no 'lines shipped'. */
const NOT_SHIPPING: readonly CheckoutStatus[] = [
  'awaitingApproval',
  'unpaid',
  'invoiced',
  'closed',
];

/** The id of a checkout head's summary: its buttons are described by it. */
export const checkoutHeadId = (checkoutId: string) => `checkout-${checkoutId}`;

/**
 * The head of a checkout's lines in My Orders and Manage Orders (issue 42): once for all its
 * lines, its reference, how many tools, its PO number, what the table adds (`facts`), its total
 * with its shipping and its tax (issue 45) when known, where it stands and how far it shipped
 * ('2 of 12 lines shipped'); its buttons on the right.
 */
export function CheckoutHeadRow({
  group,
  columns,
  reference,
  facts,
  shipping,
  actions,
  note,
}: {
  group: CheckoutGroup<Order>;
  /** The table's columns: the head spans them all. */
  columns: number;
  /** The checkout's reference as the table shows it (a link to its page, or the text). */
  reference: ReactNode;
  /** What else the table says of the checkout, each set off by a dot. */
  facts: ReactNode[];
  /**
   * The checkout's shipping (issue 42) and tax (issue 45), when the table knows them: counted in
   * its total, and said.
   */
  shipping?: ShippingCharge | undefined;
  actions: ReactNode;
  /** What the buyer must know of the checkout as a whole (issue 44: it awaits approval). */
  note?: string | undefined;
}) {
  // What the checkout is worth now: what went back of its lines (issue 42: in whole or in part)
  // is said apart, not counted in it; its shipping is part of it, and of what went back.
  const { kept, refunded } = checkoutAmounts(group.lines, shipping);
  const status = checkoutStatusOf(group.lines);
  const { shipped, of } = shippedCount(group.lines);
  const addedTax = shipping?.tax ? addedTaxFigure(shipping.tax) : null;
  const taxSaid = shipping?.tax ? taxNote(shipping.tax) : null;
  return (
    <tr className={`${cardRow('xl')} bg-base-200/60`}>
      <td colSpan={columns} className="md:max-xl:col-span-2">
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
          <p id={checkoutHeadId(group.checkoutId)} className="min-w-0 text-sm wrap-break-word">
            <span className="font-semibold">{words.checkout}</span> {reference}
            <span className="text-base-content/70">
              {' · '}
              {words.lines(group.lines.length)}
              {group.poNumber ? (
                <>
                  {' · '}
                  <span className="whitespace-nowrap">
                    {words.po} <span className="font-mono">{group.poNumber}</span>
                  </span>
                </>
              ) : null}
              {facts.map((fact, index) => (
                <span key={index}>
                  {' · '}
                  {fact}
                </span>
              ))}
              {' · '}
              {words.total}{' '}
            </span>
            <span className="font-semibold">{formatMoney(kept)}</span>
            {shipping && chargesShipping(shipping) ? (
              <span className="text-base-content/70 whitespace-nowrap">
                {' · '}
                {texts.shipping.line}: {formatShipping(shipping.shipping)}
              </span>
            ) : null}
            {addedTax ? (
              <span className="text-base-content/70 whitespace-nowrap">
                {' · '}
                {addedTax.term}: {addedTax.value}
              </span>
            ) : null}
            {taxSaid ? (
              <span className="text-base-content/70">
                {' · '}
                {taxSaid}
              </span>
            ) : null}
            {refunded > 0 ? (
              <span className="text-base-content/70 whitespace-nowrap">
                {' · '}
                {words.refunded(formatMoney(refunded))}
              </span>
            ) : null}
            <span className="text-base-content/70">{' · '}</span>
            <span className="badge badge-outline badge-sm">{words.status[status]}</span>
            {NOT_SHIPPING.includes(status) ? null : (
              <span className="text-base-content/70 whitespace-nowrap">
                {' '}
                {texts.shipments.checkoutPage.linesShipped(shipped, of)}
              </span>
            )}
          </p>
          <div className="flex flex-wrap gap-2 max-md:w-full">{actions}</div>
        </div>
        {note ? (
          // The page's own text colour: daisyUI's blue on its pale blue ground is too faint.
          <p className="alert alert-info alert-soft text-base-content mt-2 text-sm">{note}</p>
        ) : null}
      </td>
    </tr>
  );
}
