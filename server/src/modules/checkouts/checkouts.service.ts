/**
 * What the orders module reads of checkouts (the heads of its lines): a checkout by id, by an
 * account's Idempotency-Key, several by id; and the rows' types. Orders imports checkouts through
 * this file (and the placement's one statement, orders.repository.ts insertCheckoutWithOrders).
 */
export {
  selectCheckout,
  selectCheckoutByIdempotencyKey,
  selectCheckoutsByIds,
  type CheckoutRow,
  type NewCheckoutRow,
} from './checkouts.repository.ts';
