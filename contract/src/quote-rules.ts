/**
 * The quote rules a page checks as it renders (the request form, the day field, an offer's
 * expiry): no zod here, so a page that shows them loads no schema (issue 27). quotes.ts builds
 * the schemas with the same rules.
 */

/** Today's date in UTC, 'YYYY-MM-DD': dates are compared with it (the server's clock decides). */
export function todayUtc(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * True when the day ('YYYY-MM-DD') is today or later in UTC: a needed-by date, an offer's last
 * valid day. The server decides with its clock; the forms check the same with theirs.
 */
export function isTodayOrLater(day: string, now: Date): boolean {
  return day >= todayUtc(now);
}

/**
 * An offer is valid through its whole last day in UTC: it expires at midnight UTC after
 * `validUntil`. The server decides with its clock; the pages show the same with theirs.
 */
export function isOfferExpired(validUntil: string, now: Date): boolean {
  return todayUtc(now) > validUntil;
}

/** What people call a quote (My Quotes, Quotes, e-mails): 'Q-' and eight characters of its id. */
export function quoteReference(id: string): string {
  return `Q-${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

/** The rule for a quote's quantity: above the tool's minimum order quantity, no upper limit. */
export function isQuoteQuantityAllowed(quantity: number, tool: { minOrderQuantity: number }) {
  return Number.isInteger(quantity) && quantity > tool.minOrderQuantity;
}
