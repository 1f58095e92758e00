import {
  formatMoney,
  texts,
  type QuoteRequest,
  type QuoteRequestLine,
  type QuoteStatus,
} from '@tools-factory/contract';
import { useId, type ReactNode } from 'react';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { formatCount, formatDay } from '../../../lib/format';
import { QuoteNote } from './quote-cells';
import { QuoteStatusBadge, shownQuoteStatus } from './quote-status-badge';

const words = texts.quoteRequests;

interface QuoteRequestCardProps<TRequest extends QuoteRequest> {
  request: TRequest;
  /** The reader's words for the statuses (`texts.quotes` or `texts.manageQuotes`). */
  statusLabels: Record<QuoteStatus, string>;
  /** What the customer's own note is called here ('Your note', "Customer's note"). */
  noteLabel: string;
  /** One clock for the whole list: every offer is compared with the same moment. */
  now: Date;
  /** Facts the reader adds beside the needed-by date (the admins: the customer). */
  facts?: ReactNode;
  /** Under a line's figures (the admins: the catalog's price and stock). */
  lineHints?: (line: TRequest['lines'][number]) => ReactNode;
  /** What the reader can do with it now, each named by the card's reference (`referenceId`). */
  actions: (shown: QuoteStatus, referenceId: string) => ReactNode;
}

/** A line: its tool, how many at what price (once offered), and its total on the right. */
function LineItem({ line, hints }: { line: QuoteRequestLine; hints: ReactNode }) {
  return (
    <li className="flex items-start gap-3 py-2">
      <Thumbnail src={line.img} size="sm" lazy />
      <div className="min-w-0 flex-1">
        <span className="block font-semibold break-words">{line.name}</span>
        <span className="text-base-content/80 block text-sm">
          {line.offer
            ? `${formatCount(line.quantity)} × ${texts.quotes.offerEach(formatMoney(line.offer.price))}`
            : `${texts.quotes.quantity}: ${formatCount(line.quantity)}`}
        </span>
        {hints}
      </div>
      {line.offer ? (
        <span className="text-right font-semibold whitespace-nowrap tabular-nums">
          <span className="sr-only">{words.lineTotal}: </span>
          {formatMoney(line.offer.total)}
        </span>
      ) : null}
    </li>
  );
}

/**
 * A quote request of several lines as one entry of My Quotes or Quotes: its reference, where it
 * stands, the needed-by date, the customer's note, every line (with its offered unit price and
 * line total once offered), the total and until when it holds, our note, the reason of a refusal,
 * then the reader's buttons. A list of lines rather than a table: it reads the same at 360 px.
 */
export function QuoteRequestCard<TRequest extends QuoteRequest>({
  request,
  statusLabels,
  noteLabel,
  now,
  facts,
  lineHints,
  actions,
}: QuoteRequestCardProps<TRequest>) {
  const referenceId = useId();
  const shown = shownQuoteStatus(request, now);
  const { offer } = request;
  const buttons = actions(shown, referenceId);
  return (
    <article
      aria-labelledby={referenceId}
      className="card bg-base-100 border-base-300 border shadow-sm"
    >
      <div className="card-body gap-3 p-4 md:p-6">
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="flex flex-wrap items-baseline gap-x-2">
            <span id={referenceId} className="font-mono font-semibold">
              {request.reference}
            </span>
            <span className="text-base-content/70 text-sm font-normal">
              {words.lineCount(request.lines.length)}
            </span>
          </h3>
          <QuoteStatusBadge status={shown} labels={statusLabels} />
        </header>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-base-content/70">{texts.quotes.neededBy}:</dt>
            <dd>
              <time dateTime={request.neededBy}>{formatDay(request.neededBy)}</time>
            </dd>
          </div>
          {facts}
        </dl>
        <QuoteNote label={noteLabel} note={request.note} />
        <ul aria-label={words.lines} className="divide-base-300 divide-y">
          {request.lines.map((line) => (
            <LineItem key={line._id} line={line} hints={lineHints?.(line)} />
          ))}
        </ul>
        {offer ? (
          <div className="border-base-300 flex flex-col gap-1 border-t pt-3">
            <dl className="flex items-baseline justify-between gap-4">
              <dt className="font-semibold">{words.total}</dt>
              <dd className="text-xl font-bold tabular-nums">{formatMoney(offer.total)}</dd>
            </dl>
            <time dateTime={offer.validUntil} className="text-base-content/70 text-right text-sm">
              {shown === 'expired'
                ? texts.quotes.expiredOn(formatDay(offer.validUntil))
                : texts.quotes.validUntil(formatDay(offer.validUntil))}
            </time>
            <QuoteNote label={texts.quotes.ourNote} note={offer.note} />
          </div>
        ) : null}
        {request.declineReason ? (
          <p className="text-base-content/80 text-sm break-words">
            {texts.quotes.declinedBecause(request.declineReason)}
          </p>
        ) : null}
        {buttons ? <div className="card-actions justify-end">{buttons}</div> : null}
      </div>
    </article>
  );
}
