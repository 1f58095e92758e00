/**
 * What the orders module names of checkouts (a checkout is the head of its orders): the row the
 * placement pipeline writes and reads back (orders.repository.ts insertCheckoutWithOrders).
 * Orders imports checkouts through this file only, never its service, which is built on orders'.
 */
export type { CheckoutRow, NewCheckoutRow } from './checkouts.repository.ts';
