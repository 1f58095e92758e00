import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  CreateShipmentSchema,
  IdParamsSchema,
  ManagedCheckoutSchema,
  SetCheckoutShippingSchema,
  SHIPMENT_MAX_LINES,
  ShipmentResponseSchema,
} from '@tools-factory/contract';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { OrderShipping } from './order-shipping.ts';

/**
 * Shipments (issue 42): a checkout as an admin ships it, a shipment of its lines, its undo and its
 * packing slip. The spec's Ship of one order stays at PATCH /manageOrders/{id}/ship.
 */
export const shipmentsRoutes: FastifyPluginAsyncZod<{
  shipping: OrderShipping;
  guards: AuthGuards;
}> = async (app, options) => {
  const { shipping, guards } = options;

  app.get(
    apiPaths.managedCheckout.pattern,
    {
      onRequest: guardOf(guards, 'GET /api/manageCheckouts/:id'),
      schema: {
        operationId: 'getManagedCheckout',
        summary: 'A checkout as an admin ships it: its lines and its shipments',
        description:
          'Admins only (issue 42). The checkout with every line (each with `shippedQuantity`) and every shipment, undone ones too, newest first. Unknown or malformed id: 404.',
        tags: ['shipments'],
        params: IdParamsSchema,
        response: { 200: ManagedCheckoutSchema, ...errorResponses(404) },
      },
    },
    async (request) => shipping.getCheckout(request.params.id),
  );

  app.post(
    apiPaths.checkoutShipments.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageCheckouts/:id/shipments'),
      schema: {
        operationId: 'shipCheckout',
        summary: "Ship a checkout's lines, or part of them, as one shipment",
        description: `Admins only (issue 42). Without \`lines\`, everything of the checkout still to ship leaves, whole; with \`lines\` (1 to ${SHIPMENT_MAX_LINES}), those lines, each with its \`quantity\` (absent: all that is left of it). \`carrier\` and \`trackingNumber\` apply to the whole shipment. In ONE transaction that locks the checkout's lines: every line ships or none does. A line shipped in part is partly shipped, in whole shipped. The buyer gets one e-mail naming exactly what shipped and what is still to come, with the carrier's tracking link when the carrier is known. A line not of this checkout or named twice: 400; a line that cannot ship (unpaid, disputed, cancelled, refunded) or a quantity above what is left of it: 409 naming the line; nothing left at all: 409. Of two requests shipping the same quantity at once, one wins, the other gets 409.`,
        tags: ['shipments'],
        params: IdParamsSchema,
        body: CreateShipmentSchema,
        response: { 201: ShipmentResponseSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const shipped = await shipping.shipCheckout(
        request.params.id,
        request.body,
        callerOf(request),
      );
      request.auditAdminAction('shipment.create', shipped.shipment._id);
      return reply.code(201).send(shipped);
    },
  );

  app.post(
    apiPaths.checkoutShipping.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageCheckouts/:id/shipping'),
      schema: {
        operationId: 'setCheckoutShipping',
        summary: "Quote a checkout's shipping",
        description:
          'Admins only (issue 42). While SHIPPING_RATES says shipping is quoted after ordering, a checkout is placed with its shipping to quote and cannot be paid; this sets it (`amount` in dollars, 0 for free), once, and e-mails the buyer that they can pay. A checkout no longer unpaid, or whose shipping is set already (charged by the rates, or quoted before): 409; unknown: 404.',
        tags: ['shipments'],
        params: IdParamsSchema,
        body: SetCheckoutShippingSchema,
        response: { 200: ManagedCheckoutSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const checkout = await shipping.setShipping(request.params.id, request.body);
      request.auditAdminAction('checkout.shipping', checkout._id);
      return checkout;
    },
  );

  app.post(
    apiPaths.undoShipment.pattern,
    {
      onRequest: guardOf(guards, 'POST /api/manageShipments/:id/undo'),
      schema: {
        operationId: 'undoShipment',
        summary: 'Undo a shipment (within 24 hours)',
        description:
          'Admins only (issue 42). Within 24 hours of a shipment, its quantities are to ship again: each line goes back to paid, or to partly shipped while another of its shipments stands. The shipment stays listed, marked undone. Undone already, past the window, or a line cancelled, refunded or disputed since: 409 saying which; unknown: 404. No e-mail goes to the buyer.',
        tags: ['shipments'],
        params: IdParamsSchema,
        response: { 200: ShipmentResponseSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const undone = await shipping.undoShipment(request.params.id, callerOf(request));
      request.auditAdminAction('shipment.undo', undone.shipment._id);
      return undone;
    },
  );

  // Untyped: the answer is a PDF, which the zod type provider cannot type.
  app.withTypeProvider<FastifyTypeProviderDefault>().get(
    apiPaths.packingSlip.pattern,
    {
      onRequest: guardOf(guards, 'GET /api/manageShipments/:id/packing-slip.pdf'),
      schema: {
        operationId: 'getPackingSlip',
        summary: "A shipment's packing slip (PDF)",
        description:
          'Admins only (issue 42). What goes in the parcel: the shipment and checkout numbers, the PO number, the ship-to address, each line with its SKU and quantity, and what is still to come; no prices. Unknown: 404.',
        tags: ['shipments'],
        params: IdParamsSchema,
        response: {
          200: {
            description: 'The packing slip, a PDF.',
            content: { 'application/pdf': { schema: z.string() } },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof IdParamsSchema>;
      const { number, pdf } = await shipping.packingSlip(id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="packing-slip-${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
