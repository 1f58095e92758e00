import { serverTexts } from '@tools-factory/contract';
import type { CompaniesService } from '../companies/companies.service.ts';
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
export type BuyerOfCheckout = { companyName: string; taxNumber: string; billingAddress: string };

/**
 * A checkout's lines as the payments and invoices see them (issue 26): a checkout is paid,
 * invoiced and mailed as one, so they read, hold and lock its lines together.
 */
export function createCheckoutLines(options: {
  db: Database;
  /** The checkout's lines, read, held and locked (the orders module's `linesOfCheckouts`). */
  orderLines: Pick<OrderLinesOfCheckouts, 'linesOf' | 'lockLinesOf' | 'extendHoldsOf'>;
  orderHoldHours: number;
  /** What a company's invoice bills (issue 44). */
  companies: Pick<CompaniesService, 'billingOf'>;
}) {
  const { db, orderLines, orderHoldHours, companies } = options;
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
     * Who the checkout's invoice bills, read in `tx` when it is issued: the company account's
     * legal name, tax number and billing address as they are then (issue 44), or for a buyer of
     * no company what was typed at checkout ('' when nothing: issue 42).
     */
    async buyerOf(tx: Transaction, checkoutId: string): Promise<BuyerOfCheckout> {
      const checkout = await selectCheckout(tx, checkoutId);
      const company = checkout?.companyId
        ? await companies.billingOf(tx, checkout.companyId)
        : undefined;
      if (company) {
        return {
          companyName: company.legalName,
          taxNumber: company.taxNumber,
          billingAddress: company.billingAddress,
        };
      }
      return {
        companyName: checkout?.companyName ?? '',
        taxNumber: checkout?.taxNumber ?? '',
        billingAddress: '',
      };
    },

    /**
     * What the checkout's shipping costs, in cents (issue 42), and the tax added on top of it
     * (issue 45; 0 unless tax is added): paid and invoiced with its lines; null while an admin is
     * to quote it (or when the checkout is gone).
     */
    async shippingOf(
      executor: Executor,
      checkoutId: string,
    ): Promise<{ cents: number; taxCents: number } | null> {
      const shipping = await checkoutCharges.shippingOf(executor, checkoutId);
      return shipping && shipping.shippingCents !== null
        ? { cents: shipping.shippingCents, taxCents: shipping.shippingTaxCents }
        : null;
    },

    /** Every line of the checkout, locked until `tx` ends (none when all are gone). */
    async lockForPayment(tx: Transaction, checkoutId: string): Promise<PayableOrder[]> {
      return (await orderLines.lockLinesOf(tx, checkoutId)).map(payable);
    },
  };
}

export type CheckoutLines = ReturnType<typeof createCheckoutLines>;
