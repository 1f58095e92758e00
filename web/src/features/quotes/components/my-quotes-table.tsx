import { routes, texts, type Quote } from '@tools-factory/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { CardLabel, cardRow, DataTable, labelledCell } from '../../../components/ui/data-table';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { formatCount } from '../../../lib/format';
import { NeededByCell, OfferCell, ReferenceCell, StatusCell } from './quote-cells';
import { shownQuoteStatus } from './quote-status-badge';

interface MyQuotesTableProps {
  quotes: Quote[];
  /** The customer's orders still waiting for payment: an accepted quote's order gets 'pay'. */
  unpaidOrderIds: ReadonlySet<string>;
  onAccept: (quote: Quote) => void;
  onDecline: (quote: Quote) => void;
}

/**
 * What the customer can do with a quote: accept or decline a standing offer; once accepted, pay
 * its order (or find it in My Orders once paid). The others wait on us, or are over.
 */
function QuoteActions({
  quote,
  shown,
  referenceId,
  unpaidOrderIds,
  onAccept,
  onDecline,
}: { quote: Quote; shown: Quote['status']; referenceId: string } & Omit<
  MyQuotesTableProps,
  'quotes'
>) {
  if (shown === 'offered') {
    return (
      <div className="flex gap-2 md:justify-end">
        <button
          type="button"
          className="btn btn-success btn-sm max-md:flex-1"
          aria-describedby={referenceId}
          onClick={() => onAccept(quote)}
        >
          {texts.quotes.accept}
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm max-md:flex-1"
          aria-describedby={referenceId}
          onClick={() => onDecline(quote)}
        >
          {texts.quotes.decline}
        </button>
      </div>
    );
  }
  if (shown === 'accepted' && quote.orderId) {
    return unpaidOrderIds.has(quote.orderId) ? (
      <Link
        to={routes.dashboardPayment(quote.orderId)}
        className="btn btn-success btn-sm max-md:w-full"
        aria-describedby={referenceId}
      >
        {texts.quotes.pay}
      </Link>
    ) : (
      <Link
        to={routes.dashboardOrders}
        className="btn btn-ghost btn-sm max-md:w-full"
        aria-describedby={referenceId}
      >
        {texts.quotes.viewOrder}
      </Link>
    );
  }
  return null;
}

/**
 * My Quotes: each quote with its tool, quantity, needed-by date, the offer (unit price, total,
 * until when) and where it stands; Accept and Decline on a standing offer, pay once accepted.
 * Each quote is a card at every width, as Quotes' are (its offer needs more room than a table's
 * cell beside the dashboard's menu): two columns of values from md, the buttons across a phone.
 */
export function MyQuotesTable({ quotes, ...actions }: MyQuotesTableProps) {
  const idPrefix = useId();
  const { columns } = texts.quotes;
  // One clock for the whole list: every offer is compared with the same moment.
  const now = new Date();
  return (
    <DataTable
      cardsBelow="always"
      columns={[
        { label: columns.reference },
        { label: columns.tool },
        { label: columns.quantity, numeric: true },
        { label: columns.neededBy },
        { label: columns.offer },
        { label: columns.status },
        { label: columns.action },
      ]}
    >
      {quotes.map((quote) => {
        const referenceId = `${idPrefix}-${quote._id}`;
        const shown = shownQuoteStatus(quote, now);
        return (
          <tr key={quote._id} className={cardRow('always')}>
            <ReferenceCell quote={quote} id={referenceId} label={columns.reference} />
            <td className="order-first md:col-span-2">
              <div className="flex items-center gap-3">
                <Thumbnail src={quote.img} size="sm" lazy />
                <span className="font-semibold break-words">{quote.name}</span>
              </div>
            </td>
            <td className={`${labelledCell('always')}`}>
              <CardLabel below="always">{columns.quantity}</CardLabel>
              <span>{formatCount(quote.quantity)}</span>
            </td>
            <NeededByCell quote={quote} label={columns.neededBy} />
            <OfferCell quote={quote} shown={shown} label={columns.offer} />
            <StatusCell
              quote={quote}
              shown={shown}
              labels={texts.quotes.status}
              label={columns.status}
            />
            <td className="pt-2! empty:hidden md:col-span-2 md:text-right">
              <QuoteActions quote={quote} shown={shown} referenceId={referenceId} {...actions} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
