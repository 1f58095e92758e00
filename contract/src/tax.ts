import { z } from 'zod';
import { MoneySchema } from './common.ts';
import { centsToDollars } from './money.ts';

/**
 * Tax as businesses book it (issue 45). Every amount the shop charges or gives back is split into
 * net, tax and gross here and nowhere else, so the cart, the checkout, the payment, the invoice,
 * each credit note, the CSV and Sales agree to the cent.
 *
 * - `included` (the default): list prices include tax; a document's tax is the part of its total
 *   that is tax, T x r / (1 + r), rounded once.
 * - `added`: list prices are net; a checkout's tax is round(net x r) on its goods and shipping
 *   together, rounded once, then shared among its lines and its shipping by largest remainder, so
 *   that each line keeps its own part (`orders.tax_cents`) and every later document (the invoice,
 *   a credit note, a refund) adds up parts that were paid, never a cent more.
 * - `reverse-charge`: a tax-exempt company's order, at 0 % whatever the shop's mode: the invoice
 *   names the buyer's tax number and says the buyer accounts for the tax.
 */
export const SHOP_TAX_MODES = ['included', 'added'] as const;
export type ShopTaxMode = (typeof SHOP_TAX_MODES)[number];
export const ORDER_TAX_MODES = ['included', 'added', 'reverse-charge'] as const;
export type OrderTaxMode = (typeof ORDER_TAX_MODES)[number];

/** The tax an order was placed under, kept on it: its mode and rate (2000 basis points = 20 %). */
export type TaxTerms = { mode: OrderTaxMode; rateBasisPoints: number };

/** A document's amounts, in cents: net plus tax is gross, always. */
export type DocumentAmounts = { netCents: number; taxCents: number; grossCents: number };

const BASIS_POINTS = 10_000n;

/** numerator / denominator rounded half up, for non-negative integers (bigint: no overflow). */
function roundedQuotient(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** The tax on top of a net amount: round(net x rate), half up. */
export function taxOnTop(netCents: number, rateBasisPoints: number): number {
  return roundedQuotient(BigInt(netCents) * BigInt(rateBasisPoints), BASIS_POINTS);
}

/** The tax within a gross amount: round(gross x rate / (1 + rate)), half up. */
export function taxWithin(grossCents: number, rateBasisPoints: number): number {
  return roundedQuotient(
    BigInt(grossCents) * BigInt(rateBasisPoints),
    BASIS_POINTS + BigInt(rateBasisPoints),
  );
}

/**
 * The tax a checkout adds on top of each of its amounts (its lines' and its shipping's), in the
 * same order: nothing unless tax is added; else the tax on their sum, rounded once, shared by
 * largest remainder (a tie goes to the earlier amount), so the parts add up to it exactly.
 */
export function addedTaxOf(terms: TaxTerms, amountsCents: readonly number[]): number[] {
  if (terms.mode !== 'added' || terms.rateBasisPoints === 0) return amountsCents.map(() => 0);
  const rate = BigInt(terms.rateBasisPoints);
  const exact = amountsCents.map((cents) => BigInt(cents) * rate);
  const parts = exact.map((scaled) => scaled / BASIS_POINTS);
  const total = BigInt(
    taxOnTop(
      amountsCents.reduce((sum, cents) => sum + cents, 0),
      Number(rate),
    ),
  );
  let left = total - parts.reduce((sum, part) => sum + part, 0n);
  const byRemainder = exact
    .map((scaled, index) => ({ index, remainder: scaled % BASIS_POINTS }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  for (const { index } of byRemainder) {
    if (left <= 0n) break;
    parts[index]! += 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

/** What an amount at list prices is charged: itself, and the tax on top when it is added. */
export function chargedTotalOf(terms: TaxTerms, amountCents: number): number {
  return terms.mode === 'added'
    ? amountCents + taxOnTop(amountCents, terms.rateBasisPoints)
    : amountCents;
}

/**
 * A document's net, tax and gross: of `grossCents` charged (or given back), of which
 * `addedTaxCents` is tax added on top (the parts of `addedTaxOf`; 0 unless tax is added).
 */
export function documentAmounts(
  terms: TaxTerms,
  grossCents: number,
  addedTaxCents: number,
): DocumentAmounts {
  const taxCents =
    terms.mode === 'included'
      ? taxWithin(grossCents, terms.rateBasisPoints)
      : terms.mode === 'added'
        ? addedTaxCents
        : 0;
  return { netCents: grossCents - taxCents, taxCents, grossCents };
}

/**
 * The tax on top within a part of a line given back: of a line charged `chargeCents` (its tax on
 * top `addedTaxCents`), `givenCents` given back after `givenBeforeCents`. Counted on what was given
 * back in all, so that the parts of a line given back in several goes add up to its tax exactly.
 */
export function addedTaxOfPart(
  chargeCents: number,
  addedTaxCents: number,
  givenBeforeCents: number,
  givenCents: number,
): number {
  if (chargeCents === 0 || addedTaxCents === 0) return 0;
  const of = (given: number) =>
    roundedQuotient(BigInt(given) * BigInt(addedTaxCents), BigInt(chargeCents));
  return of(givenBeforeCents + givenCents) - of(givenBeforeCents);
}

/** A rate in basis points as a percentage: 2000 is 20, 750 is 7.5, 1225 is 12.25. */
export function percentOf(rateBasisPoints: number): number {
  return rateBasisPoints / 100;
}

/**
 * The tax of a cart or a checkout, as its page shows it beside the total: how it is booked, at what
 * rate (percent), and how much of the total it is (added on top, or within it).
 */
export const TaxSummarySchema = z.object({
  mode: z.enum(ORDER_TAX_MODES),
  rate: z.number().nonnegative(),
  amount: MoneySchema,
});
export type TaxSummary = z.infer<typeof TaxSummarySchema>;

/** The tax summary of `grossCents` charged, of which `addedTaxCents` was added on top. */
export function taxSummaryOf(
  terms: TaxTerms,
  grossCents: number,
  addedTaxCents: number,
): TaxSummary {
  return {
    mode: terms.mode,
    rate: percentOf(terms.rateBasisPoints),
    amount: centsToDollars(documentAmounts(terms, grossCents, addedTaxCents).taxCents),
  };
}
