import { formatMoney, texts, type ManagedQuote } from '@tools-factory/contract';
import { CardLabel, labelledCell } from '../../../components/ui/data-table';
import { EmailAddress } from '../../../components/ui/email-address';
import { RowButton } from '../../../components/ui/row-actions';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { formatCount } from '../../../lib/format';
import { QuoteCards } from './quote-cards';
import { QuoteNote } from './quote-cells';

interface ManagedQuotesTableProps {
  quotes: ManagedQuote[];
  onOffer: (quote: ManagedQuote) => void;
  onRefuse: (quote: ManagedQuote) => void;
}

/** What the catalog says beside the quantity: its price for that many, and whether the stock covers it. */
function CatalogHints({ quote }: { quote: ManagedQuote }) {
  const { catalogUnitPrice, availableQuantity } = quote;
  if (catalogUnitPrice === null || availableQuantity === null) {
    return (
      <span className="text-base-content/70 block text-xs">
        {texts.manageQuotes.noLongerOnSale}
      </span>
    );
  }
  return (
    <>
      <span className="text-base-content/70 block text-xs">
        {texts.manageQuotes.catalogPrice(formatMoney(catalogUnitPrice))}
      </span>
      <span className="text-base-content/70 block text-xs">
        {quote.quantity > availableQuantity
          ? texts.manageQuotes.beyondStock
          : texts.manageQuotes.inStock(formatCount(availableQuantity))}
      </span>
    </>
  );
}

/**
 * Quotes (admins): every quote, open ones first, with what judging it needs: the customer, the
 * quantity beside the catalog's price and stock, the needed-by date and the customer's note, the
 * offer standing (with our note) and where it stands. 'Make an offer' (or 'New offer', which
 * replaces the one standing) and 'Decline' while it is open. Each quote is a card (two columns
 * of values from md) at every width: eight columns do not fit beside the dashboard's menu even
 * on a desktop.
 */
export function ManagedQuotesTable({ quotes, onOffer, onRefuse }: ManagedQuotesTableProps) {
  const { columns } = texts.manageQuotes;
  return (
    <QuoteCards
      quotes={quotes}
      labels={texts.manageQuotes}
      detailColumns={[
        { label: columns.tool },
        { label: columns.customer },
        { label: columns.quantity, numeric: true },
      ]}
      details={(quote) => (
        <>
          <td className="order-first md:col-span-2">
            <div className="flex items-start gap-3">
              <Thumbnail src={quote.img} size="sm" lazy />
              <div className="min-w-0">
                <span className="block font-semibold break-words">{quote.name}</span>
                <QuoteNote label={texts.manageQuotes.customerNote} note={quote.note} />
              </div>
            </div>
          </td>
          <td className={`${labelledCell('always')}`}>
            <CardLabel below="always">{columns.customer}</CardLabel>
            <span className="min-w-0 wrap-break-word text-right">
              <EmailAddress email={quote.email} />
            </span>
          </td>
          <td className={`${labelledCell('always')}`}>
            <CardLabel below="always">{columns.quantity}</CardLabel>
            <span className="text-right">
              <span className="font-semibold">{formatCount(quote.quantity)}</span>
              <CatalogHints quote={quote} />
            </span>
          </td>
        </>
      )}
      actions={(quote, { shown, referenceId }) =>
        shown === 'requested' || shown === 'offered' || shown === 'expired' ? (
          <div className="flex gap-2 max-md:*:flex-1 md:justify-end">
            <RowButton
              className="btn-primary"
              rowNameId={referenceId}
              onClick={() => onOffer(quote)}
            >
              {shown === 'requested' ? texts.manageQuotes.makeOffer : texts.manageQuotes.newOffer}
            </RowButton>
            <RowButton
              className="btn-error btn-outline"
              rowNameId={referenceId}
              onClick={() => onRefuse(quote)}
            >
              {texts.manageQuotes.decline}
            </RowButton>
          </div>
        ) : null
      }
    />
  );
}
