import { formatMoney, orderTotal, texts, type Order } from '@tools-factory/contract';
import { BadgeWithNote } from '../../../components/ui/badge-with-note';
import { BusyButton } from '../../../components/ui/busy-button';
import {
  CardLabel,
  FigureWithNote,
  labelledCell as labelledCellBelow,
} from '../../../components/ui/data-table';
import { EmailAddress } from '../../../components/ui/email-address';
import type { OrderDocumentActions } from '../hooks/use-order-documents';

/**
 * The cells and buttons My Orders and Manage Orders show alike. Both tables are cards below xl:
 * a value's cell names its column on the left and shows the value on the right.
 */
const labelledCell = labelledCellBelow('xl');

type OrderFigures = Pick<Order, 'price' | 'quantity'>;

interface CellProps {
  /** The column's name, shown beside the value on a card. */
  label: string;
  /** Classes the table adds to each of its cells (its vertical alignment). */
  className?: string;
}

/** The order's e-mail; `nowrapFromXl` keeps it on one line in the table. */
export function OrderEmailCell({
  label,
  email,
  nowrapFromXl = false,
  className = '',
}: CellProps & { email: string; nowrapFromXl?: boolean }) {
  return (
    <td className={`${labelledCell} ${className}`}>
      <CardLabel below="xl">{label}</CardLabel>
      <span
        className={`min-w-0 wrap-break-word max-xl:text-right ${nowrapFromXl ? 'xl:whitespace-nowrap' : ''}`}
      >
        <EmailAddress email={email} />
      </span>
    </td>
  );
}

export function OrderQuantityCell({
  label,
  order,
  className = '',
}: CellProps & { order: OrderFigures }) {
  return (
    <td className={`${labelledCell} ${className} xl:text-right`}>
      <CardLabel below="xl">{label}</CardLabel>
      <span>{order.quantity}</span>
    </td>
  );
}

/** The order's total, with its unit price below. */
export function OrderTotalCell({
  label,
  order,
  className = '',
}: CellProps & { order: OrderFigures }) {
  return (
    <td className={`${labelledCell} ${className} whitespace-nowrap xl:text-right`}>
      <CardLabel below="xl">{label}</CardLabel>
      <span className="text-right">
        <FigureWithNote
          figure={formatMoney(orderTotal(order.price, order.quantity))}
          note={texts.orders.each(formatMoney(order.price))}
        />
      </span>
    </td>
  );
}

/** An order made from a quote beyond the stock, and what that means. */
export function MadeToOrderBadge({ order }: { order: Pick<Order, 'madeToOrder'> }) {
  return order.madeToOrder ? (
    <BadgeWithNote label={texts.orders.madeToOrderBadge} note={texts.orders.madeToOrderHint} />
  ) : null;
}

interface DocumentButtonProps {
  order: Pick<Order, '_id' | 'reference'>;
  className: string;
}

/** Invoice: a paid order's PDF, named by the order's reference for a screen reader. */
export function InvoiceButton({
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

/** Credit note: a cancelled order's PDF, giving its amount back. */
export function CreditNoteButton({
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
