/**
 * Every amount of money the product shows (web and e-mails) goes through this one formatter, so
 * '$33,768.75' reads the same everywhere: US dollars, thousands separators, always two decimals.
 *
 * Written here rather than with Intl.NumberFormat, to the letter of what Intl's 'en-US' writes
 * (money.test.ts compares the two on any number): a page's first Intl formatter loads the
 * browser's locale data, 46-92 ms of main thread on this machine and several times that on a
 * phone, in the middle of the purchase page's hydration (issue 27, measured).
 */
export function formatMoney(dollars: number): string {
  return writeNumber(dollars, 2, 2, '$');
}

/** A count of units as people read it: formatCount(1000) === '1,000' (like the prices beside it). */
export function formatCount(units: number): string {
  return writeNumber(units, 0, 3, '');
}

/**
 * Prices travel in dollars (the spec shows `$`); the database keeps integer cents. Here rather than
 * beside the money schemas (common.ts): a page that only converts amounts loads no zod.
 */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Numbers Intl writes in exponent-free decimals past which this module hands over to Intl. */
const LARGEST_WRITTEN = 1e21;

/**
 * `value` as Intl.NumberFormat('en-US') writes it with `minDigits` to `maxDigits` fraction
 * digits and `prefix` before the digits (the currency sign): rounded half away from zero on the
 * number's shortest decimal spelling (as Intl does: 1.005 is '1.01', where toFixed says '1.00'),
 * thousands grouped by commas, a minus sign on any negative number (-0 included) before the prefix.
 */
function writeNumber(value: number, minDigits: number, maxDigits: number, prefix: string): string {
  const magnitude = Math.abs(value);
  if (!Number.isFinite(value) || magnitude >= LARGEST_WRITTEN) {
    // Never an amount or a count the product holds; Intl writes these its own way ('∞', 'NaN').
    const options = { minimumFractionDigits: minDigits, maximumFractionDigits: maxDigits };
    return new Intl.NumberFormat(
      'en-US',
      prefix ? { ...options, style: 'currency', currency: 'USD' } : options,
    ).format(value);
  }
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  // Below 1e-6 the shortest spelling has an exponent; such a number rounds to zero here anyway.
  const spelt = magnitude < 1e-6 ? '0' : String(magnitude);
  const point = spelt.indexOf('.');
  const whole = point === -1 ? spelt : spelt.slice(0, point);
  const fraction = point === -1 ? '' : spelt.slice(point + 1);
  // The digits kept, as one integer of whole and fraction digits, rounded on the first one dropped.
  let digits = BigInt(whole + fraction.slice(0, maxDigits).padEnd(maxDigits, '0'));
  if ((fraction[maxDigits] ?? '0') >= '5') digits += 1n;
  const text = digits.toString().padStart(maxDigits + 1, '0');
  const wholeText = text.slice(0, text.length - maxDigits);
  let fractionText = text.slice(text.length - maxDigits);
  while (fractionText.length > minDigits && fractionText.endsWith('0')) {
    fractionText = fractionText.slice(0, -1);
  }
  const grouped = wholeText.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${prefix}${grouped}${fractionText ? `.${fractionText}` : ''}`;
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
