import { isOfferExpired, serverTexts, type QuoteStatus } from '@tools-factory/contract';
import { conflict } from '../../http-errors.ts';
import type { QuoteRow } from './quotes.repository.ts';

/*
 * What a quote's row says, read the same way for a quote of one tool and for each line of a
 * request of several (whose lines move together: quote-requests.service.ts).
 */

/** The offer a row holds (its three columns set and cleared together) and its note, else null. */
export function offerOf(
  row: QuoteRow,
): { priceCents: number; validUntil: string; offeredAt: Date; note: string } | null {
  if (row.offerPriceCents === null || row.offerValidUntil === null || row.offeredAt === null) {
    return null;
  }
  return {
    priceCents: row.offerPriceCents,
    validUntil: row.offerValidUntil,
    offeredAt: row.offeredAt,
    note: row.offerNote,
  };
}

/** The status people see: an offer past its last valid day (by the service's clock) is expired. */
export function statusOf(row: QuoteRow, now: Date): QuoteStatus {
  const offer = offerOf(row);
  return row.status === 'offered' && offer && isOfferExpired(offer.validUntil, now)
    ? 'expired'
    : row.status;
}

/** Requested quotes first, then offered ones, then the rest (each group keeps its order). */
export const LIST_RANK: Record<QuoteStatus, number> = {
  requested: 0,
  offered: 1,
  expired: 2,
  accepted: 2,
  declined: 2,
  refused: 2,
};

/**
 * Why the quote's customer cannot act on its offer (accept or decline), or undefined while an
 * offer stands (expired or not: declining an expired offer is allowed, accepting one is not).
 */
export function customerRefusal(row: QuoteRow): Error | undefined {
  switch (row.status) {
    case 'requested':
      return conflict(serverTexts.quoteErrors.noOffer);
    case 'accepted':
      return conflict(serverTexts.quoteErrors.alreadyAccepted);
    case 'declined':
    case 'refused':
      return conflict(serverTexts.quoteErrors.closed);
    case 'offered':
      return undefined;
  }
}

/** An admin may offer on, or decline, a quote still waiting (requested, offered or expired). */
export function isOpenToAdmins(row: QuoteRow): boolean {
  return row.status === 'requested' || row.status === 'offered';
}
