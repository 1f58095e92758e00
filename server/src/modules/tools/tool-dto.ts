import {
  defaultLowStockThreshold,
  centsToDollars,
  dollarsToCents,
  sortPriceBreaks,
  type PriceBreak,
  type Tool,
  type ToolAttributes,
  type ToolStock,
} from '@tools-factory/contract';
import type { Executor } from '../../db/client.ts';
import type { PriceBreakRow } from './price-breaks.repository.ts';
import type { ToolRow } from './tools.repository.ts';

/**
 * What the tools ask of the category tree (issue 43): the categories module's service, wired in
 * app.ts, so that the tools module does not import it (that module asks the tools for what a
 * category holds).
 */
export type ToolCategories = {
  /** Every category's slug by id, read in `executor`. */
  slugsById(executor: Executor): Promise<ReadonlyMap<string, string>>;
  /** The id of the category `slug` names, read in `executor`; undefined when none. */
  idOfSlug(executor: Executor, slug: string): Promise<string | undefined>;
};

/** The attributes a row holds, none of them when it has none (the field is left out). */
function attributesOf(row: ToolRow): ToolAttributes | undefined {
  const attributes: ToolAttributes = {};
  if (row.brandLine !== null) attributes.brandLine = row.brandLine;
  if (row.size !== null) attributes.size = row.size;
  if (row.material !== null) attributes.material = row.material;
  return Object.keys(attributes).length > 0 ? attributes : undefined;
}

// A tool and its price breaks between their rows and the contract's shapes (dollars), for the
// catalog admin's and the price breaks' services alike.

/**
 * A tool as the contract shows it, with its price breaks, its category's slug (from
 * `categorySlugs`, by id) and its attributes; the last two left out when it has none.
 */
export function toToolDto(
  row: ToolRow,
  breaks: readonly PriceBreakRow[],
  categorySlugs: ReadonlyMap<string, string>,
): Tool {
  const category = row.categoryId === null ? undefined : categorySlugs.get(row.categoryId);
  const attributes = attributesOf(row);
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
    ...(category === undefined ? {} : { category }),
    ...(attributes === undefined ? {} : { attributes }),
  };
}

/** Breaks as stored, from breaks as the contract reads them (dollars), smallest quantity first. */
export function toPriceBreakRows(breaks: readonly PriceBreak[]): PriceBreakRow[] {
  return sortPriceBreaks(breaks).map((priceBreak) => ({
    minQuantity: priceBreak.minQuantity,
    priceCents: dollarsToCents(priceBreak.price),
  }));
}

/** A tool's stock as Manage Tools shows it: its threshold (its own or the default), low or not. */
export function toToolStock(row: ToolRow): ToolStock {
  const custom = row.lowStockThreshold !== null;
  const lowStockThreshold = row.lowStockThreshold ?? defaultLowStockThreshold(row.minOrderQuantity);
  return {
    toolId: row.id,
    availableQuantity: row.availableQuantity,
    lowStockThreshold,
    custom,
    low: row.availableQuantity < lowStockThreshold,
  };
}
