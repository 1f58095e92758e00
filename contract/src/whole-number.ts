import { texts } from './texts.ts';

/**
 * How a whole number is read from what a person or a client sent: the rule behind
 * wholeNumberSchema (common.ts), with no zod here, so a form can read a typed quantity as it
 * renders without loading a schema (issue 27: the purchase page).
 */

/** The largest whole number the database stores (a PostgreSQL `integer`). */
export const MAX_WHOLE_NUMBER = 2_147_483_647;

/** Digits only: no sign, no spaces, no `0x`, no exponent, no decimal point. */
const DIGITS = /^[0-9]+$/;
/** A decimal fraction as a person types it: '12.5'. */
const FRACTION = /^[0-9]*\.[0-9]+$/;

export interface WholeNumberRange {
  min?: number;
  max?: number;
  /** Said instead of the field's too-small or too-large words. */
  outOfRange?: string;
}

/** The number, or what is wrong with it in the contract's words. */
export type WholeNumberRead = { value: number } | { problem: string };

export function readWholeNumber(
  value: number | string,
  field: string,
  { min = 0, max = MAX_WHOLE_NUMBER, outOfRange }: WholeNumberRange = {},
): WholeNumberRead {
  const fieldErrors = texts.fieldErrors;
  if (typeof value === 'string' && !DIGITS.test(value)) {
    // "0x65" or "1e3" are numbers to JavaScript, but not how a person writes a quantity;
    // "12.5" is, and what is wrong with it is the fraction.
    const problem = Number.isNaN(value.trim() === '' ? NaN : Number(value))
      ? fieldErrors.notANumber(field)
      : FRACTION.test(value) && !Number.isInteger(Number(value))
        ? fieldErrors.notWhole(field)
        : fieldErrors.digitsOnly(field);
    return { problem };
  }
  const number = Number(value);
  if (!Number.isInteger(number)) return { problem: fieldErrors.notWhole(field) };
  if (number < min || number > max) {
    return {
      problem:
        outOfRange ??
        (number < min ? fieldErrors.tooSmall(field, min) : fieldErrors.tooLarge(field, max)),
    };
  }
  return { value: number };
}
