import { z } from 'zod';
import { MoneySchema, priceSchema, wholeNumberSchema } from './common.ts';
import { dollarsToCents } from './money.ts';
import { sortPriceBreaks } from './price-break-rules.ts';
import { texts } from './texts.ts';

/**
 * Volume pricing (docs/architecture.md#business-buyers): from `minQuantity` units, each costs
 * `price` (dollars) instead of the tool's list price. A tool has zero to MAX_PRICE_BREAKS of them.
 */
export const PriceBreakSchema = z.object({
  minQuantity: z.number().int(),
  price: MoneySchema,
});

/** More rows than this make a table nobody reads; three or four is what manufacturers publish. */
export const MAX_PRICE_BREAKS = 5;

/** One break as an admin types it (numbers may be strings of digits). */
export const PriceBreakInputSchema = z.object({
  minQuantity: wholeNumberSchema('break quantity', { min: 1 }),
  price: priceSchema('break price'),
});

/**
 * The breaks an admin sends (Add Product's `priceBreaks`, PUT /tool/{id}/priceBreaks): at most
 * MAX_PRICE_BREAKS, each well formed. How they must sit against the tool's minimum and list
 * price is priceBreaksProblem, which needs the tool.
 */
export const PriceBreakListInputSchema = z
  .array(PriceBreakInputSchema, { error: texts.adminErrors.priceBreaksNotAList })
  .max(MAX_PRICE_BREAKS, texts.adminErrors.tooManyPriceBreaks(MAX_PRICE_BREAKS));

/** PUT /tool/{id}/priceBreaks (admin): the tool's whole set of breaks, replacing the old one. */
export const UpdatePriceBreaksSchema = z.object({
  priceBreaks: PriceBreakListInputSchema,
});
export type UpdatePriceBreaksInput = z.input<typeof UpdatePriceBreaksSchema>;
export type UpdatePriceBreaks = z.infer<typeof UpdatePriceBreaksSchema>;

/**
 * Everything that is wrong with a set of breaks for a tool, in the words the admin reads (empty
 * when nothing is), each rule once: each break starts above the minimum order quantity, costs
 * less than the list price, no two start at the same quantity, and a larger quantity always costs
 * less per unit. The server refuses what this refuses (400, every problem at once); the Add
 * Product and Manage Tools forms say it first.
 */
export function priceBreaksProblems(
  breaks: readonly { minQuantity: number; price: number }[],
  tool: { price: number; minOrderQuantity: number },
): string[] {
  const problems = new Set<string>();
  if (breaks.length > MAX_PRICE_BREAKS) {
    problems.add(texts.adminErrors.tooManyPriceBreaks(MAX_PRICE_BREAKS));
  }
  const listCents = dollarsToCents(tool.price);
  for (const priceBreak of breaks) {
    if (priceBreak.minQuantity <= tool.minOrderQuantity) {
      problems.add(texts.adminErrors.breakAtOrBelowMinimum(tool.minOrderQuantity));
    }
    if (dollarsToCents(priceBreak.price) >= listCents) {
      problems.add(texts.adminErrors.breakNotBelowListPrice(tool.price));
    }
  }
  const sorted = sortPriceBreaks(breaks);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1];
    const current = sorted[i];
    if (!previous || !current) continue;
    if (current.minQuantity === previous.minQuantity) {
      problems.add(texts.adminErrors.duplicateBreakQuantity(current.minQuantity));
    } else if (dollarsToCents(current.price) >= dollarsToCents(previous.price)) {
      problems.add(texts.adminErrors.breakPricesNotFalling);
    }
  }
  return [...problems];
}

/** The first of priceBreaksProblems, or undefined when the breaks are right. */
export function priceBreaksProblem(
  breaks: readonly { minQuantity: number; price: number }[],
  tool: { price: number; minOrderQuantity: number },
): string | undefined {
  return priceBreaksProblems(breaks, tool)[0];
}
