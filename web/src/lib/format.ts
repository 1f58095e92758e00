import {
  dateTimeFormat as dateTimeFormatIn,
  dayFormat as dayFormatIn,
  dayStart,
  formatMoney,
  texts,
} from '@tools-factory/contract';

// Money is formatted by the contract's formatMoney (one function for the web and the e-mails);
// dates in the contract's styles (the e-mails write them alike), in the browser's language and
// time zone.

// Each formatter is made on first use, as the contract's money formatters are: a page that only
// imports this module (the purchase page's order form) makes no date formatter. The first Intl
// formatter of a page loads the locale's data (60 ms at Lighthouse's 4x); that page pays it once,
// in its first price, instead of here and again there.

/** The customer's locale and time zone, as the browser reports them. */
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** An ISO 8601 instant as the customer reads it: 'Nov 25, 2026, 2:47 PM' in en-US. */
export function formatDateTime(iso: string): string {
  dateTimeFormat ??= dateTimeFormatIn();
  return dateTimeFormat.format(new Date(iso));
}

/** Counts are written by the contract's formatCount, which the e-mails and the journeys use too. */
export { formatCount } from '@tools-factory/contract';

/** A calendar day ('YYYY-MM-DD': a needed-by date, an offer's last day) is the same everywhere. */
let dayFormat: Intl.DateTimeFormat | undefined;

/** A calendar day as the customer reads it: 'Jun 30, 2099' in en-US, whatever their time zone. */
export function formatDay(day: string): string {
  dayFormat ??= dayFormatIn();
  return dayFormat.format(dayStart(day));
}

/**
 * A shipping charge as the cart, the payment page and My Orders say it (issue 42): 'Free' for 0,
 * the amount, or 'Quoted after ordering' while an admin is to quote it (null).
 */
export function formatShipping(shipping: number | null): string {
  if (shipping === null) return texts.shipping.quoted;
  return shipping === 0 ? texts.shipping.free : formatMoney(shipping);
}
