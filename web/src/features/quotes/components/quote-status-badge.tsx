import { isOfferExpired, type Quote, type QuoteStatus } from '@tools-factory/contract';

/**
 * Where a quote stands as the page shows it: the server's status, except that an offer whose
 * last day has passed since the list arrived (a page left open past midnight UTC) reads
 * 'expired', as the server would now say.
 */
export function shownQuoteStatus(
  quote: Pick<Quote, 'status'> & { offer: { validUntil: string } | null },
  now: Date,
): QuoteStatus {
  return quote.status === 'offered' && quote.offer && isOfferExpired(quote.offer.validUntil, now)
    ? 'expired'
    : quote.status;
}

// Dark text on each (daisyUI's white-on-colour badges fall below WCAG AA for small text); the
// tints are mixed with the page's colour, so what is measured is what is painted. Whole class
// names, so Tailwind sees each one in the source.
const badgeClasses: Record<QuoteStatus, string> = {
  requested: 'badge-outline',
  offered:
    'border-info/50 text-base-content bg-[color-mix(in_oklab,var(--color-info)_15%,var(--color-base-100))]',
  expired: 'badge-ghost',
  accepted:
    'border-success/50 text-base-content bg-[color-mix(in_oklab,var(--color-success)_15%,var(--color-base-100))]',
  declined: 'badge-ghost',
  refused: 'badge-ghost',
};

interface QuoteStatusBadgeProps {
  status: QuoteStatus;
  /** The words of each status: the customer's (texts.quotes.status) or the admins'. */
  labels: Record<QuoteStatus, string>;
}

export function QuoteStatusBadge({ status, labels }: QuoteStatusBadgeProps) {
  return (
    <span className={`badge whitespace-nowrap ${badgeClasses[status]}`}>{labels[status]}</span>
  );
}
