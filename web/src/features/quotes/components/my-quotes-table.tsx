import { routes, texts, type Quote } from '@tools-factory/contract';
import { CardLabel, labelledCell } from '../../../components/ui/data-table';
import { RowButton, RowLink } from '../../../components/ui/row-actions';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { formatCount } from '../../../lib/format';
import { QuoteCards, type ShownQuote } from './quote-cards';
import { QuoteNote } from './quote-cells';

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
}: { quote: Quote } & ShownQuote & Omit<MyQuotesTableProps, 'quotes'>) {
  if (shown === 'offered') {
    return (
      <div className="flex gap-2 max-md:*:flex-1 md:justify-end">
        <RowButton className="btn-success" rowNameId={referenceId} onClick={() => onAccept(quote)}>
          {texts.quotes.accept}
        </RowButton>
        <RowButton className="btn-outline" rowNameId={referenceId} onClick={() => onDecline(quote)}>
          {texts.quotes.decline}
        </RowButton>
      </div>
    );
  }
  if (shown === 'accepted' && quote.orderId) {
    return unpaidOrderIds.has(quote.orderId) ? (
      <RowLink
        to={routes.dashboardPayment(quote.orderId)}
        className="btn-success max-md:w-full"
        rowNameId={referenceId}
      >
        {texts.quotes.pay}
      </RowLink>
    ) : (
      <RowLink
        to={routes.dashboardOrders}
        className="btn-ghost max-md:w-full"
        rowNameId={referenceId}
      >
        {texts.quotes.viewOrder}
      </RowLink>
    );
  }
  return null;
}

/**
 * My Quotes: each quote with its tool and the customer's own note, quantity, needed-by date, the
 * offer (unit price, total, until when, and our note) and where it stands; Accept and Decline
 * on a standing offer, pay once accepted. The buttons go across a phone.
 */
export function MyQuotesTable({ quotes, ...actions }: MyQuotesTableProps) {
  const { columns } = texts.quotes;
  return (
    <QuoteCards
      quotes={quotes}
      labels={texts.quotes}
      detailColumns={[{ label: columns.tool }, { label: columns.quantity, numeric: true }]}
      details={(quote) => (
        <>
          <td className="order-first md:col-span-2">
            <div className="flex items-start gap-3">
              <Thumbnail src={quote.img} size="sm" lazy />
              <div className="min-w-0">
                <span className="block font-semibold break-words">{quote.name}</span>
                <QuoteNote label={texts.quotes.yourNote} note={quote.note} />
              </div>
            </div>
          </td>
          <td className={`${labelledCell('always')}`}>
            <CardLabel below="always">{columns.quantity}</CardLabel>
            <span>{formatCount(quote.quantity)}</span>
          </td>
        </>
      )}
      actions={(quote, row) => <QuoteActions quote={quote} {...row} {...actions} />}
    />
  );
}
