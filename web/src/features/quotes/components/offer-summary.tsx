import { formatMoney, texts, type QuoteOffer } from '@tools-factory/contract';
import { formatDay } from '../../../lib/format';

interface OfferSummaryProps {
  offer: QuoteOffer;
  /** Its last day has passed: 'expired' instead of 'valid until'. */
  expired: boolean;
}

/** An offer as both lists show it: the unit price, the total it makes, and until when it holds. */
export function OfferSummary({ offer, expired }: OfferSummaryProps) {
  const day = formatDay(offer.validUntil);
  return (
    <span className="flex flex-col items-end">
      <span className="font-semibold whitespace-nowrap">
        {texts.quotes.offerEach(formatMoney(offer.price))}
      </span>
      <span className="text-base-content/70 text-xs whitespace-nowrap">
        {texts.quotes.offerTotal(formatMoney(offer.total))}
      </span>
      <time dateTime={offer.validUntil} className="text-base-content/70 text-xs whitespace-nowrap">
        {expired ? texts.quotes.expiredOn(day) : texts.quotes.validUntil(day)}
      </time>
    </span>
  );
}
