import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, CompanyInvoicesSchema, IdParamsSchema } from '@tools-factory/contract';
import { callerOf, type AuthGuards } from '../identity/auth-guard.ts';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';
import type { CompanyInvoicesService } from './company-invoices.service.ts';

/**
 * The company's open invoices on its Company page (issue 45): the list, and each one's PDF, for
 * its members as Company Orders shows them (its admins every one, its buyers their own).
 */
export const companyInvoicesRoutes: FastifyPluginAsyncZod<{
  companyInvoices: CompanyInvoicesService;
  guards: AuthGuards;
}> = async (app, options) => {
  const { companyInvoices, guards } = options;
  // The PDF's route is untyped: the zod type provider cannot type a PDF answer.
  const untyped = app.withTypeProvider<FastifyTypeProviderDefault>();

  app.get(
    apiPaths.companyInvoices,
    {
      onRequest: guardOf(guards, 'GET /api/company/invoices'),
      schema: {
        operationId: 'listCompanyInvoices',
        summary: "Your company's open invoices",
        description:
          "The company's invoices on account not settled yet (issue 45), due date first: its admins see every one, its buyers those of their own checkouts. Each with its number, checkout, PO number, buyer, issue and due dates, the whole days it is past due (0 when not), and in dollars its total, what was received and credited, and what is open. An account of no company answers 404.",
        tags: ['companies'],
        response: { 200: CompanyInvoicesSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return companyInvoices.openInvoices(callerOf(request));
    },
  );

  untyped.get(
    apiPaths.companyInvoicePdf.pattern,
    {
      onRequest: guardOf(guards, 'GET /api/company/invoices/:id/invoice.pdf'),
      schema: {
        operationId: 'downloadCompanyInvoice',
        summary: "One of your company's open invoices (PDF)",
        description:
          "One of the invoices GET /company/invoices lists for the caller, as its checkout's invoice download draws it: an attachment named after its number (`INV-2026-000123.pdf`). Another company's invoice, another buyer's (asked by a buyer), a settled one, an unknown or a malformed id answer 404 in words, as does an account of no company.",
        tags: ['companies'],
        params: IdParamsSchema,
        response: {
          200: {
            description: 'The invoice, a PDF file.',
            content: { 'application/pdf': { schema: z.string() } },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof IdParamsSchema>;
      const { fileName, pdf } = await companyInvoices.pdfOfOpenInvoice(callerOf(request), id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
