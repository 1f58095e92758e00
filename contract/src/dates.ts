/**
 * How the pages write dates, shared with the e-mails (issue 25 item 4): a moment as
 * 'Nov 25, 2026, 2:47 PM' (medium date, short time) and a calendar day ('YYYY-MM-DD': a
 * needed-by date, an offer's last day) as 'Jun 30, 2099'. The pages use the reader's locale and
 * time zone; the e-mails, whose reader's time zone the server does not know, en-US and UTC.
 */
export const DATE_TIME_STYLE = { dateStyle: 'medium', timeStyle: 'short' } as const;

/** A calendar day is the same everywhere: read in UTC. */
export const DAY_STYLE = { dateStyle: 'medium', timeZone: 'UTC' } as const;

/** A moment in DATE_TIME_STYLE (`locale` and `timeZone` undefined: the runtime's own). */
export function dateTimeFormat(locale?: string, timeZone?: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { ...DATE_TIME_STYLE, ...(timeZone ? { timeZone } : {}) });
}

/** A calendar day in DAY_STYLE (`locale` undefined: the runtime's own). */
export function dayFormat(locale?: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, DAY_STYLE);
}

/** 'YYYY-MM-DD' as the instant its day starts (UTC), for dayFormat. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}
