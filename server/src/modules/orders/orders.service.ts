import {
  type ShippingRates,
  serverTexts,
  shipToTown,
  type ManagedOrder,
  type ManagedOrderDetail,
  type ManagedOrderRow,
  type ManagedOrdersPage,
  type Order,
  type PlaceOrderInput,
  type PlaceOrderResponse,
  unshipDeadline,
  type TaxTerms,
} from '@tools-factory/contract';
import { Readable } from 'node:stream';
import type { CatalogChanged } from '../../catalog/catalog-snapshot.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { orderPaidMail } from '../../mail/templates/orders.ts';
import { orderRemovedMail } from '../../mail/templates/customer-notices.ts';
import { selectOrderBooking } from './order-booking.ts';
import { enqueuePaidMails } from './paid-mails.ts';
import { orderPaidForStaffMail } from '../../mail/templates/staff.ts';
import type { Account, IdentityService } from '../identity/identity.service.ts';
import type { ToolsService } from '../tools/tools.service.ts';
import { createPlacementPipeline } from './order-pipeline.ts';
import { taxTermsOf, UNTAXED_SHOP, type ShopTax } from './order-tax.ts';
import { selectTaxExemptOfAccount } from '../companies/companies-of-orders.ts';
import { createOrderDtos, type PayableOrder } from './order-dto.ts';
import { createOrderExpiry } from './order-expiry.ts';
import { createOrderApprovals, type InvoiceOnAccount } from './order-approvals.ts';
import { holdCeilingMs, holdUntilOf } from './order-hold.ts';
import {
  createOrderPlacement,
  type QuotedOrderPlaced,
  type QuotedCheckoutPlaced,
  type QuotedCheckoutRequest,
  type QuotedOrderRequest,
} from './order-placement.ts';
import {
  emailEvent,
  insertOrderEvents,
  selectOrderEvents,
  type NewOrderEvent,
} from './order-events.repository.ts';
import { ensureRemovable } from './order-preconditions.ts';
import {
  ensureOwnEmail,
  holdLimitOf,
  type HoldLimit,
  type HoldLimitDefaults,
} from './order-rules.ts';
import { ordersOfCompany, searchOrders } from './orders-admin.repository.ts';
import { keysetCursorAfter, keysetCursorText } from '../../db/keyset-cursor.ts';
import { ALL_ORDERS_PAGE_SIZE, everyManagedOrderJson } from './orders-json-stream.ts';
import {
  extendHold,
  markOrderPaid,
  markOrdersSettled,
  markOrderRemoved,
  markUnpaidOrdersOfUserRemoved,
  selectHeldOrders,
  selectOrderById,
  selectOrderByIdForUpdate,
  selectOrderByIdempotencyKey,
  selectCheckoutCountsOfCompanies,
  selectCheckoutIdsOfQuotes,
  selectOrderIdsOfQuotes,
  selectOrdersOfUser,
  type OrderRow,
} from './orders.repository.ts';
import { returnStockOf } from './returned-stock.ts';
import {
  selectHeldAccountsPage,
  selectHeldOrdersOf,
  type HeldAccountsCursor,
} from './held-accounts.repository.ts';

/** An unpaid order as Stock holds lists it: its account, value (cents) and hold's end. */
export type HeldOrderEntry = { userId: string; order: Order; totalCents: number; holdUntil: Date };
export type { HeldAccountsCursor } from './held-accounts.repository.ts';

// checkout-paid-announcement.ts still names the type from here; other files import order-dto.ts.
export type { PayableOrder } from './order-dto.ts';

/** The invoice the paid e-mail carries: its id (its PDF is drawn when the e-mail leaves), its number. */
export type PaidOrderInvoice = { id: string; number: string };

export type OrdersServiceOptions = {
  db: Database;
  /**
   * Told after every committed stock change, with the stock the UPDATE returned, so the catalog
   * shows the new quantity at once.
   */
  catalog: CatalogChanged;
  /** Reserves and returns stock in the order's own transaction. */
  tools: ToolsService;
  /** Unpaid orders older than this expire (ORDER_HOLD_HOURS). */
  orderHoldHours: number;
  /** Unpaid orders one account may hold at once (MAX_UNPAID_ORDERS). */
  maxUnpaidOrders: number;
  /**
   * What an account's unpaid orders may come to by default, in cents: a verified account's
   * (UNPAID_HOLD_LIMIT) and one's whose e-mail is not (UNVERIFIED_HOLD_LIMIT). A shop admin
   * sets an account's own on Stock holds.
   */
  holdLimits: HoldLimitDefaults;
  /** The percentage of a tool's stock one account may hold unpaid (UNPAID_TOOL_SHARE). */
  toolSharePercent: number;
  /** Takes the e-mail of each step (placed, paid, shipped) in that step's transaction. */
  outbox: OutboxWriter;
  /** Where the e-mails' links lead (PUBLIC_URL). */
  publicUrl: string;
  /** TAX_MODE and TAX_RATE_PERCENT, kept on each order as it is placed (issues 25 and 45). */
  tax?: ShopTax;
  /** SHIPPING_RATES: what each checkout placed is charged for shipping (free when unset). */
  shippingRates?: ShippingRates;
  /**
   * The engine runs one transaction at a time (PGlite): POST /order then takes no account lock
   * of its own, which could only ever be free (decision 031).
   */
  transactionsRunAlone?: boolean;
  /** The clock (tests move it): when an order is shipped. */
  now: () => Date;
  /**
   * The customers' and admins' names, for Manage Orders and an order's page; a company's admins,
   * for the e-mails of a checkout awaiting their approval.
   */
  identity: Pick<IdentityService, 'namesOf' | 'findByIds'>;
  /** A checkout on account, approved: its credit and invoice (issue 45). */
  invoiceOnAccount: InvoiceOnAccount;
};

/**
 * Orders (docs/architecture.md#orders): wires the placement (order-placement.ts), the DTO mapping
 * (order-dto.ts), the expiry sweep (order-expiry.ts) and the order's life
 * (contract/src/order-status.ts) into the one service the routes and the other modules call.
 */
export function createOrdersService(options: OrdersServiceOptions) {
  const { db, catalog, tools, orderHoldHours, outbox, publicUrl, now, identity } = options;
  const dtos = createOrderDtos(orderHoldHours);
  const { orderDto, managedOrderDto, payableOrder } = dtos;
  const approvals = createOrderApprovals({ ...options, dtos });
  const pipeline = createPlacementPipeline({ ...options, approvals });
  const placement = createOrderPlacement({ ...options, dtos, pipeline });

  const expiry = createOrderExpiry({
    db,
    tools,
    catalog,
    outbox,
    orderDto,
    publicUrl,
    orderHoldHours,
  });

  /** An order for Manage Orders' search and page: with its customer's name and town. */
  function managedOrderRow(order: OrderRow, names: Map<string, string>): ManagedOrderRow {
    return {
      ...managedOrderDto(order),
      customerName: (order.userId && names.get(order.userId)) || null,
      town: shipToTown(order.address),
    };
  }

  /** Unpaid orders as Stock holds lists them: each with its value and when its hold ends. */
  function heldOrderEntries(rows: readonly OrderRow[]): HeldOrderEntry[] {
    return rows.flatMap((row) => {
      const holdUntil = holdUntilOf(row, orderHoldHours);
      return row.userId && holdUntil
        ? [
            {
              userId: row.userId,
              order: orderDto(row),
              totalCents: row.unitPriceCents * row.quantity,
              holdUntil,
            },
          ]
        : [];
    });
  }

  /** An order by an id from a request; a malformed id is no order's: undefined. */
  async function findById(id: string) {
    const orderId = parseId(id);
    return orderId ? selectOrderById(db, orderId) : undefined;
  }

  return {
    /** The one way an order is placed (order-pipeline.ts): the checkouts module places with it. */
    placementPipeline: pipeline,

    /** An order as the API shows it (ORDER_HOLD_HOURS known): a checkout's lines are orders. */
    orderDto,

    /** An order as Manage Orders shows it: ship (order-shipping.ts), a checkout's shipped e-mail. */
    managedOrderDto,

    /**
     * The tax the account's next checkout would be placed under (issue 45): the shop's, or
     * reverse charge for a buyer of a tax-exempt company. The cart shows its total by it.
     */
    async taxTermsOf(userId: string): Promise<TaxTerms> {
      return taxTermsOf(options.tax ?? UNTAXED_SHOP, await selectTaxExemptOfAccount(db, userId));
    },

    /** The account's hold limit (its own, else its kind's default), for Stock holds. */
    holdLimitOf(account: Pick<Account, 'emailVerified' | 'unpaidHoldLimitCents'>): HoldLimit {
      return holdLimitOf(account, options.holdLimits);
    },

    placeOrder(
      caller: Account,
      input: PlaceOrderInput,
      idempotencyKey?: string,
    ): Promise<PlaceOrderResponse> {
      return placement.placeOrder(caller, input, idempotencyKey);
    },

    /**
     * True when this account placed an order with this Idempotency-Key already: its retry does
     * not count towards ORDER_RATE_LIMIT.
     */
    async isRetryOfPlacedOrder(caller: Account, idempotencyKey: string): Promise<boolean> {
      return (await selectOrderByIdempotencyKey(db, caller.id, idempotencyKey)) !== undefined;
    },

    /**
     * GET /payorder/{id}: the caller's own order. Someone else's, an unknown or a malformed id
     * is answered as not found (as DELETE does), so no order's existence is revealed.
     */
    async findOwnOrder(caller: Account, id: string): Promise<PayableOrder> {
      const row = await findById(id);
      if (!row || row.userId !== caller.id) throw notFound(serverTexts.orderErrors.orderNotFound);
      return payableOrder(row);
    },

    /**
     * GET /orders/{id}/invoice.pdf: an order its owner or an admin may see. Someone else's, an
     * unknown or a malformed id is answered as not found, as findOwnOrder does.
     */
    async findOrderForOwnerOrAdmin(caller: Account, id: string): Promise<PayableOrder> {
      const row = await findById(id);
      if (!row || (row.userId !== caller.id && caller.role !== 'admin')) {
        throw notFound(serverTexts.orderErrors.orderNotFound);
      }
      return payableOrder(row);
    },

    /**
     * Keeps an unpaid order from expiring until `until` (a payment is under way): once per
     * order, and never past ORDER_HOLD_HOURS + 1 h after it was placed, so asking for intents
     * again and again holds nothing longer. False when it is not unpaid any more.
     */
    holdForPayment(id: string, until: Date): Promise<boolean> {
      return extendHold(db, id, until, { afterPlacingMs: holdCeilingMs(orderHoldHours) });
    },

    /**
     * The order, locked until `tx` ends (the expiry sweep skips it, a removal waits): the
     * payment decided on it stays true. Undefined when it is gone.
     */
    async lockForPayment(tx: Transaction, id: string): Promise<PayableOrder | undefined> {
      const row = await selectOrderByIdForUpdate(tx, id);
      return row && payableOrder(row);
    },

    /** Marks an order locked by lockForPayment, and still unpaid, paid with its transaction. */
    async markPaid(
      tx: Transaction,
      id: string,
      transactionId: string,
      paidAt: Date,
    ): Promise<PayableOrder> {
      const row = await markOrderPaid(tx, id, transactionId, paidAt);
      // Paid by its customer, whoever confirmed it (the browser, a webhook).
      await insertOrderEvents(tx, [
        { orderId: id, kind: 'paid', actorId: row.userId, detail: { transactionId }, at: paidAt },
      ]);
      return payableOrder(row);
    },

    /**
     * A payment received against an invoice on account (issue 45, Receivables), on the timeline
     * of each of its lines, in the transaction that records it: who recorded it, the amount and
     * the bank's reference.
     */
    async recordPaymentReceived(
      tx: Transaction,
      orderIds: readonly string[],
      payment: { amount: string; bankReference: string; actorId: string; at: Date },
    ): Promise<void> {
      const { amount, bankReference, actorId, at } = payment;
      await insertOrderEvents(
        tx,
        orderIds.map((orderId) => ({
          orderId,
          kind: 'payment_received' as const,
          actorId,
          detail: { amount, bankReference },
          at,
        })),
      );
    },

    /**
     * The lines of an invoice on account its last payment settled (issue 45): paid with the bank
     * reference as their transaction id (markOrdersSettled), a 'paid' event each. Resolves to
     * the lines paid, for the paid e-mail.
     */
    async settleOnAccount(
      tx: Transaction,
      orderIds: readonly string[],
      settled: { bankReference: string; actorId: string; at: Date },
    ): Promise<PayableOrder[]> {
      const { bankReference, actorId, at } = settled;
      const rows = await markOrdersSettled(tx, orderIds, bankReference, at);
      await insertOrderEvents(
        tx,
        rows.map((row) => ({
          orderId: row.id,
          kind: 'paid' as const,
          actorId,
          detail: { transactionId: bankReference },
          at,
        })),
      );
      return rows.map(payableOrder);
    },

    /**
     * Tells the customer their order is paid, its invoice attached: the payments service calls
     * it in the payment's transaction, wherever the payment was confirmed (the browser, a
     * webhook). The e-mail names the invoice; its PDF is drawn when the e-mail leaves.
     */
    async announcePaid(tx: Transaction, order: Order, invoice: PaidOrderInvoice): Promise<void> {
      // By the service's clock, as the payment's own time: after it on the timeline.
      const at = now();
      await enqueuePaidMails(tx, outbox, {
        mail: orderPaidMail(order, { publicUrl, invoice }),
        about: { orderId: order._id, invoiceId: invoice.id, mail: 'order paid' },
        staffMail: (to) =>
          orderPaidForStaffMail(order, {
            publicUrl,
            to,
            invoiceNumber: invoice.number,
            paidAt: at.toISOString(),
          }),
        staffAbout: { orderId: order._id, mail: 'order paid, to staff' },
        orderIds: [order._id],
        at,
      });
    },

    /** For the invoices: the tax rate kept at placing and the quote (order-booking.ts). */
    bookingOf: (orderId: string) => selectOrderBooking(db, orderId),

    /** GET /orders?email=: the caller's own orders, newest first. */
    async listOwnOrders(caller: Account, email: string): Promise<Order[]> {
      ensureOwnEmail(caller, email);
      return (await selectOrdersOfUser(db, caller.id)).map(orderDto);
    },

    /**
     * DELETE /deleteOrder/{id}: an unpaid order, by its owner or an admin, ends as removed (issue
     * 44: its row and timeline stay, with who removed it and when); its stock goes back in the
     * same transaction (a made-to-order one took none). A paid (or shipped, refunded, disputed,
     * cancelled) order is never removed (409): an admin cancels it (cancelPaidOrder). Someone
     * else's order, or one removed already, is answered as not found, as the spec's call did
     * when removing deleted it.
     */
    async removeOrder(caller: Account, id: string): Promise<{ deletedCount: number }> {
      const orderId = parseId(id);
      if (!orderId) throw notFound(serverTexts.orderErrors.orderNotFound);
      const isAdmin = caller.role === 'admin';
      const stockReturned = await db.transaction(async (tx) => {
        const order = await selectOrderByIdForUpdate(tx, orderId);
        if (!order || (!isAdmin && order.userId !== caller.id)) {
          throw notFound(serverTexts.orderErrors.orderNotFound);
        }
        // A paid order is in the books (its payment, its invoice): an admin cancels it instead.
        ensureRemovable(order.status, { admin: isAdmin });
        const at = now();
        const removed = await markOrderRemoved(tx, order.id, at);
        if (!removed) throw new Error(`order ${order.id} was locked unpaid yet not removed`);
        const events: NewOrderEvent[] = [
          { orderId: order.id, kind: 'removed', actorId: caller.id, at },
        ];
        // An admin removing a customer's unpaid order tells the customer (issue 25).
        if (isAdmin && order.userId !== caller.id) {
          const mail = orderRemovedMail(orderDto(order), { publicUrl });
          await outbox.enqueue(tx, mail, {
            orderId: order.id,
            mail: 'order removed by an admin',
          });
          events.push(emailEvent(order.id, mail, at));
        }
        await insertOrderEvents(tx, events);
        // A made-to-order order never took any stock.
        if (order.madeToOrder) return undefined;
        return tools.returnStock(tx, order.toolId, order.quantity);
      });
      if (stockReturned) await catalog.stockMoved([stockReturned]);
      return { deletedCount: 1 };
    },

    placeQuotedOrder(
      tx: Transaction,
      caller: Account,
      request: QuotedOrderRequest,
    ): Promise<QuotedOrderPlaced> {
      return placement.placeQuotedOrder(tx, caller, request);
    },

    /** For the quotes module: accepting a request of several lines places ONE checkout. */
    placeQuotedCheckout(
      tx: Transaction,
      caller: Account,
      request: QuotedCheckoutRequest,
    ): Promise<QuotedCheckoutPlaced> {
      return placement.placeQuotedCheckout(tx, caller, request);
    },

    /** For the quotes module: the order each of these quotes placed, by quote id (if any). */
    orderIdsOfQuotes(quoteIds: readonly string[]): Promise<Map<string, string>> {
      return selectOrderIdsOfQuotes(db, quoteIds);
    },

    /** For the quotes module: the checkout of each of these quotes' orders, by quote id (if any). */
    checkoutIdsOfQuotes(quoteIds: readonly string[]): Promise<Map<string, string>> {
      return selectCheckoutIdsOfQuotes(db, quoteIds);
    },

    /**
     * GET /manageOrders (admin): every order, newest first and checkout by checkout, those of
     * removed accounts too, as a JSON array written a page of orders at a time while the client
     * takes it (issue 43: a million orders in the memory of one page, never the whole list).
     */
    streamAllOrders(pageSize = ALL_ORDERS_PAGE_SIZE): Readable {
      return Readable.from(everyManagedOrderJson(db, pageSize, managedOrderDto));
    },

    /**
     * GET /manageOrders/search (admin): one page of the checkouts with orders of a status,
     * and/or whose reference, customer e-mail or tool name holds `q`, newest first, with those
     * orders (checkout by checkout) and how many orders and checkouts match. With `company`
     * (GET /company/orders, issue 44): the company's orders only, and only `buyer`'s when given.
     */
    async searchOrders(
      query: {
        status?: ManagedOrder['status'] | undefined;
        q?: string | undefined;
        page: number;
        pageSize: number;
        after?: string | undefined;
      },
      company?: { companyId: string; buyerId?: string | undefined },
    ): Promise<ManagedOrdersPage> {
      const { page, pageSize } = query;
      const found = await searchOrders(db, {
        scope: company && ordersOfCompany(company.companyId, company.buyerId),
        status: query.status,
        q: query.q,
        limit: pageSize,
        offset: (page - 1) * pageSize,
        after: keysetCursorAfter(query.after),
      });
      const names = await identity.namesOf(found.rows.flatMap(({ userId }) => userId ?? []));
      return {
        orders: found.rows.map((row) => managedOrderRow(row, names)),
        total: found.total,
        checkouts: found.checkouts,
        capped: found.capped,
        page,
        pageSize,
        next: found.next ? keysetCursorText(found.next) : null,
      };
    },

    /**
     * GET /manageOrders/{id} (admin): the order's page, its customer's name, its payment, until
     * when its shipment can be undone, and its timeline, oldest first. 404 when unknown.
     */
    async findManagedOrder(id: string): Promise<ManagedOrderDetail> {
      const orderId = parseId(id);
      const order = orderId ? await selectOrderById(db, orderId, { ended: true }) : undefined;
      if (!orderId || !order) throw notFound(serverTexts.orderErrors.orderNotFound);
      const events = await selectOrderEvents(db, orderId);
      const names = await identity.namesOf([
        ...(order.userId ? [order.userId] : []),
        ...events.flatMap(({ actorId }) => actorId ?? []),
      ]);
      return {
        ...managedOrderRow(order, names),
        paidAt: order.paidAt?.toISOString() ?? null,
        unshipUntil: unshipDeadline(order),
        events: events.map((event) => ({
          kind: event.kind,
          at: event.createdAt.toISOString(),
          actor: (event.actorId && names.get(event.actorId)) || null,
          detail: event.detail,
        })),
      };
    },

    /**
     * GET /manageHolds (admin): every unpaid order an account holds, oldest first, with the
     * time it expires; the caller groups them by account.
     */
    async listHeldOrders(): Promise<HeldOrderEntry[]> {
      return heldOrderEntries(await selectHeldOrders(db));
    },

    /**
     * GET /manageHolds/page (admin, issue 43): a page of the accounts holding unpaid orders,
     * the largest value first, then by account id, from where the page before ended; with
     * their unpaid orders, oldest first.
     */
    async pageHeldOrders(page: { limit: number; after?: HeldAccountsCursor | undefined }): Promise<{
      userIds: string[];
      entries: HeldOrderEntry[];
      total: number;
      next: HeldAccountsCursor | undefined;
    }> {
      const found = await selectHeldAccountsPage(db, page);
      const entries = heldOrderEntries(await selectHeldOrdersOf(db, found.userIds));
      return { ...found, entries };
    },

    /**
     * POST /manageHolds/{userId}/release (admin): removes every unpaid order of the account in
     * one transaction and returns their stock (tools in one fixed order, as the sweep does); an
     * order being paid at that moment is waited for and kept once paid.
     */
    async releaseHoldsOf(
      admin: Account,
      userId: string,
    ): Promise<{ deletedCount: number; returnedUnits: number }> {
      const released = await db.transaction(async (tx) => {
        const at = now();
        const deleted = await markUnpaidOrdersOfUserRemoved(tx, userId, at);
        // An admin removed them: the customer hears of each (issue 25).
        const mails = deleted.map((row) => ({
          row,
          message: orderRemovedMail(orderDto(row), { publicUrl }),
        }));
        await outbox.enqueueEach(
          tx,
          mails.map(({ row, message }) => ({
            message,
            about: { orderId: row.id, mail: 'order removed by an admin' },
          })),
        );
        await insertOrderEvents(
          tx,
          mails.flatMap(({ row, message }) => [
            { orderId: row.id, kind: 'removed' as const, actorId: admin.id, at },
            emailEvent(row.id, message, at),
          ]),
        );
        return { deleted, ...(await returnStockOf(tx, tools, deleted)) };
      });
      if (released.changes.length > 0) await catalog.stockMoved(released.changes);
      return { deletedCount: released.deleted.length, returnedUnits: released.returnedUnits };
    },

    /**
     * Deletes the unpaid orders placed more than ORDER_HOLD_HOURS before `now` and returns their
     * stock, batch by batch (order-expiry.ts). `now` is the caller's clock (tests move it).
     */
    sweepExpiredOrders: expiry.sweepExpiredOrders,

    /**
     * Spending limits and approvals (issue 44), for the companies module: what counts against
     * members' limits this month, a company's checkouts awaiting approval, and its admin's
     * decision on one (order-approvals.ts).
     */
    spentThisMonthCents: approvals.spentThisMonthCents,
    awaitingApprovalOfCompany: approvals.awaitingOfCompany,
    decideApproval: approvals.decide,

    /** For the shop admins' Companies page: each company's live checkouts, and those waiting. */
    checkoutCountsOfCompanies: (companyIds: readonly string[]) =>
      selectCheckoutCountsOfCompanies(db, companyIds),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
