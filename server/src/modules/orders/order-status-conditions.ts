import { eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import {
  ENDED_STATUSES,
  type OrderStatus,
  ORDER_TRANSITIONS,
  type OrderTransition,
} from '@tools-factory/contract';
import { orders } from './orders.table.ts';

/**
 * The WHERE of a conditional UPDATE or DELETE, from the lists of contract/src/order-status.ts: the
 * order's status is one of `statuses` (a plain `=` for one, as a partial index on one status
 * expects).
 */
export function statusIsOneOf(statuses: readonly OrderStatus[]): SQL {
  const [only] = statuses;
  return statuses.length === 1 && only !== undefined
    ? eq(orders.status, only)
    : inArray(orders.status, statuses);
}

/** The order stands where `transition` may start: the enforcement when requests race. */
export function statusAllows(transition: OrderTransition): SQL {
  return statusIsOneOf(ORDER_TRANSITIONS[transition].from);
}

/**
 * The order has not ended (issue 44): neither removed nor expired. Every read that answers for
 * the spec's calls, a checkout's lines and the lists narrows to these, so an ended order reads as
 * gone; Manage Orders' filter and an admin's order page are the exceptions.
 */
export function isLiveOrder(): SQL {
  return notInArray(orders.status, [...ENDED_STATUSES]);
}
