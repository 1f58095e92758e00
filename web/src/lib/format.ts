import {
  dateTimeFormat as dateTimeFormatIn,
  dayFormat as dayFormatIn,
  dayStart,
} from '@tools-factory/contract';

// Money is formatted by the contract's formatMoney (one function for the web and the e-mails);
// dates in the contract's styles (the e-mails write them alike), in the browser's language and
// time zone.

/** The customer's locale and time zone, as the browser reports them. */
const dateTimeFormat = dateTimeFormatIn();

/** An ISO 8601 instant as the customer reads it: 'Nov 25, 2026, 2:47 PM' in en-US. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** Counts are written by the contract's formatCount, which the e-mails and the journeys use too. */
export { formatCount } from '@tools-factory/contract';

/** A calendar day ('YYYY-MM-DD': a needed-by date, an offer's last day) is the same everywhere. */
const dayFormat = dayFormatIn();

/** A calendar day as the customer reads it: 'Jun 30, 2099' in en-US, whatever their time zone. */
export function formatDay(day: string): string {
  return dayFormat.format(dayStart(day));
}
