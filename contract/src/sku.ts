import { textSchema } from './common.ts';
import { skuTexts } from './sku-texts.ts';

/** A SKU's longest form: room for a manufacturer's codes ('HM-CLAW-16OZ-FG'), never a paragraph. */
export const SKU_MAX_LENGTH = 32;

/** Letters, digits and . _ - / inside; a letter or digit first. */
const SKU_SHAPE = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/**
 * A tool's SKU as Add Product and Edit Tool take it: trimmed, 1 to 32 characters of the shape
 * above. Unique in any case among all tools (the database's tools_sku_unique says the last word).
 */
export const skuSchema = textSchema('SKU', { max: SKU_MAX_LENGTH }).regex(SKU_SHAPE, {
  error: skuTexts.errors.shape,
});

/** Whether two SKUs name the same tool: SKUs are compared in any case. */
export function sameSku(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The form a SKU is looked up by (a lookup map's key). */
export function skuKey(sku: string): string {
  return sku.trim().toLowerCase();
}

/**
 * A SKU to suggest for a new tool: the initials of its name's first three words and four digits
 * ('Claw hammer' -> 'CH-4821'). `digits` picks the number (0 to 9999); the admin may change it.
 */
export function suggestSku(name: string, digits: number): string {
  const initials = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9\s]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const number = String(Math.abs(Math.trunc(digits)) % 10_000).padStart(4, '0');
  return `${initials || 'TL'}-${number}`;
}
