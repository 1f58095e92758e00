import type { Quote, QuoteStatus } from '@tools-factory/contract';
import { useId, type ReactNode } from 'react';
import { cardRow, DataTable } from '../../../components/ui/data-table';
import { NeededByCell, OfferCell, ReferenceCell, StatusCell } from './quote-cells';
import { shownQuoteStatus } from './quote-status-badge';

interface QuoteCardLabels {
  columns: {
    reference: string;
    neededBy: string;
    offer: string;
    status: string;
    action: string;
  };
  status: Record<QuoteStatus, string>;
}

/** What a row's actions need to know of it. */
export interface ShownQuote {
  /** Where the quote stands now (an offer past its day is 'expired'). */
  shown: QuoteStatus;
  /** The id of the row's reference, which names its buttons (aria-describedby). */
  referenceId: string;
}

interface QuoteCardsProps<TQuote extends Quote> {
  quotes: TQuote[];
  /** The reader's words: the columns' names and the statuses' (`texts.quotes` or `texts.manageQuotes`). */
  labels: QuoteCardLabels;
  /** The columns between the reference and the needed-by date: the tool's first. */
  detailColumns: { label: string; numeric?: boolean }[];
  /** The cells of `detailColumns`, in that order. */
  details: (quote: TQuote) => ReactNode;
  /** The row's buttons, what the reader can do with the quote now. */
  actions: (quote: TQuote, row: ShownQuote) => ReactNode;
}

/**
 * The list of quotes My Quotes and Quotes share: each quote is a card (two columns of values from
 * md) at every width, since an offer needs more room than a table's cell beside the dashboard's
 * menu. A card: the reference, the list's own details, the needed-by date, the offer and where the
 * quote stands, then the buttons.
 */
export function QuoteCards<TQuote extends Quote>({
  quotes,
  labels: { columns, status },
  detailColumns,
  details,
  actions,
}: QuoteCardsProps<TQuote>) {
  const idPrefix = useId();
  // One clock for the whole list: every offer is compared with the same moment.
  const now = new Date();
  return (
    <DataTable
      cardsBelow="always"
      columns={[
        { label: columns.reference },
        ...detailColumns,
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
            {details(quote)}
            <NeededByCell quote={quote} label={columns.neededBy} />
            <OfferCell quote={quote} shown={shown} label={columns.offer} />
            <StatusCell quote={quote} shown={shown} labels={status} label={columns.status} />
            <td className="pt-2! empty:hidden md:col-span-2 md:text-right">
              {actions(quote, { shown, referenceId })}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
