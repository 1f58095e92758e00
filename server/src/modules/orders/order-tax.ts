import type { ShopTaxMode, TaxTerms } from '@tools-factory/contract';

/** The shop's tax (TAX_MODE, TAX_RATE_PERCENT in basis points), as orders are placed under it. */
export type ShopTax = { mode: ShopTaxMode; rateBasisPoints: number };

/** Today's shop: tax included at 0 % (what an unset TAX_MODE and TAX_RATE_PERCENT mean). */
export const UNTAXED_SHOP: ShopTax = { mode: 'included', rateBasisPoints: 0 };

/**
 * The tax an order of a buyer is placed under (issue 45): the shop's, or reverse charge at 0 %
 * for a buyer of a tax-exempt company.
 */
export function taxTermsOf(shop: ShopTax, taxExempt: boolean): TaxTerms {
  return taxExempt ? { mode: 'reverse-charge', rateBasisPoints: 0 } : { ...shop };
}

/** What a line is charged: its amount at its unit price, and the tax added on top of it. */
export function chargeOf(line: {
  unitPriceCents: number;
  quantity: number;
  taxCents: number;
}): number {
  return line.unitPriceCents * line.quantity + line.taxCents;
}
