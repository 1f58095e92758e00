import { describe, expect, it } from 'vitest';
import { PgDialect, getTableConfig } from 'drizzle-orm/pg-core';
import { OrderStatusSchema, serverTexts, texts, type OrderStatus } from '@tools-factory/contract';
import { HttpError } from '../../http-errors.ts';
import { ensureCancellable, ensureRemovable, ensureShippable } from './order-preconditions.ts';
import {
  allows,
  canCancel,
  canDispute,
  canExpire,
  canRefund,
  canRemove,
  canShip,
  canUndoShip,
  isCancelled,
  HELD_STATUSES,
  isDisputed,
  isHeld,
  isPayable,
  isRefunded,
  isShipped,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PLACED_STATUS,
  wasPaid,
  type OrderTransition,
} from './order-status.ts';
import { orders } from './orders.table.ts';

/**
 * The order's life as DESIGN.md sections 4 and 6 tell it, written out transition by transition:
 * the states each may start from (from any other it is refused). Every state x transition is
 * checked against order-status.ts.
 */
const STARTS_FROM: Record<OrderTransition, readonly OrderStatus[]> = {
  pay: ['unpaid'],
  ship: ['paid'],
  undoShip: ['shipped'],
  cancel: ['paid', 'shipped', 'refunded'],
  recordCancellation: ['paid', 'shipped', 'refunded', 'disputed'],
  refund: ['paid', 'shipped', 'disputed'],
  dispute: ['paid', 'shipped'],
  remove: ['unpaid'],
  expire: ['unpaid'],
};

const GUARDS: Record<OrderTransition, ((status: OrderStatus) => boolean) | undefined> = {
  pay: isPayable,
  ship: canShip,
  undoShip: canUndoShip,
  cancel: canCancel,
  recordCancellation: undefined,
  refund: canRefund,
  dispute: canDispute,
  remove: canRemove,
  expire: canExpire,
};

const transitions = Object.keys(ORDER_TRANSITIONS) as OrderTransition[];

/** The 409 message a precondition throws for `status`, or undefined when it lets it pass. */
function refusalOf(check: () => void): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(409);
    return (error as HttpError).message;
  }
}

describe('the order life (order-status.ts)', () => {
  it('names the states the contract and the database know, in the same order', () => {
    expect([...ORDER_STATUSES]).toEqual(OrderStatusSchema.options);
    const known = getTableConfig(orders).checks.find((c) => c.name === 'orders_status_known');
    if (!known) throw new Error('orders_status_known is missing');
    const checkSql = new PgDialect().sqlToQuery(known.value).sql;
    expect([...checkSql.matchAll(/'([a-z]+)'/g)].map((match) => match[1])).toEqual([
      ...ORDER_STATUSES,
    ]);
  });

  it('places an order unpaid, and indexes the held orders as order-status.ts names them', () => {
    expect(PLACED_STATUS).toBe('unpaid');
    expect(orders.status.default).toBe(PLACED_STATUS);
    const dialect = new PgDialect();
    const partial = getTableConfig(orders).indexes.filter((index) =>
      index.config.name?.startsWith('orders_unpaid_'),
    );
    expect(partial).toHaveLength(2);
    for (const index of partial) {
      const where = index.config.where;
      if (!where) throw new Error(`${index.config.name} has no WHERE`);
      const statuses = [...dialect.sqlToQuery(where).sql.matchAll(/'([a-z]+)'/g)];
      expect(statuses.map((match) => match[1])).toEqual([...HELD_STATUSES]);
    }
  });

  it('covers every transition in its expectations', () => {
    expect(transitions.toSorted()).toEqual(Object.keys(STARTS_FROM).toSorted());
  });

  for (const transition of transitions) {
    for (const status of ORDER_STATUSES) {
      const expected = STARTS_FROM[transition].includes(status);
      it(`${transition} ${expected ? 'may' : 'may not'} start from ${status}`, () => {
        expect(allows(transition, status)).toBe(expected);
        expect(GUARDS[transition]?.(status) ?? expected).toBe(expected);
      });
    }
  }

  it('leads each transition to its state (null: the order is deleted)', () => {
    expect(Object.fromEntries(transitions.map((t) => [t, ORDER_TRANSITIONS[t].to]))).toEqual({
      pay: 'paid',
      ship: 'shipped',
      undoShip: 'paid',
      cancel: 'cancelled',
      recordCancellation: 'cancelled',
      refund: 'refunded',
      dispute: 'disputed',
      remove: null,
      expire: null,
    });
  });

  it('tells held, paid and each final state apart', () => {
    const table = ORDER_STATUSES.map((status) => ({
      status,
      held: isHeld(status),
      wasPaid: wasPaid(status),
      shipped: isShipped(status),
      cancelled: isCancelled(status),
      refunded: isRefunded(status),
      disputed: isDisputed(status),
    }));
    const only = (status: OrderStatus) => (row: { status: OrderStatus }) => row.status === status;
    for (const row of table) {
      expect(row.held).toBe(row.status === 'unpaid');
      expect(row.wasPaid).toBe(row.status !== 'unpaid');
      expect(row.shipped).toBe(only('shipped')(row));
      expect(row.cancelled).toBe(only('cancelled')(row));
      expect(row.refunded).toBe(only('refunded')(row));
      expect(row.disputed).toBe(only('disputed')(row));
    }
  });
});

describe('the transitions preconditions (order-preconditions.ts)', () => {
  // undefined: the step lets it pass; null: answered as it stands before the step is asked.
  const shipRefusals: Record<OrderStatus, string | undefined | null> = {
    unpaid: texts.adminErrors.unpaidOrderCannotBeShipped,
    paid: undefined,
    shipped: null,
    cancelled: texts.adminErrors.cancelledOrderCannotBeShipped,
    refunded: texts.adminErrors.cancelledOrderCannotBeShipped,
    disputed: texts.adminErrors.disputedOrderCannotBeShipped,
  };
  const cancelRefusals: Record<OrderStatus, string | undefined | null> = {
    unpaid: texts.adminErrors.unpaidOrderCannotBeCancelled,
    paid: undefined,
    shipped: undefined,
    cancelled: null,
    refunded: undefined,
    disputed: texts.adminErrors.disputedOrderCannotBeCancelled,
  };

  for (const status of ORDER_STATUSES) {
    it(`answers ship, cancel and remove of a ${status} order`, () => {
      const ship = shipRefusals[status];
      if (ship !== null) expect(refusalOf(() => ensureShippable(status))).toBe(ship);
      const cancel = cancelRefusals[status];
      if (cancel !== null) expect(refusalOf(() => ensureCancellable(status))).toBe(cancel);
      const removable = status === 'unpaid';
      expect(refusalOf(() => ensureRemovable(status, { admin: false }))).toBe(
        removable ? undefined : serverTexts.orderErrors.paidOrderCannotBeRemoved,
      );
      expect(refusalOf(() => ensureRemovable(status, { admin: true }))).toBe(
        removable ? undefined : serverTexts.orderErrors.paidOrderCannotBeDeleted,
      );
    });
  }
});
