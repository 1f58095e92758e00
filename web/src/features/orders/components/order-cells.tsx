import type { ReactNode } from 'react';
import { formatMoney, orderActions, orderTotal, texts, type Order } from '@tools-factory/contract';
import { BadgeWithNote } from '../../../components/ui/badge-with-note';
import { BusyButton } from '../../../components/ui/busy-button';
import {
  CardLabel,
  FigureWithNote,
  labelledCell as labelledCellBelow,
} from '../../../components/ui/data-table';
import { EmailAddress } from '../../../components/ui/email-address';
import { ItemTitle } from '../../../components/ui/item-title';
import type { OrderDocumentActions } from '../hooks/use-order-documents';
import { formatCount } from '../../../lib/format';
import { RefundedNote } from './refunded-note';

/**
 * The cells and buttons My Orders and Manage Orders show alike. Both tables are cards below xl:
 * a value's cell names its column on the left and shows the value on the right.
 */
const labelledCell = labelledCellBelow('xl');

interface OrderFigureCellsProps {
  order: Pick<Order, 'email' | 'price' | 'quantity' | 'refunded'>;
  /** The columns' names, shown beside each value on a card. */
  labels: { email: string; quantity: string; total: string };
  /** Keeps the e-mail on one line in the table. */
  nowrapEmailFromXl?: boolean;
  /** Classes the table adds to each of its cells (its vertical alignment). */
  className?: string;
  /** The customer's name above the e-mail (Manage Orders, issue 25); none in My Orders. */
  customerName?: string | null;
  /** A line under its checkout's head, which names the buyer once (issue 42): no e-mail again. */
  buyerOnHead?: boolean;
}

/**
 * The order's e-mail, its quantity, and its total with the unit price below (and what went back
 * of it, once some did): three cells.
 */
export function OrderFigureCells({
  order,
  labels,
  nowrapEmailFromXl = false,
  className = '',
  customerName,
  buyerOnHead = false,
}: OrderFigureCellsProps) {
  return (
    <>
      {buyerOnHead ? (
        <td className={`${className} max-xl:hidden`} />
      ) : (
        <td className={`${labelledCell} ${className}`}>
          <CardLabel below="xl">{labels.email}</CardLabel>
          <span
            className={`min-w-0 wrap-break-word max-xl:text-right ${nowrapEmailFromXl ? 'xl:whitespace-nowrap' : ''}`}
          >
            {customerName ? <span className="block font-semibold">{customerName}</span> : null}
            <EmailAddress email={order.email} />
          </span>
        </td>
      )}
      <td className={`${labelledCell} ${className} xl:text-right`}>
        <CardLabel below="xl">{labels.quantity}</CardLabel>
        <span>{formatCount(order.quantity)}</span>
      </td>
      <td className={`${labelledCell} ${className} whitespace-nowrap xl:text-right`}>
        <CardLabel below="xl">{labels.total}</CardLabel>
        <span className="text-right">
          <FigureWithNote
            figure={formatMoney(orderTotal(order.price, order.quantity))}
            note={texts.orders.each(formatMoney(order.price))}
          />
          <RefundedNote refunded={order.refunded} />
        </span>
      </td>
    </>
  );
}

interface OrderTitleProps {
  order: Pick<Order, 'img' | 'name' | 'sku' | 'madeToOrder'>;
  /** The name's id: the row's buttons are described by it. */
  nameId: string;
  /** Classes of the line (its alignment, its width in the table). */
  className: string;
  /** What else tells the order apart, under its name. */
  children?: ReactNode;
}

/**
 * The order's picture, name and SKU (as it was ordered), what else tells it apart, and whether it
 * is made to order.
 */
export function OrderTitle({ order, nameId, className, children }: OrderTitleProps) {
  return (
    <ItemTitle item={order} nameId={nameId} className={className}>
      {children}
      <MadeToOrderBadge order={order} />
    </ItemTitle>
  );
}

/** An order made from a quote beyond the stock, and what that means. */
function MadeToOrderBadge({ order }: { order: Pick<Order, 'madeToOrder'> }) {
  return order.madeToOrder ? (
    <BadgeWithNote label={texts.orders.madeToOrderBadge} note={texts.orders.madeToOrderHint} />
  ) : null;
}

interface DocumentButtonProps {
  order: Pick<Order, '_id' | 'reference'>;
  className: string;
}

/**
 * Invoice, and Credit note once an admin gave some of its amount back (a cancellation's refund
 * or a partial one, issue 42): the order's PDFs, in the same style. A line of a checkout shown as
 * a group has its credit note only: the checkout's one invoice is on its head.
 */
export function OrderDocumentButtons({
  order,
  className,
  creditNoteOnly = false,
  ...documents
}: DocumentButtonProps & {
  /** Its status and what went back of it: orderActions tells whether a credit note exists. */
  order: Pick<Order, 'status' | 'refunded'>;
  creditNoteOnly?: boolean;
} & OrderDocumentActions) {
  return (
    <>
      {creditNoteOnly ? null : <InvoiceButton order={order} className={className} {...documents} />}
      {orderActions(order).creditNote ? (
        <CreditNoteButton order={order} className={className} {...documents} />
      ) : null}
    </>
  );
}

/** Invoice: a paid order's PDF, named by the order's reference for a screen reader. */
function InvoiceButton({
  order,
  className,
  onDownloadInvoice,
  downloadingInvoiceId,
}: DocumentButtonProps & Pick<OrderDocumentActions, 'onDownloadInvoice' | 'downloadingInvoiceId'>) {
  return (
    <BusyButton
      busy={downloadingInvoiceId === order._id}
      className={className}
      aria-label={texts.orders.invoiceLabel(order.reference)}
      onClick={() => onDownloadInvoice(order)}
    >
      {texts.orders.invoice}
    </BusyButton>
  );
}

/** Credit note: the PDF of what an admin gave back of the order. */
function CreditNoteButton({
  order,
  className,
  onDownloadCreditNote,
  downloadingCreditNoteId,
}: DocumentButtonProps &
  Pick<OrderDocumentActions, 'onDownloadCreditNote' | 'downloadingCreditNoteId'>) {
  return (
    <BusyButton
      busy={downloadingCreditNoteId === order._id}
      className={className}
      aria-label={texts.orders.creditNoteLabel(order.reference)}
      onClick={() => onDownloadCreditNote(order)}
    >
      {texts.orders.creditNote}
    </BusyButton>
  );
}
