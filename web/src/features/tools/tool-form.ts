import { texts } from '@tools-factory/contract';

/**
 * A tool's own fields as Add Product and Edit type them: numbers as text (every input gives
 * text, and the contract reads numbers from digits).
 */
export interface ToolFormValues {
  name: string;
  sku: string;
  desc: string;
  img: string;
  price: string;
  minOrderQuantity: string;
  /** The category's slug, '' for none, and the three attributes (issue 43). */
  category: string;
  brandLine: string;
  size: string;
  material: string;
}

/** A number as typed: empty is missing, and padding spaces are not part of it. */
export function typedNumber(typed: string): string | undefined {
  const trimmed = typed.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Which field a 409 is about: the SKU when it names the SKU sent, else the name. */
export function takenField(message: string, sku: string | undefined): 'name' | 'sku' {
  return sku !== undefined && message === texts.sku.errors.taken(sku) ? 'sku' : 'name';
}
