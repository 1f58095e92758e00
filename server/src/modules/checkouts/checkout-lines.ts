import { serverTexts } from '@tools-factory/contract';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { Account } from '../identity/identity.service.ts';
import { checkoutCharges } from './checkout-charges.ts';
import { selectCheckout } from './checkouts.repository.ts';
import {
  holdCeilingMs,
  toPayableOrder,
  type OrderLinesOfCheckouts,
  type OrderRow,
  type PayableOrder,
} from '../orders/orders-of-checkouts.ts';

/** Who the invoice bills, beyond the account: as typed at checkout. */
export type BuyerOfCheckout = { companyName: string; taxNumber: string };

/**
 * A checkout's lines as the payments and invoices see them (issue 26): a checkout is paid,
 * invoiced and mailed as one, so they read, hold and lock its lines together.
 */
export function createCheckoutLines(options: {
  db: Database;
  /** The checkout's lines, read, held and locked (the orders module's `linesOfCheckouts`). */
  orderLines: Pick<OrderLinesOfCheckouts, 'linesOf' | 'lockLinesOf' | 'extendHoldsOf'>;
  orderHoldHours: number;
}) {
  const { db, orderLines, orderHoldHours } = options;
  const payable = (row: OrderRow) => toPayableOrder(row, orderHoldHours);

  /**
   * The lines of a checkout the caller may see: its own (or any, for an admin when `admins` is
   * set). Someone else's, one whose lines are all gone, an unknown or a malformed id: 404 as
   * for any checkout, so no checkout's existence is revealed.
   */
  async function linesFor(
    caller: Account,
    id: string,
    options: { admins: boolean },
  ): Promise<PayableOrder[]> {
    const checkoutId = parseId(id);
    const rows = checkoutId ? await orderLines.linesOf(db, checkoutId) : [];
    const maySee = (row: OrderRow) =>
      row.userId === caller.id || (options.admins && caller.role === 'admin');
    if (rows.length === 0 || !rows.every(maySee)) {
      throw notFound(serverTexts.orderErrors.checkoutNotFound);
    }
    return rows.map(payable);
  }
  return {
    /** The caller's own checkout's lines, in place order (404 for anyone else's). */
    ownLines: (caller: Account, id: string) => linesFor(caller, id, { admins: false }),

    /** The lines of a checkout its owner or an admin may see (its invoice). */
    linesForOwnerOrAdmin: (caller: Account, id: string) => linesFor(caller, id, { admins: true }),

    /**
     * Keeps every unpaid line of the checkout from expiring until `until` (a payment is under
     * way), on the rules of a single order's hold (once per line, never past its ceiling).
     * False when no line is unpaid any more.
     */
    async holdForPayment(checkoutId: string, until: Date): Promise<boolean> {
      const held = await orderLines.extendHoldsOf(db, checkoutId, until, {
        afterPlacingMs: holdCeilingMs(orderHoldHours),
      });
      return held > 0;
    },

    /**
     * The buyer's company and tax number as typed at checkout ('' when not), read in `tx`: the
     * invoice copies them when issued (issue 42).
     */
    async buyerOf(tx: Transaction, checkoutId: string): Promise<BuyerOfCheckout> {
      const checkout = await selectCheckout(tx, checkoutId);
      return { companyName: checkout?.companyName ?? '', taxNumber: checkout?.taxNumber ?? '' };
    },

    /**
     * What the checkout's shipping costs, in cents (issue 42): paid and invoiced with its lines;
     * null while an admin is to quote it (or when the checkout is gone).
     */
    async shippingOf(executor: Executor, checkoutId: string): Promise<number | null> {
      return (await checkoutCharges.shippingOf(executor, checkoutId))?.shippingCents ?? null;
    },

    /** Every line of the checkout, locked until `tx` ends (none when all are gone). */
    async lockForPayment(tx: Transaction, checkoutId: string): Promise<PayableOrder[]> {
      return (await orderLines.lockLinesOf(tx, checkoutId)).map(payable);
    },
  };
}

export type CheckoutLines = ReturnType<typeof createCheckoutLines>;
