import type { Executor, Transaction } from '../../db/client.ts';
import type { KeysetCursor } from '../../db/keyset-cursor.ts';
import {
  extendCheckoutHolds,
  selectCheckoutLines,
  selectCheckoutLinesForUpdate,
  selectCheckoutsPageOfUser,
  type CheckoutsPageOfUser,
} from './orders-of-checkouts.repository.ts';
import { everyCheckoutOfOrders } from './orders-csv.repository.ts';
import type { OrderRow } from './orders.repository.ts';

/**
 * What the checkouts module (a checkout is the head of its lines, which are orders) takes of
 * orders besides the orders service and order-pipeline.ts. Statements come through the port
 * below, which app.ts hands over (the orders module's `linesOfCheckouts`) because they run in the
 * checkouts' own executor; a module never imports another's repositories or tables
 * (eslint.config.js). Only pure helpers, which run no SQL, are re-exported here.
 */
export { emailEvent, type NewOrderEvent } from './order-events.repository.ts';
export { toPayableOrder, type PayableOrder } from './order-dto.ts';
export { holdCeilingMs } from './order-hold.ts';
export { chargeOf } from './order-tax.ts';
export { inBuyersOrder } from './orders-of-checkouts.repository.ts';
export type { OrderRow } from './orders.repository.ts';
export type { CheckoutsPageOfUser } from './orders-of-checkouts.repository.ts';

/** A checkout's lines and an account's lines, read and held in the caller's executor. */
export type OrderLinesOfCheckouts = {
  /** The checkout's lines in the order they were placed (its invoice's and e-mails' order). */
  linesOf(executor: Executor, checkoutId: string): Promise<OrderRow[]>;
  /** The checkout's lines, each locked until `tx` ends, in the order they were placed. */
  lockLinesOf(tx: Transaction, checkoutId: string): Promise<OrderRow[]>;
  /**
   * Every checkout of the account, newest first, each with its lines in the buyer's order, read
   * about `pageSize` lines at a time as the caller asks for more (bounded memory).
   */
  checkoutsOfUser(
    executor: Executor,
    userId: string,
    pageSize: number,
  ): AsyncGenerator<OrderRow[][]>;
  /** A page of the account's checkouts, newest first, with their lines (issue 43). */
  pageOfUser(
    executor: Executor,
    userId: string,
    page: { limit: number; after?: KeysetCursor | undefined },
  ): Promise<CheckoutsPageOfUser>;
  /**
   * Extends the hold of every unpaid line of the checkout, once each and never past its
   * ceiling; resolves to how many lines were unpaid.
   */
  extendHoldsOf(
    executor: Executor,
    checkoutId: string,
    until: Date,
    ceiling: { afterPlacingMs: number },
  ): Promise<number>;
};

/** The orders' statements the checkouts module runs, behind its port. */
export function createOrderLinesOfCheckouts(): OrderLinesOfCheckouts {
  return {
    linesOf: selectCheckoutLines,
    lockLinesOf: selectCheckoutLinesForUpdate,
    checkoutsOfUser: (executor, userId, pageSize) =>
      everyCheckoutOfOrders(executor, pageSize, { userId }),
    pageOfUser: selectCheckoutsPageOfUser,
    extendHoldsOf: extendCheckoutHolds,
  };
}
