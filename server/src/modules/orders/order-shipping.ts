import {
  addedTaxOf,
  hasLeftToShip,
  canUndoShip,
  centsToDollars,
  dollarsToCents,
  checkoutReference,
  isPayable,
  isShipped,
  orderReference,
  quantityToShip,
  serverTexts,
  shipmentNumber,
  texts,
  trackingUrl,
  UNSHIP_WINDOW_MS,
  type CreateShipmentRequest,
  type ManagedCheckout,
  type ManagedOrder,
  type SetCheckoutShipping,
  type ShipOrder,
  type Shipment,
  type ShipmentResponse,
} from '@tools-factory/contract';
import type { Seller } from '../../config.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { formatMailDateTime } from '../../mail/templates/layout.ts';
import { shipmentMail, type ShipmentMailLine } from '../../mail/templates/shipments.ts';
import { shippingQuotedMail } from '../../mail/templates/shipping-quoted.ts';
import type { CheckoutCharges } from '../checkouts/checkout-charges.ts';
import type { Account } from '../identity/identity.service.ts';
import { emailEvent, insertOrderEvents, type NewOrderEvent } from './order-events.repository.ts';
import { ensureShippable } from './order-preconditions.ts';
import { chargeOf } from './order-tax.ts';
import {
  selectCheckoutLines,
  selectCheckoutLinesForUpdate,
} from './orders-of-checkouts.repository.ts';
import { selectOrderById, type OrderRow } from './orders.repository.ts';
import { packingSlipPdf } from './packing-slip-pdf.ts';
import {
  addShippedQuantity,
  insertShipment,
  insertShipmentLines,
  markShipmentUndone,
  removeShippedQuantity,
  selectShipmentById,
  selectShipmentsOfCheckout,
  selectShipmentWithLines,
  selectStandingShipmentsOfOrder,
  type ShipmentWithLines,
} from './shipments.repository.ts';

const errors = texts.shipments.errors;

export type OrderShippingOptions = {
  db: Database;
  /** An order as Manage Orders shows it. */
  managedOrderDto: (row: OrderRow) => ManagedOrder;
  /** Takes each shipment's e-mail in the shipment's transaction. */
  outbox: OutboxWriter;
  /** A checkout's shipping charge: shown with it, and quoted by an admin (issue 42). */
  charges: Pick<CheckoutCharges, 'shippingOf' | 'setQuoted'>;
  /** Where the e-mails' links lead (PUBLIC_URL). */
  publicUrl: string;
  /** Who sends the parcels, on the packing slip. */
  seller: Seller;
  /** The clock (tests move it): when a shipment leaves, and the undo's window. */
  now: () => Date;
};

/** What an admin asks to ship: each line once, with how many of it. */
type Wanted = { line: OrderRow; quantity: number };

/**
 * Shipments and their undo (docs/architecture.md#shipments, issue 42): an admin ships a
 * checkout's lines (all, chosen ones, or part of a line) as one numbered shipment with one
 * carrier and tracking number, and the buyer gets one e-mail naming exactly what left and what
 * is still to come. The spec's Ship of one order is a shipment of what is left of that line.
 *
 * A shipment locks its checkout's lines first (in one fixed order), so two shipments of one
 * checkout run one after the other and the second sees what the first took: of two ships of the
 * same line, one wins and the other is refused in words. The conditional UPDATEs
 * (shipments.repository.ts) stay the enforcement.
 */
export function createOrderShipping(options: OrderShippingOptions) {
  const { db, managedOrderDto, outbox, charges, publicUrl, seller, now } = options;

  function shipmentDto(shipment: ShipmentWithLines): Shipment {
    const undoUntil = new Date(shipment.shippedAt.getTime() + UNSHIP_WINDOW_MS);
    return {
      _id: shipment.id,
      number: shipmentNumber(shipment.sequence),
      checkoutId: shipment.checkoutId,
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
      shippedAt: shipment.shippedAt.toISOString(),
      undoneAt: shipment.undoneAt?.toISOString() ?? null,
      undoUntil: shipment.undoneAt ? null : undoUntil.toISOString(),
      lines: shipment.lines.map((line) => ({
        orderId: line.orderId,
        name: line.toolName,
        sku: line.toolSku,
        quantity: line.quantity,
      })),
    };
  }

  /** A checkout as an admin ships it, read in `executor` (its lines are given when read already). */
  async function managedCheckout(
    executor: Executor,
    checkoutId: string,
    lines?: readonly OrderRow[],
  ): Promise<ManagedCheckout | undefined> {
    const rows = lines ?? (await selectCheckoutLines(executor, checkoutId));
    const [first] = rows;
    if (!first) return undefined;
    const shipments = await selectShipmentsOfCheckout(executor, checkoutId);
    const charged = await charges.shippingOf(executor, checkoutId);
    return {
      _id: checkoutId,
      reference: checkoutReference(checkoutId),
      poNumber: first.poNumber,
      email: first.email,
      address: first.address,
      phone: first.phone,
      createdAt: first.createdAt.toISOString(),
      shipping: charged?.shippingCents == null ? null : centsToDollars(charged.shippingCents),
      shippingRefunded: centsToDollars(charged?.shippingRefundedCents ?? 0),
      lines: rows.map(managedOrderDto),
      shipments: shipments.map(shipmentDto),
    };
  }

  /** The lines a request names, each once and shippable, with how many of each; or why not. */
  function wantedLines(lines: readonly OrderRow[], request: CreateShipmentRequest): Wanted[] {
    if (!request.lines) {
      const left = lines.filter(hasLeftToShip);
      if (left.length === 0) throw conflict(errors.nothingToShip);
      return left.map((line) => ({ line, quantity: quantityToShip(line) }));
    }
    const byId = new Map(lines.map((line) => [line.id, line]));
    const seen = new Set<string>();
    const wanted = request.lines.map(({ orderId, quantity }) => {
      const line = byId.get(orderId);
      if (!line) throw badRequest(errors.lineNotInCheckout(orderId));
      const reference = orderReference(line.id);
      if (seen.has(orderId)) throw badRequest(errors.lineTwice(reference));
      seen.add(orderId);
      const left = quantityToShip(line);
      if (isShipped(line.status)) throw conflict(errors.tooMany(reference, 0));
      ensureShippable(line.status);
      if (quantity !== undefined && quantity > left) {
        throw conflict(errors.tooMany(reference, left));
      }
      return { line, quantity: quantity ?? left };
    });
    // In the order the lines were placed: the e-mail and the packing slip list them so.
    const position = new Map(lines.map((line, index) => [line.id, index]));
    return wanted.sort((a, b) => position.get(a.line.id)! - position.get(b.line.id)!);
  }

  /** What of the checkout is still to come after a shipment: the lines it may still ship. */
  function stillToCome(lines: readonly OrderRow[]): ShipmentMailLine[] {
    return lines.filter(hasLeftToShip).map((line) => ({
      name: line.toolName,
      sku: line.toolSku,
      quantity: quantityToShip(line),
      ordered: line.quantity,
    }));
  }

  /**
   * Ships what `request` names of the checkout's locked lines, in `tx`: the new shipment, and
   * the checkout's lines as they now stand (in the same order).
   */
  async function ship(
    tx: Transaction,
    locked: readonly OrderRow[],
    request: CreateShipmentRequest,
    actor: Account,
  ): Promise<{ shipment: ShipmentWithLines; lines: OrderRow[] }> {
    const wanted = wantedLines(locked, request);
    const shippedAt = now();
    const tracking = {
      carrier: request.carrier?.trim() || null,
      trackingNumber: request.trackingNumber?.trim() || null,
    };
    const [first] = locked;
    if (!first) throw new Error('a shipment needs a line');
    const shipment = await insertShipment(tx, {
      checkoutId: first.checkoutId,
      shippedAt,
      shippedBy: actor.id,
      ...tracking,
    });
    const number = shipmentNumber(shipment.sequence);
    const updated = new Map<string, OrderRow>();
    for (const { line, quantity } of wanted) {
      const row = await addShippedQuantity(tx, line.id, quantity, { shippedAt, ...tracking });
      // The lines are locked and were checked: only a broken invariant lands here.
      if (!row) throw conflict(errors.tooMany(orderReference(line.id), quantityToShip(line)));
      updated.set(row.id, row);
    }
    await insertShipmentLines(
      tx,
      wanted.map(({ line, quantity }) => ({ shipmentId: shipment.id, orderId: line.id, quantity })),
    );
    const lines = locked.map((line) => updated.get(line.id) ?? line);
    const mail = shipmentMail(
      {
        to: first.email,
        number,
        checkoutReference: checkoutReference(first.checkoutId),
        poNumber: first.poNumber,
        address: first.address,
        shippedAt,
        ...tracking,
        trackingUrl: trackingUrl(tracking.carrier, tracking.trackingNumber),
      },
      wanted.map(({ line, quantity }) => ({
        name: line.toolName,
        sku: line.toolSku,
        quantity,
        ordered: line.quantity,
      })),
      stillToCome(lines),
      { publicUrl },
    );
    await outbox.enqueue(tx, mail, {
      checkoutId: first.checkoutId,
      shipmentId: shipment.id,
      mail: 'shipment',
    });
    const events: NewOrderEvent[] = wanted.flatMap(({ line, quantity }) => {
      const detail: Record<string, string> = { shipment: number, quantity: String(quantity) };
      if (tracking.carrier) detail.carrier = tracking.carrier;
      if (tracking.trackingNumber) detail.trackingNumber = tracking.trackingNumber;
      return [
        { orderId: line.id, kind: 'shipped', actorId: actor.id, detail, at: shippedAt },
        emailEvent(line.id, mail, shippedAt),
      ];
    });
    await insertOrderEvents(tx, events);
    return {
      shipment: {
        ...shipment,
        lines: wanted.map(({ line, quantity }) => ({
          shipmentId: shipment.id,
          orderId: line.id,
          toolName: line.toolName,
          toolSku: line.toolSku,
          quantity,
        })),
      },
      lines,
    };
  }

  /** Undoes a standing shipment in `tx`, within its window; why not, in words (409, 404). */
  async function undo(tx: Transaction, shipmentId: string, actor: Account): Promise<string> {
    const at = now();
    const shipment = await selectShipmentWithLines(tx, shipmentId);
    if (!shipment) throw notFound(errors.shipmentNotFound);
    // Lock the checkout's lines first, as a shipment does: the two never cross.
    await selectCheckoutLinesForUpdate(tx, shipment.checkoutId);
    const number = shipmentNumber(shipment.sequence);
    const undone = await markShipmentUndone(tx, shipmentId, {
      at,
      by: actor.id,
      shippedAfter: new Date(at.getTime() - UNSHIP_WINDOW_MS),
    });
    if (!undone) {
      const current = await selectShipmentById(tx, shipmentId);
      if (current?.undoneAt) throw conflict(errors.undoneAlready(number));
      throw conflict(
        errors.undoTooLate(number, formatMailDateTime(shipment.shippedAt.toISOString())),
      );
    }
    for (const line of shipment.lines) {
      const row = await removeShippedQuantity(tx, line.orderId, line.quantity);
      // Cancelled, refunded or disputed since: its shipment is part of that story now. The
      // transaction rolls back, the shipment stands.
      if (!row) {
        throw conflict(errors.undoLineChanged(number, orderReference(line.orderId)));
      }
    }
    await insertOrderEvents(
      tx,
      shipment.lines.map((line) => ({
        orderId: line.orderId,
        kind: 'ship_undone' as const,
        actorId: actor.id,
        detail: { shipment: number, quantity: String(line.quantity) },
        at,
      })),
    );
    return shipment.checkoutId;
  }

  async function requireCheckout(executor: Executor, checkoutId: string) {
    const checkout = await managedCheckout(executor, checkoutId);
    if (!checkout) throw notFound(errors.checkoutNotFound);
    return checkout;
  }

  return {
    /** GET /manageCheckouts/{id} (admin): the checkout, its lines and its shipments. */
    async getCheckout(id: string): Promise<ManagedCheckout> {
      const checkoutId = parseId(id);
      if (!checkoutId) throw notFound(errors.checkoutNotFound);
      return requireCheckout(db, checkoutId);
    },

    /**
     * POST /manageCheckouts/{id}/shipping (admin, issue 42): the shipping of a checkout placed
     * while shipping is quoted after ordering, set once (0 for free); the buyer is e-mailed and
     * can pay then. A checkout no longer unpaid 409; one whose shipping is set already 409.
     */
    async setShipping(id: string, request: SetCheckoutShipping): Promise<ManagedCheckout> {
      const checkoutId = parseId(id);
      const lines = checkoutId ? await selectCheckoutLines(db, checkoutId) : [];
      if (!checkoutId || lines.length === 0) throw notFound(errors.checkoutNotFound);
      if (!lines.some((line) => isPayable(line.status))) {
        throw conflict(serverTexts.shippingErrors.notUnpaid);
      }
      const shippingCents = dollarsToCents(Number(request.amount));
      const [first] = lines;
      // Its tax, added on top when its lines' is (issue 45): rounded on its own, as it is quoted
      // after their tax was.
      const [shippingTaxCents = 0] = addedTaxOf(
        { mode: first!.taxMode, rateBasisPoints: first!.taxRateBasisPoints },
        [shippingCents],
      );
      return db.transaction(async (tx) => {
        const set = await charges.setQuoted(tx, checkoutId, shippingCents, shippingTaxCents);
        if (!set) throw conflict(serverTexts.shippingErrors.notQuoted);
        const goodsCents = lines
          .filter((line) => isPayable(line.status))
          .reduce((sum, line) => sum + chargeOf(line), 0);
        await outbox.enqueue(
          tx,
          shippingQuotedMail(
            {
              id: checkoutId,
              reference: checkoutReference(checkoutId),
              email: first!.email,
              shipping: centsToDollars(shippingCents),
              total: centsToDollars(goodsCents + shippingCents + shippingTaxCents),
            },
            { publicUrl },
          ),
          { checkoutId, mail: 'shipping quoted' },
        );
        return requireCheckout(tx, checkoutId);
      });
    },

    /** POST /manageCheckouts/{id}/shipments (admin): one shipment of the checkout's lines. */
    async shipCheckout(
      id: string,
      request: CreateShipmentRequest,
      actor: Account,
    ): Promise<ShipmentResponse> {
      const checkoutId = parseId(id);
      if (!checkoutId) throw notFound(errors.checkoutNotFound);
      return db.transaction(async (tx) => {
        const locked = await selectCheckoutLinesForUpdate(tx, checkoutId);
        if (locked.length === 0) throw notFound(errors.checkoutNotFound);
        const { shipment, lines } = await ship(tx, locked, request, actor);
        const checkout = await managedCheckout(tx, checkoutId, lines);
        return { shipment: shipmentDto(shipment), checkout: checkout! };
      });
    },

    /** POST /manageShipments/{id}/undo (admin): within 24 h, its quantities are to ship again. */
    async undoShipment(id: string, actor: Account): Promise<ShipmentResponse> {
      const shipmentId = parseId(id);
      if (!shipmentId) throw notFound(errors.shipmentNotFound);
      return db.transaction(async (tx) => {
        const checkoutId = await undo(tx, shipmentId, actor);
        const checkout = await requireCheckout(tx, checkoutId);
        const shipment = checkout.shipments.find((s) => s._id === shipmentId)!;
        return { shipment, checkout };
      });
    },

    /** GET /manageShipments/{id}/packing-slip.pdf (admin): what is in the parcel, no prices. */
    async packingSlip(id: string): Promise<{ number: string; pdf: Buffer }> {
      const shipmentId = parseId(id);
      if (!shipmentId) throw notFound(errors.shipmentNotFound);
      const shipment = await selectShipmentWithLines(db, shipmentId);
      if (!shipment) throw notFound(errors.shipmentNotFound);
      const lines = await selectCheckoutLines(db, shipment.checkoutId);
      const [first] = lines;
      if (!first) throw notFound(errors.shipmentNotFound);
      const number = shipmentNumber(shipment.sequence);
      const pdf = await packingSlipPdf(
        {
          number,
          checkoutReference: checkoutReference(shipment.checkoutId),
          poNumber: first.poNumber,
          shippedAt: shipment.shippedAt,
          carrier: shipment.carrier,
          trackingNumber: shipment.trackingNumber,
          shipTo: { email: first.email, address: first.address, phone: first.phone },
          lines: shipment.lines.map((line) => ({
            sku: line.toolSku,
            name: line.toolName,
            quantity: line.quantity,
          })),
          stillToCome: stillToCome(lines),
        },
        seller,
      );
      return { number, pdf };
    },

    /**
     * PATCH /manageOrders/{id}/ship (admin, the spec's call): what is left of the order ships, as
     * a shipment of that one line; its customer sees it shipped in My Orders. Idempotent: an order
     * shipped whole already is answered as it is (a double click, a retried request). An unpaid,
     * disputed, cancelled or refunded order cannot be shipped (409, each in its words).
     */
    async shipOrder(id: string, actor: Account, tracking?: ShipOrder): Promise<ManagedOrder> {
      const orderId = parseId(id);
      if (!orderId) throw notFound(serverTexts.orderErrors.orderNotFound);
      const order = await selectOrderById(db, orderId);
      if (!order) throw notFound(serverTexts.orderErrors.orderNotFound);
      const shipped = await db.transaction(async (tx) => {
        const locked = await selectCheckoutLinesForUpdate(tx, order.checkoutId);
        const line = locked.find((row) => row.id === orderId);
        if (!line) throw notFound(serverTexts.orderErrors.orderNotFound);
        // Shipped whole already (a double click, a retried request): answered as it is.
        if (isShipped(line.status)) return line;
        ensureShippable(line.status);
        const { lines } = await ship(
          tx,
          locked,
          {
            lines: [{ orderId }],
            carrier: tracking?.carrier,
            trackingNumber: tracking?.trackingNumber,
          },
          actor,
        );
        return lines.find((row) => row.id === orderId)!;
      });
      return managedOrderDto(shipped);
    },

    /**
     * POST /manageOrders/{id}/unship (admin, issue 25): the order's latest shipment is undone,
     * within 24 h, when it holds this order alone; one shared with other lines is undone from its
     * checkout (409 naming it). Nothing shipped, or past the window: 409 in words.
     */
    async unshipOrder(id: string, actor: Account): Promise<ManagedOrder> {
      const orderId = parseId(id);
      if (!orderId) throw notFound(serverTexts.orderErrors.orderNotFound);
      const order = await selectOrderById(db, orderId);
      if (!order) throw notFound(serverTexts.orderErrors.orderNotFound);
      const [latest] = await selectStandingShipmentsOfOrder(db, orderId);
      if (!latest || !canUndoShip(order.status)) {
        throw conflict(texts.adminErrors.notShippedCannotUnship);
      }
      const shipment = await selectShipmentWithLines(db, latest.id);
      if (shipment && shipment.lines.length > 1) {
        throw conflict(errors.orderInSharedShipment(shipmentNumber(latest.sequence)));
      }
      if (latest.shippedAt.getTime() <= now().getTime() - UNSHIP_WINDOW_MS) {
        throw conflict(
          texts.adminErrors.unshipWindowOver(formatMailDateTime(latest.shippedAt.toISOString())),
        );
      }
      await db.transaction((tx) => undo(tx, latest.id, actor));
      const row = await selectOrderById(db, orderId);
      return managedOrderDto(row!);
    },
  };
}

export type OrderShipping = ReturnType<typeof createOrderShipping>;
