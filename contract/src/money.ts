/**
 * Every amount of money the product shows (web and e-mails) goes through this one formatter, so
 * '$33,768.75' reads the same everywhere: US dollars, thousands separators, always two decimals.
 */
let dollarsFormat: Intl.NumberFormat | undefined;
let countFormat: Intl.NumberFormat | undefined;

// Each formatter is made on first use, not when the module loads: a currency formatter costs
// milliseconds to build, and every page's first script loads this module (issue 27).

/** An amount in dollars as people read it: formatMoney(33768.75) === '$33,768.75'. */
export function formatMoney(dollars: number): string {
  dollarsFormat ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return dollarsFormat.format(dollars);
}

/** A count of units as people read it: formatCount(1000) === '1,000' (like the prices beside it). */
export function formatCount(units: number): string {
  countFormat ??= new Intl.NumberFormat('en-US');
  return countFormat.format(units);
}

/**
 * The most one payment can be, in cents: a card payment is below $1,000,000 (the card networks'
 * and Stripe's limit, PRICE_LIMIT in common.ts), so $999,999.99. An order, an offer or a quote
 * whose total is above it could never be paid: it is refused when it is made (issue 22, item 14).
 */
export const MAX_PAYABLE_CENTS = 99_999_999;

/**
 * The limit as people read it in a refusal (a total must be below it): formatMoney's writing of
 * (MAX_PAYABLE_CENTS + 1) cents, spelt out so that loading the module formats nothing
 * (money.test.ts holds the two together).
 */
export const PAYABLE_LIMIT_TEXT = '$1,000,000.00';

/** True when a total of `cents` can be paid in one payment (above 0, at most MAX_PAYABLE_CENTS). */
export function isPayableTotal(cents: number): boolean {
  return Number.isSafeInteger(cents) && cents > 0 && cents <= MAX_PAYABLE_CENTS;
}
