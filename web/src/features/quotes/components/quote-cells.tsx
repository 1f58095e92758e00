import { texts, type Quote, type QuoteStatus } from '@tools-factory/contract';
import { CardLabel, labelledCell } from '../../../components/ui/data-table';
import { formatDay } from '../../../lib/format';
import { OfferSummary } from './offer-summary';
import { QuoteStatusBadge } from './quote-status-badge';

// The cells My Quotes and Quotes share: each takes its column's name, shown on a card.

/** The row's header: the quote's reference, which names the row's buttons (`id`). */
export function ReferenceCell({ quote, id, label }: { quote: Quote; id: string; label: string }) {
  return (
    <th scope="row" className={`${labelledCell('always')} font-normal`}>
      <CardLabel below="always">{label}</CardLabel>
      <span id={id} className="font-mono whitespace-nowrap">
        {quote.reference}
      </span>
    </th>
  );
}

export function NeededByCell({ quote, label }: { quote: Quote; label: string }) {
  return (
    <td className={`${labelledCell('always')}`}>
      <CardLabel below="always">{label}</CardLabel>
      <time dateTime={quote.neededBy} className="whitespace-nowrap">
        {formatDay(quote.neededBy)}
      </time>
    </td>
  );
}

/**
 * A note on a quote, named by who wrote it ('Your note', 'Our note'), as it was typed (its lines
 * kept); nothing when it is empty.
 */
export function QuoteNote({
  label,
  note,
  className = '',
}: {
  label: string;
  note: string;
  className?: string;
}) {
  return note ? (
    <p className={`text-base-content/80 text-sm wrap-break-word whitespace-pre-line ${className}`}>
      {label}: {note}
    </p>
  ) : null;
}

/**
 * The offer standing (or the last one), with what we said with it under it; on a card, no line
 * at all before there is one.
 */
export function OfferCell({
  quote,
  shown,
  label,
}: {
  quote: Quote;
  shown: QuoteStatus;
  label: string;
}) {
  return (
    <td className={`${labelledCell('always')} flex-wrap empty:hidden`}>
      {quote.offer ? (
        <>
          <CardLabel below="always">{label}</CardLabel>
          <OfferSummary offer={quote.offer} expired={shown === 'expired'} />
          <QuoteNote
            label={texts.quotes.ourNote}
            note={quote.offer.note}
            className="mt-1 basis-full"
          />
        </>
      ) : null}
    </td>
  );
}

/** Where the quote stands, in the reader's words, and why a request was declined. */
export function StatusCell({
  quote,
  shown,
  labels,
  label,
}: {
  quote: Quote;
  shown: QuoteStatus;
  labels: Record<QuoteStatus, string>;
  label: string;
}) {
  return (
    <td className="flex flex-col gap-1">
      <span className="flex items-center justify-between gap-x-4">
        <CardLabel below="always">{label}</CardLabel>
        <QuoteStatusBadge status={shown} labels={labels} />
      </span>
      {quote.declineReason ? (
        <p className="text-base-content/80 mt-1 text-sm break-words">
          {texts.quotes.declinedBecause(quote.declineReason)}
        </p>
      ) : null}
    </td>
  );
}
