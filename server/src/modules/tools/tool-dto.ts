import {
  centsToDollars,
  dollarsToCents,
  sortPriceBreaks,
  type PriceBreak,
  type Tool,
} from '@tools-factory/contract';
import type { PriceBreakRow } from './price-breaks.repository.ts';
import type { ToolRow } from './tools.repository.ts';

// A tool and its price breaks between their rows and the contract's shapes (dollars), for the
// catalog admin's and the price breaks' services alike.

/** A tool as the contract shows it, with its price breaks. */
export function toToolDto(row: ToolRow, breaks: readonly PriceBreakRow[]): Tool {
  return {
    _id: row.id,
    name: row.name,
    sku: row.sku,
    img: row.image,
    price: centsToDollars(row.priceCents),
    desc: row.description,
    minOrderQuantity: row.minOrderQuantity,
    availableQuantity: row.availableQuantity,
    priceBreaks: breaks.map((priceBreak) => ({
      minQuantity: priceBreak.minQuantity,
      price: centsToDollars(priceBreak.priceCents),
    })),
  };
}

/** Breaks as stored, from breaks as the contract reads them (dollars), smallest quantity first. */
export function toPriceBreakRows(breaks: readonly PriceBreak[]): PriceBreakRow[] {
  return sortPriceBreaks(breaks).map((priceBreak) => ({
    minQuantity: priceBreak.minQuantity,
    priceCents: dollarsToCents(priceBreak.price),
  }));
}
