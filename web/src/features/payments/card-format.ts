/**
 * What the test gateway's card form shows as the customer types: digits only, grouped the way
 * the card and its expiry are printed. The server checks the numbers (in Stripe's words); these
 * only keep the fields readable.
 */

const MAX_CARD_DIGITS = 19;
const MAX_CVC_DIGITS = 4;

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** '4242424242424242' -> '4242 4242 4242 4242'. */
export function formatCardNumber(typed: string): string {
  return (
    digitsOf(typed)
      .slice(0, MAX_CARD_DIGITS)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/** '1230' -> '12 / 30': the form Stripe's card field uses, which the server reads. */
export function formatExpiry(typed: string): string {
  const digits = digitsOf(typed).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function formatCvc(typed: string): string {
  return digitsOf(typed).slice(0, MAX_CVC_DIGITS);
}

/** How many digits come before `position` in `text`. */
export function digitsBefore(text: string, position: number): number {
  return digitsOf(text.slice(0, position)).length;
}

/** The position just after the `count`-th digit of `text` (0: the start). */
export function positionAfterDigits(text: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (/\d/.test(text.charAt(index))) seen += 1;
    if (seen === count) return index + 1;
  }
  return text.length;
}
