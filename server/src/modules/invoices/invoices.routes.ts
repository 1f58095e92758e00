import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiPaths, ErrorBodySchema, IdParamsSchema } from '@tools-factory/contract';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import type { InvoicesService } from './invoices.service.ts';

/** A paid order's invoice, as a PDF drawn on demand from the invoice issued with its payment. */
export async function invoicesRoutes(
  app: FastifyInstance,
  options: { invoices: InvoicesService; guards: AuthGuards },
): Promise<void> {
  const { invoices, guards } = options;

  // Untyped (`app`, not `api`): the answer is a PDF, which the zod type provider cannot type.
  app.get(
    apiPaths.invoice.pattern,
    {
      preHandler: guards.requireUser,
      schema: {
        operationId: 'downloadInvoice',
        summary: "A paid order's invoice (PDF)",
        description:
          "The order's owner, or an admin. An attachment named after the invoice's number (`INV-2026-000123.pdf`): seller, buyer, the order's line, total, payment date and transaction id, as issued when the order was paid (numbered per year of payment, with no gap). Someone else's order, an unknown or a malformed id answer 404, as an unpaid order (no invoice yet) does, in its own words.",
        tags: ['orders'],
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: {
          200: {
            description: 'The invoice, a PDF file.',
            content: { 'application/pdf': { schema: z.string() } },
          },
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof IdParamsSchema>;
      const { fileName, pdf } = await invoices.pdfOfOrder(callerOf(request), id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
