import { z } from 'zod';
import { centsToDollars, dollarsToCents } from './money.ts';
import { texts } from './texts.ts';
import { readWholeNumber, type WholeNumberRange } from './whole-number.ts';

/** Database ids are UUIDs; the API shows them as `_id`, as the spec does. */
export const IdSchema = z.uuid();

/** Prices travel in dollars (the spec shows `$`); the database keeps integer cents. */
export const MoneySchema = z.number().nonnegative().multipleOf(0.01);

export const ErrorBodySchema = z.object({
  message: z.string(),
  statusCode: z.number().int(),
  /**
   * A 400 of a form's schema: every field's first problem at once (`field` as sent, dotted for a
   * nested one: 'priceBreaks.0.price'); `message` is the first of them.
   */
  fieldErrors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const IdParamsSchema = z.object({ id: z.string() });

// --- Parsing rules for input (docs/architecture.md#the-api) --------------------------------------
//
// Every field a client sends goes through one of the builders below, so a value the database
// cannot hold (a NUL byte, a number out of range) is a 400 naming the field, never a 500, and a
// browser form says the same words as the server.

const fieldErrors = texts.fieldErrors;

/** Prices are below this many dollars. */
export const PRICE_LIMIT = 1_000_000;

/** Dollars as typed in a form: digits, then at most two decimals. */
const DECIMAL_DOLLARS = /^[0-9]+(\.[0-9]{1,2})?$/;
const THIRD_DECIMAL = /^[0-9]*\.[0-9]{3,}$/;

/**
 * Text a person typed, trimmed: required unless `required: false` (then '' is allowed), at most
 * `max` characters, and never a NUL character (PostgreSQL text cannot hold one). Every check
 * carries its own message: zod 4 would otherwise answer the schema-level 'is required' for a
 * text that is merely too long.
 */
export function textSchema(field: string, options: { max: number; required?: boolean }) {
  const { max, required = true } = options;
  const text = z
    .string({
      error: (issue) =>
        issue.input === undefined ? fieldErrors.required(field) : fieldErrors.notText(field),
    })
    .trim();
  return (required ? text.min(1, fieldErrors.required(field)) : text)
    .max(max, fieldErrors.tooLong(field, max))
    .refine((value) => !value.includes('\0'), fieldErrors.nulCharacter(field));
}

/** A number's field sent as something else: missing, or an array, an object, true. */
function numberTypeError(field: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? fieldErrors.required(field) : fieldErrors.notANumber(field);
}

/**
 * A whole number, as a JSON number or as a string of digits only ("101", not "0x65", "1.01e2",
 * " 101" or [101]), between `min` and `max` (by default 0 and the database's integer range).
 * `outOfRange` replaces the default range messages where the product has its own words.
 */
export function wholeNumberSchema(field: string, range: WholeNumberRange = {}) {
  return z
    .union([z.number(), z.string()], { error: numberTypeError(field) })
    .transform((value, context) => {
      const read = readWholeNumber(value, field, range);
      if ('value' in read) return read.value;
      context.addIssue({ code: 'custom', message: read.problem });
      return z.NEVER;
    });
}

/**
 * The one money parser: every amount a client sends (a tool's price, a price break, an offer, a
 * price to accept, a payment's total) goes through it. A price in dollars, as a JSON number or a
 * string like "19.99": finite, a whole number of cents and at least one (never 0 once stored),
 * below PRICE_LIMIT (so its cents fit the database's integer, and one payment can take it).
 * `allowZero` takes $0 too, for an amount that is a bound rather than a price (a monthly limit).
 */
export function priceSchema(field = 'price', options: { allowZero?: boolean } = {}) {
  return z
    .union([z.number(), z.string()], { error: numberTypeError(field) })
    .transform((value, context) => {
      const message =
        typeof value === 'number' || DECIMAL_DOLLARS.test(value)
          ? priceProblem(field, Number(value), options.allowZero ?? false)
          : THIRD_DECIMAL.test(value)
            ? fieldErrors.tooManyDecimals(field)
            : fieldErrors.notANumber(field);
      if (message) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      // Whole cents from here on: what the server stores is exactly what was checked.
      return centsToDollars(dollarsToCents(Number(value)));
    });
}

/**
 * What is wrong with a price, or undefined. Float noise from a client's own arithmetic
 * (0.1 + 0.2 = 0.30000000000000004) is far below a millionth of a cent and is not a third
 * decimal; anything more is.
 */
function priceProblem(field: string, price: number, allowZero: boolean): string | undefined {
  if (Number.isNaN(price)) return fieldErrors.notANumber(field);
  if (allowZero && price === 0) return undefined;
  if (allowZero && price < 0) return fieldErrors.tooSmall(field, 0);
  if (price <= 0) return fieldErrors.notPositive(field);
  if (price >= PRICE_LIMIT) {
    return fieldErrors.priceTooHigh(field, `$${PRICE_LIMIT.toLocaleString('en-US')}`);
  }
  const cents = Math.round(price * 100);
  if (Math.abs(price * 100 - cents) > 1e-6) return fieldErrors.tooManyDecimals(field);
  // Positive, yet so far below a cent (5e-324) that it would be stored as 0 cents.
  if (cents < 1) return fieldErrors.belowOneCent(field);
  return undefined;
}
