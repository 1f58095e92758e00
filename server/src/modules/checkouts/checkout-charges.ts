import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { checkouts } from './checkouts.table.ts';

/**
 * A checkout's shipping (issue 42): what it is charged (null while quoted), the tax added on top of
 * it (issue 45: tax `added`; else 0) and what of both went back.
 */
export type CheckoutShipping = {
  shippingCents: number | null;
  shippingTaxCents: number;
  shippingRefundedCents: number;
};

const shippingColumns = {
  shippingCents: checkouts.shippingCents,
  shippingTaxCents: checkouts.shippingTaxCents,
  shippingRefundedCents: checkouts.shippingRefundedCents,
};

/**
 * What the orders module reads and writes of a checkout's shipping, in its own transactions
 * (shipping a checkout, cancelling it, an admin's quote). Plain statements over the checkouts
 * table, as `cartForCheckout` is over the cart's: the checkouts' service is built on the orders'.
 */
export const checkoutCharges = {
  /** The checkout's shipping; undefined when there is no such checkout. */
  async shippingOf(executor: Executor, checkoutId: string): Promise<CheckoutShipping | undefined> {
    const [row] = await executor
      .select(shippingColumns)
      .from(checkouts)
      .where(eq(checkouts.id, checkoutId));
    return row;
  },

  /** The shipping of each of `checkoutIds` found, by checkout id (the orders' CSV, a page at a time). */
  async shippingOfMany(
    executor: Executor,
    checkoutIds: readonly string[],
  ): Promise<Map<string, CheckoutShipping>> {
    if (checkoutIds.length === 0) return new Map();
    const rows = await executor
      .select({ id: checkouts.id, ...shippingColumns })
      .from(checkouts)
      .where(inArray(checkouts.id, [...checkoutIds]));
    return new Map(rows.map(({ id, ...shipping }) => [id, shipping]));
  },

  /**
   * A quoted checkout's shipping set by an admin, with the tax added on top of it: only while it is
   * still to quote (null), so two admins quoting at once set it once. The checkout's shipping
   * after, or undefined when it was not waiting for a quote.
   */
  async setQuoted(
    tx: Transaction,
    checkoutId: string,
    shippingCents: number,
    shippingTaxCents: number,
  ): Promise<CheckoutShipping | undefined> {
    const [row] = await tx
      .update(checkouts)
      .set({ shippingCents, shippingTaxCents })
      .where(and(eq(checkouts.id, checkoutId), isNull(checkouts.shippingCents)))
      .returning(shippingColumns);
    return row;
  },

  /**
   * The shipping and its tax given back in full (a checkout cancelled before anything of it shipped): only
   * while none of it was (compare-and-set), so it is never given back twice. False otherwise.
   */
  async refundAll(tx: Transaction, checkoutId: string): Promise<boolean> {
    const rows = await tx
      .update(checkouts)
      .set({
        shippingRefundedCents: sql`${checkouts.shippingCents} + ${checkouts.shippingTaxCents}`,
      })
      .where(and(eq(checkouts.id, checkoutId), eq(checkouts.shippingRefundedCents, 0)))
      .returning({ id: checkouts.id });
    return rows.length > 0;
  },
};

export type CheckoutCharges = typeof checkoutCharges;
