import { centsToDollars, dollarsToCents } from './money.ts';

/**
 * The order rules a page checks as it renders (the purchase form's quantity and total): no zod
 * here, so the purchase page loads no schema until its form is first checked (issue 27).
 */

/** The purchase rule: strictly above the minimum, strictly below what is available. */
export function isQuantityAllowed(
  quantity: number,
  tool: { minOrderQuantity: number; availableQuantity: number },
): boolean {
  return (
    Number.isInteger(quantity) &&
    quantity > tool.minOrderQuantity &&
    quantity < tool.availableQuantity
  );
}

/** Order total = price times quantity, computed in cents to avoid rounding drift. */
export function orderTotal(price: number, quantity: number): number {
  return centsToDollars(dollarsToCents(price) * quantity);
}
