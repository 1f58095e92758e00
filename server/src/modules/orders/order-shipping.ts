import {
  isShipped,
  serverTexts,
  texts,
  UNSHIP_WINDOW_MS,
  type ManagedOrder,
  type ShipOrder,
} from '@tools-factory/contract';
import type { Database, Transaction } from '../../db/client.ts';
import { conflict, notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { Account } from '../identity/identity.service.ts';
import { insertOrderEvents, type NewOrderEvent } from './order-events.repository.ts';
import { ensureShippable, ensureUnshippable } from './order-preconditions.ts';
import {
  markOrderShipped,
  markOrderUnshipped,
  selectOrderById,
  type OrderRow,
} from './orders.repository.ts';

/**
 * The customer's shipped e-mail, in the transaction that has just shipped `row`: its timeline
 * events (none when nothing was sent). The checkouts module's: a checkout of several lines mails
 * once, when its last line ships (checkouts/checkout-shipped-announcement.ts).
 */
export type ShippedAnnouncement = {
  announce(tx: Transaction, row: OrderRow, at: Date): Promise<NewOrderEvent[]>;
};

export type OrderShippingOptions = {
  db: Database;
  /** An order as Manage Orders shows it. */
  managedOrderDto: (row: OrderRow) => ManagedOrder;
  /**
   * Handed over at registration, as checkouts is built after orders
   * (docs/architecture.md#server-modules).
   */
  shippedAnnouncement: ShippedAnnouncement;
  /** The clock (tests move it): when an order is shipped, and the undo's window. */
  now: () => Date;
};

/** Ship and its undo (docs/architecture.md#orders): an admin's step of the order's life. */
export function createOrderShipping(options: OrderShippingOptions) {
  const { db, managedOrderDto, shippedAnnouncement, now } = options;
  return {
    /**
     * PATCH /manageOrders/{id}/ship (admin): a paid order becomes shipped, and its customer sees
     * it shipped in My Orders. Idempotent: an order shipped already is answered as it is (a
     * double click, a retried request). An unpaid, disputed, cancelled or refunded order cannot
     * be shipped (409, each in its words).
     */
    async shipOrder(id: string, actor: Account, shipment?: ShipOrder): Promise<ManagedOrder> {
      const orderId = parseId(id);
      if (!orderId) throw notFound(serverTexts.orderErrors.orderNotFound);
      // Given at Ship or not (the spec's call has no body); an empty field is no value.
      const tracking = {
        carrier: shipment?.carrier?.trim() || null,
        trackingNumber: shipment?.trackingNumber?.trim() || null,
      };
      const shipped = await db.transaction(async (tx) => {
        const shippedAt = now();
        const row = await markOrderShipped(tx, orderId, shippedAt, tracking);
        // Only the request that shipped it: a repeated click sends no second e-mail. A line of
        // a checkout of several mails only when it is the last to ship (issue 26).
        if (row) {
          const mailEvents = await shippedAnnouncement.announce(tx, row, shippedAt);
          const detail: Record<string, string> = {};
          if (tracking.carrier) detail.carrier = tracking.carrier;
          if (tracking.trackingNumber) detail.trackingNumber = tracking.trackingNumber;
          await insertOrderEvents(tx, [
            { orderId: row.id, kind: 'shipped', actorId: actor.id, detail, at: shippedAt },
            ...mailEvents,
          ]);
        }
        return row;
      });
      if (shipped) return managedOrderDto(shipped);
      const order = await selectOrderById(db, orderId);
      if (!order) throw notFound(serverTexts.orderErrors.orderNotFound);
      // Shipped already (a double click, a retried request): answered as it is.
      if (isShipped(order.status)) return managedOrderDto(order);
      ensureShippable(order.status);
      // Paid between the UPDATE and this read: it was not paid when the admin asked.
      throw conflict(texts.adminErrors.unpaidOrderCannotBeShipped);
    },

    /**
     * POST /manageOrders/{id}/unship (admin, issue 25): a shipment made by mistake is undone
     * within UNSHIP_WINDOW_MS (24 h, by the injected clock): the order is paid again, its
     * carrier and tracking number cleared. Not shipped, or past the window: 409 in words.
     */
    async unshipOrder(id: string, actor: Account): Promise<ManagedOrder> {
      const orderId = parseId(id);
      if (!orderId) throw notFound(serverTexts.orderErrors.orderNotFound);
      const unshipped = await db.transaction(async (tx) => {
        const at = now();
        const row = await markOrderUnshipped(
          tx,
          orderId,
          new Date(at.getTime() - UNSHIP_WINDOW_MS),
        );
        if (row) {
          await insertOrderEvents(tx, [
            { orderId: row.id, kind: 'ship_undone', actorId: actor.id, at },
          ]);
        }
        return row;
      });
      if (unshipped) return managedOrderDto(unshipped);
      const order = await selectOrderById(db, orderId);
      if (!order) throw notFound(serverTexts.orderErrors.orderNotFound);
      return ensureUnshippable(order.status, order.shippedAt);
    },
  };
}

export type OrderShipping = ReturnType<typeof createOrderShipping>;
