import type { FastifyRequest, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  DeletedCountSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  IdParamsSchema,
  MANAGED_ORDERS_MAX_PAGE_SIZE,
  MANAGED_ORDERS_PAGE_SIZE,
  ManagedOrderDetailSchema,
  ManagedOrderListSchema,
  ManagedOrderSchema,
  ManagedOrdersPageSchema,
  ManagedOrdersSearchQuerySchema,
  OrderListSchema,
  OrderSchema,
  OrdersQuerySchema,
  PlaceOrderResponseSchema,
  PlaceOrderSchema,
  ShipOrderSchema,
  texts,
} from '@tools-factory/contract';
import { refuseWhenUncounted } from '../../plugins/rate-limit.ts';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { OrdersCsv } from './orders-csv.ts';
import type { OrderShipping } from './order-shipping.ts';
import type { OrdersService } from './orders.service.ts';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

/**
 * A customer's orders: place one, list one's own, remove one while unpaid. Manage Orders, for
 * admins: every order, ship a paid one, remove one.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  /** Manage Orders' CSV export. */
  ordersCsv: OrdersCsv;
  /** Ship and its undo (order-shipping.ts). */
  shipping: OrderShipping;
  guards: AuthGuards;
  /** Orders one account may place a minute (ORDER_RATE_LIMIT), counted per account. */
  ordersPerMinute: number;
}> = async (app, options) => {
  const { orders, ordersCsv, shipping, guards, ordersPerMinute } = options;
  /** The request's Idempotency-Key, checked by the route schema already. */
  const idempotencyKeyOf = (request: FastifyRequest): string | undefined => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    return typeof key === 'string' ? key : undefined;
  };
  // After the bearer guard, so the count is the account's, whatever addresses it comes from.
  const limitOrdersPerAccount = refuseWhenUncounted(
    app.rateLimit({
      max: ordersPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `order:${callerOf(request).id}`,
      // A retry of an order placed already (same Idempotency-Key) places nothing: not counted.
      allowList: async (request: FastifyRequest) => {
        const key = idempotencyKeyOf(request);
        return key !== undefined && orders.isRetryOfPlacedOrder(callerOf(request), key);
      },
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: texts.orders.tooManyOrdersAtOnce,
      }),
    }),
  );

  app.post(
    apiPaths.order,
    {
      onRequest: guardOf(guards, 'POST /api/order'),
      preHandler: limitOrdersPerAccount,
      schema: {
        operationId: 'placeOrder',
        summary: 'Place an order',
        description:
          "For the caller's own e-mail. The tool is `toolId`, else the tool of that exact name (any case). The unit price comes from the catalog: the price of the largest price break the quantity reaches, else the list price (409, with the right price, when a given `price` differs). The quantity must be strictly above the minimum and strictly below the available quantity; the stock is reserved with the order. A total of $1,000,000 or more, which no payment could take, is refused (400). An account holds at most MAX_UNPAID_ORDERS unpaid orders (409), unpaid orders worth at most its hold limit (403: UNPAID_HOLD_LIMIT, UNVERIFIED_HOLD_LIMIT until its e-mail is verified, or its own, set by an admin), at most UNPAID_TOOL_SHARE percent of a tool's stock unpaid (409), and places at most ORDER_RATE_LIMIT orders a minute (429). Answers 200, as the original did. With an `Idempotency-Key` header, the same key again from the same account answers with the order it placed (nothing reserved or counted again), and with other order details 422. An order-placed e-mail goes to the customer.",
        tags: ['orders'],
        // Loose: the other headers (Authorization among them) stay as they came.
        headers: z.looseObject({
          [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema.optional().describe(
            'A value the client makes once per order it means to place (a UUID): a retry or a double click with the same value places one order.',
          ),
        }),
        body: PlaceOrderSchema,
        response: {
          200: PlaceOrderResponseSchema,
          ...errorResponses(400, 404, 409, 422, 429),
        },
      },
    },
    async (request) =>
      orders.placeOrder(callerOf(request), request.body, idempotencyKeyOf(request)),
  );

  app.get(
    apiPaths.orders.pattern,
    {
      onRequest: guardOf(guards, 'GET /api/orders'),
      schema: {
        operationId: 'listMyOrders',
        summary: "The caller's orders, newest first",
        tags: ['orders'],
        querystring: OrdersQuerySchema,
        response: { 200: OrderListSchema, ...errorResponses(400) },
      },
    },
    async (request) => orders.listOwnOrders(callerOf(request), request.query.email),
  );

  app.get(
    apiPaths.payOrder.pattern,
    {
      onRequest: guardOf(guards, 'GET /api/payorder/:id'),
      schema: {
        operationId: 'getMyOrder',
        summary: 'One of your orders, for its payment page',
        description: "The caller's own order; someone else's (or an unknown id) answers 404.",
        tags: ['orders'],
        params: IdParamsSchema,
        response: { 200: OrderSchema, ...errorResponses(404) },
      },
    },
    async (request) => (await orders.findOwnOrder(callerOf(request), request.params.id)).order,
  );

  app.delete(
    apiPaths.deleteOrder.pattern,
    {
      onRequest: guardOf(guards, 'DELETE /api/deleteOrder/:id'),
      schema: {
        operationId: 'removeOrder',
        summary: 'Remove an order',
        description:
          "The owner while it is unpaid (409 once paid), or an admin. An unpaid order's stock is returned. The order is not deleted (issue 44): it ends as `removed`, keeping its row and timeline (who removed it, when), and the spec's calls no longer show it; removing it again answers 404, as does someone else's order.",
        tags: ['orders'],
        params: IdParamsSchema,
        response: { 200: DeletedCountSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const removed = await orders.removeOrder(caller, request.params.id);
      // An admin's removal is an admin action; a customer's own is not.
      if (caller.role === 'admin' && removed.deletedCount > 0) {
        request.auditAdminAction('order.remove', request.params.id);
      }
      return removed;
    },
  );

  // Untyped: the answer is a stream, which the zod type provider cannot type (the schema still
  // describes it in the OpenAPI document).
  app.withTypeProvider<FastifyTypeProviderDefault>().get(
    apiPaths.manageOrders,
    {
      onRequest: guardOf(guards, 'GET /api/manageOrders'),
      schema: {
        operationId: 'listAllOrders',
        summary: 'Every order (Manage Orders)',
        description:
          "Admins only. Newest first, checkout by checkout (a checkout's lines in the order they were placed), no paging (as the spec has it), with each order's customer e-mail, tool snapshot, quantity, unit price, total, date and status. Orders of removed accounts are listed too; removed and expired orders are not (issue 44). Streamed as it is read from the database (issue 43): a client of a shop with many orders should page with GET /manageOrders/search instead.",
        tags: ['orders'],
        response: { 200: ManagedOrderListSchema },
      },
    },
    async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(orders.streamAllOrders()),
  );

  /*
   * Searched and paged on a path of its own: the spec's GET /manageOrders answers a bare array,
   * which clients written against the spec read as every order. Paging that answer (or wrapping it
   * in { orders, total }) would silently show them the first page only, so it stays as it is.
   */
  app.get(
    apiPaths.manageOrdersSearch,
    {
      onRequest: guardOf(guards, 'GET /api/manageOrders/search'),
      schema: {
        operationId: 'searchAllOrders',
        summary: 'Manage Orders searched, filtered and paged',
        description:
          "Admins only (issue 25). Newest first. `status` keeps one status; without it, every order but the removed and expired ones, which `status=removed` or `status=expired` shows (issue 44: orders are never deleted); `q` finds the words in the order's reference (`TF-3F2A9C1B`, or its start), the customer's e-mail, the tool's name or SKU, its checkout's reference (`CO-3F2A9C1B`, or its start) or the buyer's PO number, in any case; `page` (from 1) and `pageSize` (1 to " +
          MANAGED_ORDERS_MAX_PAGE_SIZE +
          ', default ' +
          MANAGED_ORDERS_PAGE_SIZE +
          ") count checkouts (issue 42: a checkout is one entry of Manage Orders; a one-line checkout is one order, as the spec's view). A page holds the matching orders of its checkouts, checkout by checkout, each checkout's in the order they were placed. Each order comes with its customer's name (null once the account was removed) and its ship-to town (the address's last comma- or line-separated part); `total` counts the matching orders and `checkouts` their checkouts, on every page, up to 10,000 orders (issue 43: beyond, `capped` is true and they count the first 10,000). `next` (null on the last page) is the `after` of the next page: a page asked with `after` starts there, read off an index however deep it is (`page` then only names it), where `page` alone skips checkouts one by one; an `after` that no page answered is refused (400). `companyId` (issue 44) keeps one company's checkouts, as its Company Orders shows them to its admins.",
        tags: ['orders'],
        querystring: ManagedOrdersSearchQuerySchema,
        response: { 200: ManagedOrdersPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { companyId, ...query } = request.query;
      return orders.searchOrders(query, companyId ? { companyId } : undefined);
    },
  );

  app.get(
    apiPaths.managedOrder.pattern,
    {
      onRequest: guardOf(guards, 'GET /api/manageOrders/:id'),
      schema: {
        operationId: 'getManagedOrder',
        summary: "An order's page (admin)",
        description:
          "Admins only (issue 25). The order with its customer's name, e-mail, phone and address, its line and amounts, its payment (transaction id, paid at), carrier and tracking number, until when its shipment can be undone, and its timeline oldest first (placed, paid, shipped, shipment undone, cancelled, refunded, disputed, removed and by whom, expired, e-mails sent). A removed or expired order is kept (issue 44) and shown here with its timeline. An unknown or malformed id answers 404.",
        tags: ['orders'],
        params: IdParamsSchema,
        response: { 200: ManagedOrderDetailSchema, ...errorResponses(404) },
      },
    },
    async (request) => orders.findManagedOrder(request.params.id),
  );

  // Untyped: the answer is a stream, which the zod type provider cannot type.
  app.withTypeProvider<FastifyTypeProviderDefault>().get(
    apiPaths.manageOrdersCsv,
    {
      onRequest: guardOf(guards, 'GET /api/manageOrders.csv'),
      schema: {
        operationId: 'exportAllOrdersCsv',
        summary: 'Every order as a CSV file (Manage Orders, Export CSV)',
        description:
          "Admins only. Streamed as it is read from the database. An attachment named with the UTC date (`orders-2026-11-23.csv`): UTF-8 with a byte order mark, quoted as RFC 4180 says (CRLF between records). A header row, then every order (removed accounts' too), checkout by checkout, newest first. The columns: record (issue 42: what the record is, see below), date (ISO 8601, UTC), reference, customer e-mail, tool, quantity, unit price and total (dollars, two decimals, no currency sign), status, transaction id (empty when none), made to order (yes/no), then (issue 25) customer name (empty once the account was removed), address and phone, then (issue 26) the SKU the order was placed with (empty for orders from before SKUs), its checkout's reference and the buyer's PO number (empty when none), then (issue 42) shipped, shipped quantity and refunded (dollars given back, two decimals), and (issue 45) shipping (a checkout's or one-line order's shipping; empty on a line), tax (of the record: added on top, or within what it was charged, as `tax mode` says), charged (what it was charged: a checkout's is its invoice's total, its lines' and shipping's tax included) and tax mode (`included`, `added` or `reverse-charge`). A status reads as the pages read it: a cancelled order whose money went back is `refunded`. The records (issue 42: a checkout is one entry with its lines underneath): a checkout of one line is one `order` record, every column filled but shipped, its shipped quantity how much of it shipped. A checkout of several lines is a `checkout` record, then one `line` record per line in the order they were placed. The `checkout` record gives the checkout's facts once: date, checkout reference, PO number, customer e-mail and name, address, phone, total (the sum of its lines'), refunded (the sum of its lines'), status (the checkout's: unpaid, paid, partly_shipped, shipped or closed, written as the orders' statuses are), transaction id and shipped (its lines shipped whole of those still sold: `2 of 12`; empty while it is unpaid or once it is closed); its reference, tool, SKU, quantity, unit price, made to order and shipped quantity are empty. A `line` record gives the line's own columns: reference, tool, SKU, quantity, unit price, total, status, made to order, its checkout's reference and shipped quantity; the rest is empty. Text cells that start with = + - @ (or their full-width forms), a tab or a carriage return get a leading single quote, so no spreadsheet runs them as formulas.",
        tags: ['orders'],
        response: {
          200: {
            description: 'The CSV file.',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ordersCsv.fileName()}"`)
        .send(ordersCsv.stream()),
  );

  app.patch(
    apiPaths.shipOrder.pattern,
    {
      onRequest: guardOf(guards, 'PATCH /api/manageOrders/:id/ship'),
      schema: {
        operationId: 'shipOrder',
        summary: 'Ship a paid order',
        description:
          "Admins only. A paid order becomes shipped; its customer sees 'shipped' in My Orders and gets an e-mail. The body is optional (the spec's call has none): `carrier` and `trackingNumber` (each up to 100 characters, both optional) are kept with the order, shown in My Orders and written in the e-mail. An order shipped already answers 200 unchanged (idempotent); an unpaid order answers 409; an unknown one 404.",
        tags: ['orders'],
        params: IdParamsSchema,
        body: ShipOrderSchema,
        response: { 200: ManagedOrderSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const shipped = await shipping.shipOrder(request.params.id, callerOf(request), request.body);
      request.auditAdminAction('order.ship', shipped._id);
      return shipped;
    },
  );

  app.post(
    apiPaths.unshipOrder.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageOrders/:id/unship'),
      schema: {
        operationId: 'unshipOrder',
        summary: 'Undo the shipment of an order (within 24 hours)',
        description:
          'Admins only (issue 25). A shipped order goes back to paid, its carrier and tracking number cleared, within 24 hours of being shipped (a mistake). An order that is not shipped, or shipped more than 24 hours ago, answers 409 saying which; an unknown one 404. No e-mail goes to the customer.',
        tags: ['orders'],
        params: IdParamsSchema,
        response: { 200: ManagedOrderSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const unshipped = await shipping.unshipOrder(request.params.id, callerOf(request));
      request.auditAdminAction('order.unship', unshipped._id);
      return unshipped;
    },
  );
};
