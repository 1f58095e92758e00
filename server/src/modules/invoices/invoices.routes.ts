import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, IdParamsSchema } from '@tools-factory/contract';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { Account } from '../identity/identity.service.ts';
import type { InvoicePdf, InvoicesService } from './invoices.service.ts';
import { guardOf, type GuardedRoute } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';

/**
 * A paid order's invoice, and a cancelled order's credit note, as PDFs drawn on demand from the
 * rows issued with the payment and with the cancellation.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<{
  invoices: InvoicesService;
  guards: AuthGuards;
}> = async (app, options) => {
  const { invoices, guards } = options;
  // Untyped: the answer is a PDF, which the zod type provider cannot type.
  const untyped = app.withTypeProvider<FastifyTypeProviderDefault>();

  /** A GET of one PDF, drawn for the caller from the row of the id in the path. */
  function pdfRoute(
    path: string,
    route: GuardedRoute,
    doc: { operationId: string; summary: string; description: string; fileDescription: string },
    draw: (caller: Account, id: string) => Promise<InvoicePdf>,
  ): void {
    untyped.get(
      path,
      {
        onRequest: guardOf(guards, route),
        schema: {
          operationId: doc.operationId,
          summary: doc.summary,
          description: doc.description,
          tags: ['orders'],
          params: IdParamsSchema,
          response: {
            200: {
              description: doc.fileDescription,
              content: { 'application/pdf': { schema: z.string() } },
            },
            ...errorResponses(404),
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params as z.infer<typeof IdParamsSchema>;
        const { fileName, pdf } = await draw(callerOf(request), id);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  }

  pdfRoute(
    apiPaths.invoice.pattern,
    'GET /api/orders/:id/invoice.pdf',
    {
      operationId: 'downloadInvoice',
      summary: "A paid order's invoice (PDF)",
      description:
        "The order's owner, or an admin. An attachment named after the invoice's number (`INV-2026-000123.pdf`): its checkout's one invoice (issue 26): seller, buyer, every line of the checkout (SKU, tool, quantity, unit price, line total), the PO number, total, payment date and transaction id, as issued when the order was paid (numbered per year of payment, with no gap). Someone else's order, an unknown or a malformed id answer 404, as an unpaid order (no invoice yet) does, in its own words.",
      fileDescription: 'The invoice, a PDF file.',
    },
    (caller, id) => invoices.pdfOfOrder(caller, id),
  );

  pdfRoute(
    apiPaths.checkoutInvoice.pattern,
    'GET /api/checkouts/:id/invoice.pdf',
    {
      operationId: 'downloadCheckoutInvoice',
      summary: "A paid checkout's one invoice (PDF)",
      description:
        "The checkout's buyer, or an admin (issue 26). The same invoice as GET /orders/{id}/invoice.pdf for any of its lines: a table of every line (SKU, tool, quantity, unit price, line total), the PO number and the total. Someone else's checkout, an unknown or a malformed id answer 404, as an unpaid checkout (no invoice yet) does, in its own words.",
      fileDescription: 'The invoice, a PDF file.',
    },
    (caller, id) => invoices.pdfOfCheckout(caller, id),
  );

  pdfRoute(
    apiPaths.creditNote.pattern,
    'GET /api/orders/:id/credit-note.pdf',
    {
      operationId: 'downloadCreditNote',
      summary: "A cancelled order's credit note (PDF)",
      description:
        "The order's owner, or an admin. An attachment named after the credit note's number (`CN-2026-000123.pdf`): the invoice it credits, buyer, the order's line and the amount refunded, as issued when an admin cancelled the paid order (numbered per year, with no gap, apart from invoices). Someone else's order, an unknown or a malformed id answer 404, as an order that was not cancelled (no credit note) does, in its own words.",
      fileDescription: 'The credit note, a PDF file.',
    },
    (caller, id) => invoices.creditNotePdfOfOrder(caller, id),
  );

  pdfRoute(
    apiPaths.creditNoteById.pattern,
    'GET /api/creditNotes/:id',
    {
      operationId: 'downloadCreditNoteById',
      summary: 'One credit note (PDF), by its id',
      description:
        "Its order's owner, or an admin (issue 42). A line refunded in parts, then cancelled, has a credit note for each refund; this draws the one asked for, as issued (the id is in the answers of the refund and cancel calls, and in the order's timeline). An attachment named after its number. Someone else's, an unknown or a malformed id answer 404.",
      fileDescription: 'The credit note, a PDF file.',
    },
    (caller, id) => invoices.creditNotePdfById(caller, id),
  );
};
