import { texts } from '@tools-factory/contract';

const cardErrors = texts.cardErrors;

export type TestCard = { cardNumber: string; expiry: string; cvc: string };

/** Card numbers of Stripe's test mode that the test gateway knows, with their outcome. */
const KNOWN_CARDS: ReadonlyMap<string, string | null> = new Map([
  ['4242424242424242', null],
  ['5555555555554444', null],
  ['4000000000000002', cardErrors.declined],
  ['4000000000009995', cardErrors.insufficientFunds],
  ['4000000000000069', cardErrors.expiredCard],
  ['4000000000000127', cardErrors.incorrectCvc],
]);

/** The Luhn check every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 'MM / YY', 'MM/YY' or 'MM/YYYY' -> the last moment the card is valid, or an error message. */
function expiryProblem(expiry: string, now: Date): string | undefined {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return cardErrors.incompleteExpiry;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return cardErrors.invalidExpiryMonth;
  // A card is valid through the last day of its expiry month.
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth <= now.getTime() ? cardErrors.pastExpiry : undefined;
}

/**
 * What the built-in test gateway says of a card (docs/architecture.md#payments), in the order
 * Stripe's card form checks it: the number (complete, Luhn), the expiry, the CVC, then the outcome
 * of the known test numbers. Undefined: the payment succeeds. Numbers it does not know are
 * declined, as Stripe's test mode declines real cards.
 */
export function judgeTestCard(card: TestCard, now: Date): string | undefined {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits)) return cardErrors.invalidNumber;
  if (digits.length < 13) return cardErrors.incompleteNumber;
  if (digits.length > 19 || !passesLuhn(digits)) return cardErrors.invalidNumber;
  const expiry = expiryProblem(card.expiry, now);
  if (expiry) return expiry;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return cardErrors.incompleteCvc;
  if (!KNOWN_CARDS.has(digits)) return cardErrors.notATestCard;
  return KNOWN_CARDS.get(digits) ?? undefined;
}
