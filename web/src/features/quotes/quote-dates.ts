import { todayUtc } from '@tools-factory/contract';

/**
 * True for a day ('YYYY-MM-DD') that is today or later by the server's calendar (UTC): a
 * needed-by date and an offer's last day must be, and the forms say so before sending.
 */
export function isTodayOrLater(day: string, now: Date = new Date()): boolean {
  return day >= todayUtc(now);
}
