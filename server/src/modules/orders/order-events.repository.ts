import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderEvents, type OrderEventKind } from './order-events.table.ts';

/*
 * Which transitions write which kind (issue 25): placed (order-placement.ts, with its e-mail),
 * paid (markPaid, whoever confirmed the payment: the browser or the webhook) and its e-mail
 * (announcePaid), shipped and its e-mail, ship_undone, cancelled and its e-mail
 * (order-cancellation.ts), refunded and disputed (order-reversals.ts, the webhook), removed (by
 * its buyer or an admin, who is named) and expired (the sweep), each with the e-mail it sent (issue
 * 44: no order is deleted, so its timeline stays).
 */

/** One line to add to an order's timeline. */
export type NewOrderEvent = {
  orderId: string;
  kind: OrderEventKind;
  /** Who did it (an admin, the customer); null or left out for the shop itself. */
  actorId?: string | null;
  detail?: Record<string, string>;
  /** When: the time the change itself records (the service's clock); else the database's now. */
  at?: Date;
};

export type OrderEventRow = {
  kind: OrderEventKind;
  createdAt: Date;
  detail: Record<string, string>;
  /** Who did it; null for the shop, or once the actor's account was removed. */
  actorId: string | null;
};

/**
 * Writes the events of one change in one INSERT, with the executor of the change's own
 * transaction: they commit or roll back with it (POST /order pays one statement for its two).
 */
export async function insertOrderEvents(
  executor: Executor,
  events: readonly NewOrderEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await executor.insert(orderEvents).values(eventRows(events));
}

/** The rows of these events, for an INSERT of its own or of a larger statement. */
export function eventRows(events: readonly NewOrderEvent[]): (typeof orderEvents.$inferInsert)[] {
  return events.map((event) => ({
    orderId: event.orderId,
    kind: event.kind,
    actorId: event.actorId ?? null,
    detail: event.detail ?? {},
    ...(event.at ? { createdAt: event.at } : {}),
  }));
}

/**
 * An order's timeline, oldest first. The events of one transaction share its time: there the
 * change comes before the e-mail it sent.
 */
export function selectOrderEvents(executor: Executor, orderId: string): Promise<OrderEventRow[]> {
  return (
    executor
      .select({
        kind: orderEvents.kind,
        createdAt: orderEvents.createdAt,
        detail: orderEvents.detail,
        actorId: orderEvents.actorId,
      })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      // One transaction's events share its time: the e-mail comes last, and a payment received
      // on account before the 'paid' it settled (issue 45).
      .orderBy(
        asc(orderEvents.createdAt),
        sql`${orderEvents.kind} = 'email'`,
        sql`${orderEvents.kind} = 'paid'`,
        asc(orderEvents.id),
      )
  );
}

/** The e-mail's event: its subject, for the timeline. */
export function emailEvent(orderId: string, mail: { subject: string }, at?: Date): NewOrderEvent {
  return { orderId, kind: 'email', detail: { subject: mail.subject }, ...(at ? { at } : {}) };
}
