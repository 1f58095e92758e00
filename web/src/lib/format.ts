// Money is formatted by the contract's formatMoney (one function for the web and the e-mails);
// dates are the browser's business: the customer's own language and time zone.

/** The customer's locale and time zone, as the browser reports them. */
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** An ISO 8601 instant as the customer reads it: 'Nov 25, 2026, 2:47 PM' in en-US. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
