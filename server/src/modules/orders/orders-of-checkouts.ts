/**
 * What the checkouts module (a checkout is the head of its lines, which are orders) reads and
 * writes of orders: a checkout's lines, an account's lines, their holds, the order DTO's mapping,
 * an e-mail's timeline event. The checkouts module imports orders through this file, the orders
 * service and order-pipeline.ts, never its repositories or tables (eslint.config.js).
 */
export {
  extendCheckoutHolds,
  selectCheckoutLines,
  selectCheckoutLinesForUpdate,
} from './orders-of-checkouts.repository.ts';
export { selectOrdersOfUser } from './orders.repository.ts';
export { emailEvent, type NewOrderEvent } from './order-events.repository.ts';
export { toPayableOrder, type PayableOrder } from './order-dto.ts';
export { holdCeilingMs } from './order-hold.ts';
export type { OrderRow } from './orders.repository.ts';
