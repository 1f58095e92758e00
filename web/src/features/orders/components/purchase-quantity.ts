import { readWholeNumber } from '@tools-factory/contract';

/** The typed quantity as a number (null when empty), or what is wrong with how it is written. */
export type TypedQuantity = { quantity: number | null } | { problem: string };

/**
 * How a quantity is written: digits only, a whole number ('12.5', '0x65', '1e2' are refused in
 * the contract's words). No range here: the purchase rule has its own toast (SPEC.md section 5).
 * No schema either: the form reads the quantity on every render (issue 27).
 */
export function readQuantity(typed: string): TypedQuantity {
  const trimmed = typed.trim();
  if (trimmed === '') return { quantity: null };
  const read = readWholeNumber(trimmed, 'quantity', { max: Number.POSITIVE_INFINITY });
  return 'value' in read ? { quantity: read.value } : { problem: read.problem };
}
