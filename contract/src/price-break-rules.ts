// No zod here, nor anything that imports it: the home page's tool cards run lowestUnitPrice, and a
// schema in this module would bring zod into the home page's scripts. The schemas and the
// admins' rules (priceBreaksProblem) are in price-breaks.ts.

/** From `minQuantity` units, each costs `price` dollars (docs/architecture.md#business-buyers). */
export type PriceBreak = { minQuantity: number; price: number };

/** The breaks ordered by quantity, smallest first: how they are stored, shown and compared. */
export function sortPriceBreaks<T extends { minQuantity: number }>(breaks: readonly T[]): T[] {
  return [...breaks].sort((a, b) => a.minQuantity - b.minQuantity);
}

/**
 * The break a quantity reaches: the one with the largest `minQuantity` at or below it, or
 * undefined below every break (the list price applies). Works on cents and dollars alike.
 */
export function reachedPriceBreak<T extends { minQuantity: number }>(
  breaks: readonly T[],
  quantity: number,
): T | undefined {
  let reached: T | undefined;
  for (const priceBreak of breaks) {
    if (
      priceBreak.minQuantity <= quantity &&
      (!reached || priceBreak.minQuantity > reached.minQuantity)
    ) {
      reached = priceBreak;
    }
  }
  return reached;
}

/** The next break above a quantity (the one to mention: 'Order 500 or more and pay ...'). */
export function nextPriceBreak<T extends { minQuantity: number }>(
  breaks: readonly T[],
  quantity: number,
): T | undefined {
  return sortPriceBreaks(breaks).find((priceBreak) => priceBreak.minQuantity > quantity);
}

/** The unit price, in dollars, a quantity of this tool costs: its break's, else the list price. */
export function unitPriceFor(
  tool: { price: number; priceBreaks: readonly PriceBreak[] },
  quantity: number,
): number {
  return reachedPriceBreak(tool.priceBreaks, quantity)?.price ?? tool.price;
}

/** The lowest unit price of a tool (its largest break's), for 'from $10.99' on its card. */
export function lowestUnitPrice(tool: { price: number; priceBreaks: readonly PriceBreak[] }) {
  return tool.priceBreaks.reduce((lowest, { price }) => Math.min(lowest, price), tool.price);
}
